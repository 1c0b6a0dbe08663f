"""A small reader of the AreaMap RON files that tools/dixmude/gen_map.py writes (one area per four lines), for
check_map.py and preview.py: it does not share code with the generator, so the checks are independent of it."""
import re


def parse_label(label):
    """`AB12` -> (column 11, row 27): row letters then the 1-based column, as the engine's HexBoard labels."""
    m = re.fullmatch(r"([A-Z]+)(\d+)", label)
    if not m or len(set(m.group(1))) != 1:
        raise ValueError(f"bad cell label {label}")
    letters = m.group(1)
    return int(m.group(2)) - 1, (ord(letters[0]) - ord("A")) + 26 * (len(letters) - 1)


def strings(s):
    return re.findall(r'"([^"]*)"', s)


def read_map(path):
    text = open(path, encoding="utf-8").read()
    body = "\n".join(line.split("//")[0] if not line.lstrip().startswith("//") else "" for line in text.splitlines())
    grid = re.search(r"grid: Some\(\(orientation: (\w+), shifted: (\w+), columns: (\d+), rows: (\d+)\)\)", body)
    areas = {}
    for m in re.finditer(r'\(id: (\d+), name: "([^"]*)", terrain: "([^"]*)", tags: \[([^\]]*)\],\s*adjacent: \[([^\]]*)\],\s*cells: \[([^\]]*)\]\)', body):
        i = int(m.group(1))
        if i in areas:
            raise ValueError(f"area {i} twice")
        areas[i] = {
            "id": i,
            "name": m.group(2),
            "terrain": m.group(3),
            "tags": strings(m.group(4)),
            "adjacent": [int(x) for x in re.findall(r"\d+", m.group(5))],
            "cells": [parse_label(c) for c in strings(m.group(6))],
        }
    borders = {}
    for m in re.finditer(r"\(between: \((\d+), (\d+)\), kinds: \[([^\]]*)\]\)", body):
        borders[(int(m.group(1)), int(m.group(2)))] = strings(m.group(3))
    na = re.search(r"not_adjacent: \[([^\]]*)\]", body)
    not_adjacent = [(int(a), int(b)) for a, b in re.findall(r"\((\d+), (\d+)\)", na.group(1))] if na else []
    ruleset = re.search(r'ruleset: "([^"]*)"', body)
    return {
        "ruleset": ruleset.group(1) if ruleset else None,
        "grid": (grid.group(1), grid.group(2), int(grid.group(3)), int(grid.group(4))) if grid else None,
        "areas": areas,
        "borders": borders,
        "not_adjacent": not_adjacent,
        "area_count_in_text": len(re.findall(r"\(id: \d+,", body)),
    }
