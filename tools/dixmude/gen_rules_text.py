#!/usr/bin/env python3
"""Writes assets/ui/dixmude-rules.ron, the rule texts the Dixmude window opens when a rule number is clicked, from
the rulebook's text (shared/rules/003_349eb46e7676f4e4.txt), split at its section numbers, word for word.

The rulebook numbers some sections twice or out of place; the keys follow the rules' code (src/rulesets/dixmude):
- "Use of RP", printed "5.2" under chapter 4, is "4.2" (and "5.2" holds both texts printed under that number);
- "Special case for the zone of Diksmuide", printed "8.3.5" under 7.3, is "7.3.5" (alias "8.3.5");
- "Out of Action Units", printed a second "9.2", is "9.3".
Chapters ("1" .. "12") hold their whole text. Unnumbered 7.3.x paragraphs keep their numbers.

Run: python3 tools/dixmude/gen_rules_text.py ../shared/rules/003_349eb46e7676f4e4.txt > assets/ui/dixmude-rules.ron
"""
import re
import sys

HEAD = re.compile(r"^(\d+(?:\.\d+)*)(?: - (.*))?$")


def chapter_title(title):
    """A chapter's English name: "SEQUENCE DE JEU (SEQUENCE OF PLAY)" -> "Sequence of play"."""
    m = re.search(r"\(([A-Z][A-Z ]+)\)", title)
    if m:
        return m.group(1).capitalize()
    if title == "GENERALITES":
        return "General (Généralités)"
    return title.capitalize() if title.isupper() else title


def ron_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("1 - GENERALITES"))
    sections = []  # (printed number, title, [lines])
    for line in lines[start:]:
        m = HEAD.match(line.strip())
        if m and (m.group(2) or "." in m.group(1)):
            sections.append([m.group(1), m.group(2) or "", []])
        elif sections:
            sections[-1][2].append(line)
    # The keys the rules cite, by position.
    seen = {}
    keyed = []
    for num, title, body in sections:
        key = num
        chapter = keyed[-1][0].split(".")[0] if keyed else "1"
        if num == "5.2" and chapter == "4":
            key = "4.2"
        elif num == "8.3.5" and chapter == "7":
            key = "7.3.5"
        elif num == "9.2" and "9.2" in seen:
            key = "9.3"
        seen[key] = True
        body = [l for l in body if not re.fullmatch(r'\(Numbered ".*" in the source.*\)', l.strip())]
        keyed.append((key, title or f"Section {num}", "\n".join(body).strip(), num))
    rules = {}
    for key, title, text, num in keyed:
        if num != key:
            text = f"(Printed \"{num}\" in the rulebook.)\n{text}"
        rules[key] = (chapter_title(title), text)
    # Chapters hold their whole chapter.
    for key, title, text, num in keyed:
        if "." not in key:
            parts = [text] if text else []
            for k2, t2, x2, n2 in keyed:
                if k2.split(".")[0] == key and "." in k2:
                    parts.append(f"{k2} - {t2}\n{x2}".strip())
            rules[key] = (rules[key][0], "\n".join(parts))
    # "5.2" holds both texts printed under that number.
    if "4.2" in rules and "5.2" in rules:
        rules["5.2"] = (rules["5.2"][0], rules["5.2"][1] + "\n\n(Also printed \"5.2\", under chapter 4: Use of RP.)\n" + rules["4.2"][1])
    out = ["// The rule texts the Tempete sur Dixmude window shows when a rule number is clicked (in the log, the decision",
           "// line, a refusal, a dialog): keyed by the rule ids src/rulesets/dixmude cites, one entry per numbered section of",
           "// the rulebook, chapters holding their whole text. Generated word for word from the rulebook",
           "// (shared/rules/003_349eb46e7676f4e4.txt) by tools/dixmude/gen_rules_text.py, which says how the sections the",
           "// rulebook numbers twice are keyed; the rulebook is the specification, so correct this file only from it.",
           "RuleTexts(", '    ruleset: "dixmude",', "    rules: {"]
    order = lambda k: [int(x) for x in k.split(".")]
    for key in sorted(rules, key=order):
        title, text = rules[key]
        out.append(f"        {ron_string(key)}: (title: {ron_string(title)}, text: {ron_string(text)}),")
    out.append("    },")
    out.append('    aliases: { "8.3.5": "7.3.5", "SoP": "2" },')
    out.append(")")
    print("\n".join(out))


if __name__ == "__main__":
    main()
