#!/usr/bin/env python3
"""Draws a preview PNG of the reconstructed Dixmude zone map from the RON file (pure Python, no libraries): each
zone's cells tinted by terrain and bank, zone borders in ink, the Yser in blue along every border between the banks,
the bridges 5-11, the Handzamevaart and the railway (decoration: no effect in the rules, 1.1.1), and each zone's
number with its bonus. For looking at the reconstruction; the game draws the map itself.

Run: python3 tools/dixmude/preview.py scenarios/dixmude/maps/diksmuide.ron /tmp/diksmuide.png
"""
import math
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ronmap import read_map  # noqa: E402
import gen_map as G  # noqa: E402  (the polylines of the decoration and the grid's geometry)

PX = 200  # pixels per km

FONT = {  # 5x7 glyphs, rows top to bottom
    "0": ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
    "1": ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
    "2": ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
    "3": ["11111", "00010", "00100", "00010", "00001", "10001", "01110"],
    "4": ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
    "5": ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
    "6": ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
    "7": ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
    "8": ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
    "9": ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
    "+": ["00000", "00100", "00100", "11111", "00100", "00100", "00000"],
    "H": ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
    "Q": ["01110", "10001", "10001", "10001", "10101", "10010", "01101"],
    "E": ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
}

TINT = {"town": (196, 160, 140), "wood": (170, 190, 150), "village": (214, 190, 160), "polder": (206, 214, 190),
        "open": (228, 220, 190), "hq": (200, 200, 200)}


def png(path, w, h, pix):
    raw = b"".join(b"\x00" + bytes(pix[y * w * 3:(y + 1) * w * 3]) for y in range(h))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def main():
    src, dst = sys.argv[1], sys.argv[2]
    m = read_map(src)
    owner = {}
    for z in m["areas"].values():
        for cr in z["cells"]:
            owner[cr] = z["id"]
    h = G.CELL * math.sqrt(3) / 2
    xmin, xmax, ymin, ymax = G.X0 - 0.1, G.HQ_BOX[1] + 0.15, G.Y0 - 0.1, G.Y1 + 0.1
    W, H = int((xmax - xmin) * PX), int((ymax - ymin) * PX)
    to_km = lambda px, py: (xmin + px / PX, ymax - py / PX)
    to_px = lambda x, y: ((x - xmin) * PX, (ymax - y) * PX)

    def cell_at(x, y):
        best = None
        r0 = int((G.Y1 - y) / h - 0.5)
        for r in (r0 - 1, r0, r0 + 1, r0 + 2):
            if r < 0:
                continue
            c0 = int(round((x - G.X0) / G.CELL - 0.5 * (r & 1) - 0.5))
            for c in (c0 - 1, c0, c0 + 1):
                cx, cy = G.cell_centre(c, r)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0]:
                    best = (d, (c, r))
        return owner.get(best[1]) if best and best[0] <= (G.CELL * 0.6) ** 2 else None

    zone = [cell_at(*to_km(px + 0.5, py + 0.5)) for py in range(H) for px in range(W)]
    bank = {a["id"]: ("left" if "bank:left" in a["tags"] else "right" if "bank:right" in a["tags"] else "hq")
            for a in m["areas"].values()}
    pix = bytearray(W * H * 3)
    for i, z in enumerate(zone):
        if z is None:
            c = (236, 232, 222)
        else:
            c = TINT.get(m["areas"][z]["terrain"], (220, 220, 220))
            if bank[z] == "left":
                c = (c[0] - 12, c[1], c[2] + 6)
        pix[3 * i:3 * i + 3] = bytes(c)

    def dot(px, py, col, r=1):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                x, y = int(px) + dx, int(py) + dy
                if 0 <= x < W and 0 <= y < H:
                    pix[3 * (y * W + x):3 * (y * W + x) + 3] = bytes(col)

    # Borders: ink between zones and at the map's edge, blue where the banks meet (the Yser).
    for py in range(H - 1):
        for px in range(W - 1):
            a = zone[py * W + px]
            for b in (zone[py * W + px + 1], zone[(py + 1) * W + px]):
                if a != b:
                    if a is not None and b is not None and {bank[a], bank[b]} == {"left", "right"}:
                        dot(px, py, (60, 110, 200), 4)
                    else:
                        dot(px, py, (50, 40, 30), 1)

    def line(pts, col, r, dash=0):
        for (xa, ya), (xb, yb) in zip(pts, pts[1:]):
            (pa, qa), (pb, qb) = to_px(xa, ya), to_px(xb, yb)
            n = int(max(abs(pb - pa), abs(qb - qa))) + 1
            for k in range(n):
                if dash and (k // dash) % 2:
                    continue
                dot(pa + (pb - pa) * k / n, qa + (qb - qa) * k / n, col, r)

    line(G.HANDZAMEVAART, (90, 140, 210), 1)
    line(G.RAILWAY, (20, 20, 20), 1, dash=6)
    # The bridges: a pale deck across the Yser between 5 and 11.
    for y in (-0.05, 0.12):
        x = G.yser_x(y)
        line([(x - 0.09, y), (x + 0.09, y)], (240, 230, 200), 3)

    def text(s, cx, cy, scale, col):
        w = len(s) * 6 * scale
        x0, y0 = int(cx - w / 2), int(cy - 3.5 * scale)
        for k, ch in enumerate(s):
            for gy, row in enumerate(FONT[ch]):
                for gx, bit in enumerate(row):
                    if bit == "1":
                        for sy in range(scale):
                            for sx in range(scale):
                                dot(x0 + (k * 6 + gx) * scale + sx, y0 + gy * scale + sy, col, 0)

    for a in m["areas"].values():
        cells = [G.cell_centre(*cr) for cr in a["cells"]]
        mx, my = sum(p[0] for p in cells) / len(cells), sum(p[1] for p in cells) / len(cells)
        px, py = to_px(*min(cells, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2))
        bonus = [t.split(":")[1] for t in a["tags"] if t.startswith("bonus:")]
        label = "HQ" if a["id"] == 40 else str(a["id"])
        text(label, px, py, 3, (20, 15, 10))
        if bonus:
            text("+" + bonus[0], px, py + 26, 2, (170, 20, 10))
        if "entry:german" in a["tags"]:
            text("E", px + 30, py - 18, 2, (80, 90, 90))
    png(dst, W, H, pix)
    print(f"wrote {dst} ({W}x{H})")


if __name__ == "__main__":
    main()
