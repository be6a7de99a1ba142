#!/usr/bin/env python3
"""Writes fuzz/corpus-seed/<target>/: a few dozen small inputs per target.

Taken from the vector files (tests/vectors/*.json) and a few lines of the
benchmark data (crates/urikit-bench/data/*.txt). Run from anywhere:

    python3 fuzz/gen_corpus_seed.py

It replaces the seed folders; file names are the SHA-1 of the content, as
libFuzzer names corpus files, so a seed and a fuzzer-found copy of it merge.
Deterministic: the same vectors give the same files.
"""

import hashlib
import json
import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
VECTORS = ROOT / "tests" / "vectors"
DATA = ROOT / "crates" / "urikit-bench" / "data"
OUT = ROOT / "fuzz" / "corpus-seed"

# Seeds per target at most, and bytes per seed at most.
PER_TARGET = 48
MAX_LEN = 256


def vectors(name):
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))


def spread(items, n):
    """At most n items, evenly spaced, in order, without duplicates."""
    items = list(dict.fromkeys(i for i in items if len(i.encode("utf-8")) <= MAX_LEN))
    if len(items) <= n:
        return items
    step = len(items) / n
    return [items[int(k * step)] for k in range(n)]


def data_lines(name, n):
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return spread([line for line in lines if line], n)


def bench_lines():
    return (
        data_lines("web-1in4.txt", 4)
        + data_lines("iri-1in2.txt", 3)
        + data_lines("encoded-1in4.txt", 3)
    )


def parse_inputs():
    own = vectors("parse-own.json")
    # Every vector with parse options (zone identifiers, valid or not), then
    # a spread of the others.
    zones = [v["input"] for v in own if "options" in v]
    others = [v["input"] for v in own if "options" not in v]
    rfc = [v["input"] for v in vectors("parse.json")]
    n = PER_TARGET - 12 - len(zones) - 10
    return spread(rfc, 12) + zones + spread(others, n) + bench_lines()


def percent_inputs():
    out = []
    for v in vectors("percent.json"):
        out += [v["decoded"], v["encoded"]]
    out = spread(out, 24)
    out += spread([v["query"] for v in vectors("query-pairs.json")], 14)
    out += ["%4%41", "%%41", "a+b%2Bc", "%FF%00", "%e2%82%ac"]
    return out + data_lines("encoded-1in4.txt", 3) + data_lines("iri-1in2.txt", 2)


def normalize_inputs():
    out = [v["input"] for v in vectors("normalize.json")]
    own = vectors("resolve-own.json")
    out += [v["input"] for v in own if v["op"] == "normalize"]
    pairs = [v["a"] + "\0" + v["b"] for v in vectors("equivalence.json")]
    pairs += [v["a"] + "\0" + v["b"] for v in own if v["op"] == "equivalent"]
    zones = ["HTTP://[FE80::1%25En%300]/a/./b", "//[::%250]", "x://[::1%25a]/%7e"]
    return spread(out, 21) + zones + spread(pairs, 14) + bench_lines()


def resolve_inputs():
    out = [v["base"] + "\0" + v["ref"] for v in vectors("resolve.json")]
    own = vectors("resolve-own.json")
    out += [v["base"] + "\0" + v["ref"] for v in own if v["op"] == "resolve"]
    out = spread(out, PER_TARGET - 8) + ZONE_PAIRS
    # No NUL: the RFC 3986 §5.4 base and the whole input as the reference.
    return out + ["../g?y#s", ".//g", "g:h", "//g", "?y", "#s"]


def relativize_inputs():
    own = vectors("resolve-own.json")
    out = [v["base"] + "\0" + v["target"] for v in own if v["op"] == "relativize"]
    out = spread(out, 30) + ZONE_PAIRS
    return out + spread([v["base"] + "\0" + v["ref"] for v in vectors("resolve.json")], 16)


# Base and reference with IPv6 zone identifiers (RFC 6874), which the
# targets also parse with `allow_zone_id(true)`.
ZONE_PAIRS = ["http://[fe80::1%25en0]/a/b\0../g", "http://a/b\0//[fe80::1%25en0]/x"]

TARGETS = {
    "parse_roundtrip": parse_inputs,
    "components_reassemble": parse_inputs,
    "percent_roundtrip": percent_inputs,
    "normalize_idempotent": normalize_inputs,
    "resolve_parses": resolve_inputs,
    "relativize_inverts": relativize_inputs,
}


def main():
    total = 0
    for target, inputs in TARGETS.items():
        folder = OUT / target
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        seeds = list(dict.fromkeys(s.encode("utf-8") for s in inputs()))
        for seed in seeds:
            (folder / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
            total += len(seed)
        print(f"{target}: {len(seeds)} seeds")
    print(f"total: {total} bytes")


if __name__ == "__main__":
    main()
