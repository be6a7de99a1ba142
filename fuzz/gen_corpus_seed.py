#!/usr/bin/env python3
"""Writes fuzz/corpus-seed/<target>/: a few dozen small inputs per target.

Taken from the vector files (tests/vectors/*.json, and for the scheme
targets crates/uri-schemes/tests/vectors/*.json), a few lines of the
benchmark data (crates/urikit-bench/data/*.txt) and, for the IRI targets,
the hostile IRIs of `IRIS` below. Run from anywhere:

    python3 fuzz/gen_corpus_seed.py

It replaces the seed folders; file names are the SHA-1 of the content, as
libFuzzer names corpus files, so a seed and a fuzzer-found copy of it merge.
Deterministic: the same vectors give the same files.
"""

import hashlib
import json
import pathlib
import random
import shutil
import sys

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

# IRIs that have been used to mislead people or parsers, or that take a
# path of their own through `urikit::iri`: homographs, bidi text and bidi
# formatting characters (these parse only with the option that allows
# them), look-alike delimiters, invisible characters, triplets that are not
# UTF-8, hosts that UTS #46 refuses, NFC, a password, a zone identifier.
IRIS = [
    "http://аррӏе.com/",
    "http://аррӏе.рф/",
    "http://раураl.com/",
    "http://lınkedin.com/",
    "http://xn--80ak6aa92e.com/",
    "http://user:secret@xn--bcher-kva.example/D%C3%BCrst?q=%E2%80%AE",
    "http://a/\u202etxt.exe",
    "http://a/x?\u200f#\u2067",
    "http://a/%e2%80%ae%41",
    "http://ex／ample.com/",
    "http://evil.com＠good.com/a？b",
    "http://evil.com。good.com/",
    "http://wikipedia.org∕login.example/b։c",
    "http://a\u200bb.com/x\u00ady",
    "http://a\u200db.com/\u2060\ufeff",
    "http://r%E9sum%E9.example/r%E9sum%E9",
    "http://r%C3%A9sum%C3%A9.example.org/%C0%AF",
    "http://a%2Fb.example/%2e%2E/",
    "http://[fe80::1%25en0]/é",
    "http://%31.2.3.4/",
    "http://אב.גד/אב?שלום=1#1אב",
    "http://a/שלוםabc",
    "http://example.org/re\u0301sume\u0301?a=\u0338b",
    "//\u212a.example/a\u037eb/\u1fef",
    "http://-ä.de/",
    "http://ä..b/",
    "http://xn--a.ä/",
    "http://xn--99zt52a.example.org/%e2%80%ae",
    "/?\ue000#\U0001d173",
]


def percent_encode_non_ascii(text):
    """RFC 3987 §3.1: every non-ASCII character as its UTF-8 triplets."""
    return "".join(
        c if ord(c) < 0x80 else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in text
    )


def iri_inputs():
    iris = [v["input"] for v in vectors("iri.json")]
    return IRIS + spread(iris, 10) + data_lines("iri-1in2.txt", 4) + spread(parse_inputs(), 5)


def uri_inputs():
    uris = [percent_encode_non_ascii(i) for i in IRIS]
    uris += ["http://XN--BCHER-KVA.example/%c3%a9%41%2f", "%2E%2E/a", "a:/%2e/%2e%2e//b"]
    return uris + spread([percent_encode_non_ascii(i) for i in iri_inputs()[len(IRIS):]], 16)


SCHEME_VECTORS = ROOT / "crates" / "uri-schemes" / "tests" / "vectors"

# The names of `Registry::standard()`, sorted, as `scheme_check` numbers
# them: its first byte k picks name k (lower case) or k - 18 (upper case)
# for k < 36; any other first byte leaves the rest of the input as it is.
# `tests/conformance/fuzz_regressions.rs` checks this list against the
# registry.
SCHEMES = [
    "data", "file", "ftp", "geo", "http", "https", "ldap", "mailto",
    "news", "nntp", "pkg", "sip", "sips", "tel", "telnet", "urn", "ws", "wss",
]
RAW = 0xFF


def scheme_vectors(name):
    return json.loads((SCHEME_VECTORS / name).read_text(encoding="utf-8"))


def scheme_seed(uri, k):
    """`uri` as a `scheme_check` input: its scheme by number (lower case
    for even k, upper case for odd k) when the registry knows it, else the
    raw form; every third one raw anyway."""
    scheme, colon, rest = uri.partition(":")
    if colon and scheme.lower() in SCHEMES and k % 3 != 2:
        n = SCHEMES.index(scheme.lower()) + (len(SCHEMES) if k % 2 else 0)
        return bytes([n]) + rest.encode("utf-8")
    return bytes([RAW]) + uri.encode("utf-8")


def scheme_check_inputs():
    uris = []
    for name, n in [("mailto.json", 4), ("urn.json", 4), ("tel.json", 4), ("data.json", 3),
                    ("file.json", 3), ("ldap.json", 3), ("news.json", 2), ("ftp.json", 2),
                    ("telnet.json", 1)]:
        uris += spread([v["input"] for v in scheme_vectors(name) if "input" in v], n)
    uris += [v["input"] for v in vectors("hostile-schemes.json") if "input" in v][:6]
    uris += data_lines("web-1in4.txt", 1)
    uris += ["ws://[::1]:9000/chat#x", "HTTPS://Example.COM:443", "x-custom:a/./b/../c"]
    seeds = [scheme_seed(u, k) for k, u in enumerate(uris)]
    # Pairs, `a NUL b`, for equivalence: the scheme vectors' own pairs.
    pairs = []
    for name in ["urn.json", "tel.json", "mailto.json", "data.json", "ftp.json", "ldap.json"]:
        pairs += spread([v["a"] + "\0" + v["b"] for v in scheme_vectors(name) if "a" in v], 2)
    return seeds + [bytes([RAW]) + p.encode("utf-8") for p in pairs]


def one_scheme_seed(uri, names):
    """`uri` as an input of a scheme's own target (`pkg_check`,
    `sip_check`, `geo_check`): the first byte picks the name (its index in
    `names`, plus 128 for upper case), the rest follows the `:`."""
    scheme, _, rest = uri.partition(":")
    k = names.index(scheme.lower()) + (128 if scheme.isupper() else 0)
    return bytes([k]) + rest.encode("utf-8")


def one_scheme_inputs(uris, pairs, names):
    """Seeds of a scheme's own target: `uris` of one of its `names`, and
    `pairs` (a, b) of two such URIs of one name, as `a NUL b` (the second
    without its scheme, which the first byte gives both)."""
    ours = lambda u: u.partition(":")[0].lower() in names
    seeds = [one_scheme_seed(u, names) for u in spread([u for u in uris if ours(u)], 36)]
    same = [a + "\0" + b.partition(":")[2] for a, b in pairs
            if ours(a) and a.partition(":")[0].lower() == b.partition(":")[0].lower()]
    return seeds + [one_scheme_seed(p, names) for p in spread(same, 12)]


def vector_file_inputs(name, names):
    records = scheme_vectors(name)
    return one_scheme_inputs([v["input"] for v in records if "input" in v],
                             [(v["a"], v["b"]) for v in records if "a" in v], names)


def pkg_inputs():
    # The purl-spec suite's parse and validate inputs, and its build
    # cases' expected canonical forms.
    purl = SCHEME_VECTORS / "purl"
    uris = []
    for path in [purl / "spec" / "specification-test.json"] + sorted((purl / "types").glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["tests"]:
            for text in [case.get("input"), case.get("expected_output")]:
                if isinstance(text, str) and text.lower().startswith("pkg:"):
                    uris.append(text)
    pairs = [("pkg:npm/%40angular/animation@12.3.1", "pkg:NPM/@angular/animation@12.3.1"),
             ("pkg:maven/a/b@1?b=2&a=1", "pkg:maven/a/b@1?a=1&b=2")]
    return one_scheme_inputs(uris, pairs, ["pkg"])


def sip_inputs():
    return vector_file_inputs("sip.json", ["sip", "sips"])


def geo_inputs():
    return vector_file_inputs("geo.json", ["geo"])


def file_paths_inputs():
    records = scheme_vectors("file.json")
    uris = spread([v["input"] for v in records if v["op"] == "to_path"], 20)
    paths = spread([v["path"] for v in records if v["op"] in ("from_path", "path")], 20)
    hostile = [v["input"] for v in vectors("hostile-schemes.json")
               if v.get("input", "").startswith("file:")]
    return uris + paths + hostile[:8]


def serde_inputs():
    return spread(parse_inputs(), 24) + spread(iri_inputs(), 24)


def interop_inputs():
    # Request targets in each form (RFC 9110 §7.1), and inputs that `http`
    # or `url` would rewrite.
    targets = ["*", "/p?q", "example.com:443", "HTTP://a", "http://a", "//a/b",
               "https://u@h:0/%7e?q#f", "http://[::1]:8080/", "file:///C:/x", "a:b"]
    return targets + spread(parse_inputs(), 20) + data_lines("web-1in4.txt", 8)


def equivalent_inputs():
    pairs = ["http://a/%7Euser\0HTTP://A:80/~user", "urn:ex:a-\0urn:ex:a%2D",
             "a/b/../c\0a/c", "x-custom:a/./b\0X-CUSTOM:a/b"]
    return ([bytes([RAW]) + p.encode("utf-8") for p in pairs]
            + [s for s in scheme_check_inputs() if len(s) <= MAX_LEN][:40])


def cli_edit_inputs():
    # A reference, then NUL-separated options, each a digit saying which
    # (0 set, 1 remove, 2 append, 3 iterate, 4 trim-query, 5 sort-query,
    # 6 get, 7 allow-zone-id) and its argument.
    references = ["http://user:pw@example.com:8080/a/b?x=1&y=2#frag",
                  "https://h/", "mailto:a@b", "a/b?c", "//h", "", "urn:ex:x",
                  "http://[fe80::1%25eth0]/", "file:///C:/x"]
    edits = ["0host=b\u00fccher.example", "0path=/a b/%", "0path:=/a%20b",
             "0user=a:b", "0password=p@ss", "0userinfo=u:v", "0port=443",
             "0scheme=ftp", "0query=q=1&r", "0fragment=#x", "0host=[::1]",
             "1userinfo", "1port", "1query", "1path", "1scheme", "1host",
             "2path=c d", "2query=k=v w", "3port=1 2 3", "3scheme=a b",
             "4utm_*", "5", "6{scheme}|{host}|{:path}|{query:x}|{default:port}",
             "6{url} \\{nope", "7"]
    seeds = []
    for i, reference in enumerate(references):
        picks = [edits[(i * 3 + k) % len(edits)] for k in range(3)]
        seeds.append(reference + "".join("\0" + e for e in picks))
    seeds += [references[0] + "\0" + e for e in edits]
    return seeds


def grammar_inputs():
    # The target reads its bytes as choices, so any bytes make a reference:
    # 40 buffers of a fixed pseudo-random stream, 64 to 512 bytes each.
    rng = random.Random(3986)
    return [bytes(rng.randrange(256) for _ in range(rng.randrange(64, 513)))
            for _ in range(40)]


def lint_inputs():
    # Inputs of the lint corpus (tests/vectors/lint.json): half with
    # divergences, half without; a base before a NUL where the record has one.
    records = json.loads((ROOT / "tests" / "vectors" / "lint.json").read_text(encoding="utf-8"))
    divergent = [r for r in records if r["divergences"]][:30:2]
    agreeing = [r for r in records if not r["divergences"]][:20:2]
    return [(r["base"] + "\0" if "base" in r else "") + r["input"] for r in divergent + agreeing]


def template_inputs():
    # Each case of the uritemplate-test suite: the template, then (after a
    # NUL) the group's values, NUL-separated, as the target reads them.
    seeds = []
    for name in ["spec-examples.json", "extended-tests.json"]:
        groups = json.loads((VECTORS / "uritemplate" / name).read_text(encoding="utf-8"))
        for group in groups.values():
            values = []
            for v in group["variables"].values():
                if isinstance(v, list):
                    values.append("[" + ",".join(map(str, v)) + "]")
                elif isinstance(v, dict):
                    values.append("{" + ",".join(f"{a}={b}" for a, b in v.items()) + "}")
                else:
                    values.append(str(v))
            for case in group["testcases"]:
                seeds.append(case[0] + "\0" + "\0".join(values[:6]))
    return seeds[:PER_TARGET]


def writer_inputs():
    # Pieces split at NUL: the seven parts of a builder, each pushed alone
    # where the parser judges it too, and as calls on a writer (a selector
    # character modulo 11, then the call's text: 0 scheme, 1
    # start_authority, 2 end_userinfo, 3 end_host, 4 port, 5 truncate, 6
    # start_query, 7 start_fragment, 8 authority, 9 push, else push_str).
    parts = ["http\0u@h\0[::1]\0080\0/a b\0q#\0f",
             "s\0\0h\0\0a:b\0\0",
             "1a\0u:p\0[v7.x]\08a\0//a\0q\0f#g"]
    calls = ["\0\x00http\0\x01\0:user@\0\x02\0:h.example\0\x03\0\x0480\0:/p?q"
             "\0\x06\0:x=1#\0\x07\0:%4\0:%41\0\x05",
             "\0\x08http://u@[::1]:8/\0:/\u00e9\0\x09%\0\x09/\0:\u202e",
             "\0\x01\0:[fe80::1%25en0]\0\x03\0:a\0:/b\0\x05ab\0:%2F",
             "\0:a:b/c\0\x06\0:?\0\x07\0:#"]
    return parts + calls + spread(parse_inputs(), 12)


def public_suffix_inputs():
    # The hosts of the registrable-domain vectors, and a few with ports,
    # userinfo and brackets that `http://<input>/` reads otherwise.
    hosts = [v["host"] for v in vectors("public-suffix.json")]
    return spread(hosts, 40) + ["a.b.example.co.uk", "x@example.com", "[::1]", "a.com:80",
                                "%E4%BE%8B.jp", "EXAMPLE.COM."]


TARGETS = {
    "parse_roundtrip": parse_inputs,
    "components_reassemble": parse_inputs,
    "percent_roundtrip": percent_inputs,
    "normalize_idempotent": normalize_inputs,
    "resolve_parses": resolve_inputs,
    "relativize_inverts": relativize_inputs,
    "iri_parse": iri_inputs,
    "iri_to_uri": iri_inputs,
    "uri_to_iri": uri_inputs,
    "iri_display": iri_inputs,
    "scheme_check": scheme_check_inputs,
    "pkg_check": pkg_inputs,
    "sip_check": sip_inputs,
    "geo_check": geo_inputs,
    "file_paths": file_paths_inputs,
    "serde_roundtrip": serde_inputs,
    "interop_roundtrip": interop_inputs,
    "equivalent_normalization": equivalent_inputs,
    "cli_edit": cli_edit_inputs,
    "grammar_uri": grammar_inputs,
    "lint_check": lint_inputs,
    "template_expand_match": template_inputs,
    "writer_checked": writer_inputs,
    "public_suffix": public_suffix_inputs,
}


def main():
    total = 0
    only = sys.argv[1:]
    for target, inputs in TARGETS.items():
        if only and target not in only:
            continue
        folder = OUT / target
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        seeds = list(dict.fromkeys(s if isinstance(s, bytes) else s.encode("utf-8")
                                   for s in inputs()))
        for seed in seeds:
            (folder / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
            total += len(seed)
        print(f"{target}: {len(seeds)} seeds")
    print(f"total: {total} bytes")


if __name__ == "__main__":
    main()
