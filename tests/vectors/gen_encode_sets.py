#!/usr/bin/env python3
"""Generates encode-sets.json: every byte value through every encode set.

THE JSON FILE IS THE REFERENCE. This script was run once to write it and is
kept so the data can be regenerated (or reviewed); the Rust test
(tests/conformance/encode_sets.rs) reads only the JSON. Edit the JSON by hand if a
single expectation must change, and note why in that record's `note`.

Each set's kept bytes come from the ABNF of RFC 3986 (Appendix A) and, for
FORM, from the WHATWG URL standard (application/x-www-form-urlencoded), not
from the Rust code. A byte the set keeps is written as itself; FORM writes a
space as "+"; every other byte is a "%XX" triplet with upper-case hex digits
(RFC 3986 §2.1). "%" is never kept: pct-encoded is a three-byte unit of the
grammar, so a literal "%" is always data to encode.

Run from anywhere:  python3 tests/vectors/gen_encode_sets.py
"""

import json
import os
import string

# RFC 3986 §2 and Appendix A; RFC 5234 Appendix B.1 for ALPHA and DIGIT.
ALPHA = set(string.ascii_letters)
DIGIT = set(string.digits)
UNRESERVED = ALPHA | DIGIT | set("-._~")  # §2.3
SUB_DELIMS = set("!$&'()*+,;=")  # §2.2
PCHAR = UNRESERVED | SUB_DELIMS | set(":@")  # §3.3 (pct-encoded aside)

# (rust name, kept characters, space as "+", source, grammar)
SETS = [
    (
        "USERINFO",
        UNRESERVED | SUB_DELIMS | set(":"),
        False,
        "RFC 3986 §3.2.1",
        'userinfo = *( unreserved / pct-encoded / sub-delims / ":" )',
    ),
    (
        "USERNAME",
        UNRESERVED | SUB_DELIMS,
        False,
        "RFC 3986 §3.2.1",
        'userinfo without ":", which separates user and password ("user:password", deprecated)',
    ),
    (
        "HOST",
        UNRESERVED | SUB_DELIMS,
        False,
        "RFC 3986 §3.2.2",
        "reg-name = *( unreserved / pct-encoded / sub-delims )",
    ),
    (
        "PATH",
        PCHAR | set("/"),
        False,
        "RFC 3986 §3.3",
        'path-abempty = *( "/" segment ); segment = *pchar; '
        'pchar = unreserved / pct-encoded / sub-delims / ":" / "@"',
    ),
    (
        "PATH_SEGMENT",
        PCHAR,
        False,
        "RFC 3986 §3.3",
        "segment = *pchar",
    ),
    (
        "PATH_SEGMENT_NC",
        PCHAR - set(":"),
        False,
        "RFC 3986 §3.3, §4.2",
        'segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )',
    ),
    (
        "QUERY",
        PCHAR | set("/?"),
        False,
        "RFC 3986 §3.4",
        'query = *( pchar / "/" / "?" )',
    ),
    (
        "QUERY_COMPONENT",
        (PCHAR | set("/?")) - set("&;=+#"),
        False,
        "RFC 3986 §3.4; HTML form and CGI conventions for & ; = +",
        'query without the pair delimiters "&" ";" "=", the form space "+", and "#"',
    ),
    (
        "FRAGMENT",
        PCHAR | set("/?"),
        False,
        "RFC 3986 §3.5",
        'fragment = *( pchar / "/" / "?" )',
    ),
    (
        "UNRESERVED",
        UNRESERVED,
        False,
        "RFC 3986 §2.3",
        'unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"',
    ),
    (
        "FORM",
        ALPHA | DIGIT | set("*-._"),
        True,
        "WHATWG URL, application/x-www-form-urlencoded serializer",
        'ASCII alphanumeric and "*" "-" "." "_" kept, 0x20 written as "+", '
        "everything else percent-encoded",
    ),
]


def encoding(byte, kept, plus):
    """The expected encoding of one byte."""
    c = chr(byte)
    if byte < 0x80 and c in kept:
        return c
    if plus and byte == 0x20:
        return "+"
    return "%{:02X}".format(byte)


def dump(records):
    """JSON with each 256-entry list written sixteen to a line."""
    out = ["["]
    for n, r in enumerate(records):
        out.append("  {")
        for key in ("name", "set", "source", "grammar", "space_as_plus", "kept"):
            out.append("    {}: {},".format(json.dumps(key), json.dumps(r[key], ensure_ascii=False)))
        out.append('    "encoded": [')
        rows = [r["encoded"][i : i + 16] for i in range(0, 256, 16)]
        for i, row in enumerate(rows):
            cells = ", ".join(json.dumps(x) for x in row)
            comma = "," if i + 1 < len(rows) else ""
            out.append("      {}{}".format(cells, comma))
        out.append("    ]")
        out.append("  }" + ("," if n + 1 < len(records) else ""))
    out.append("]")
    return "\n".join(out) + "\n"


def main():
    records = []
    for n, (name, kept, plus, source, grammar) in enumerate(SETS):
        assert "%" not in kept and all(ord(c) < 0x80 for c in kept)
        records.append(
            {
                "name": "set-{}".format((n + 1) * 100),
                "set": name,
                "source": source,
                "grammar": grammar,
                "space_as_plus": plus,
                "kept": "".join(sorted(kept)),
                "encoded": [encoding(b, kept, plus) for b in range(256)],
            }
        )
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "encode-sets.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(dump(records))
    json.load(open(path, encoding="utf-8"))  # it parses
    print("wrote {} ({} sets)".format(path, len(records)))


if __name__ == "__main__":
    main()
