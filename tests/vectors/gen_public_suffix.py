#!/usr/bin/env python3
"""Writes public-suffix.json beside this file: the Public Suffix List's own
test cases (tests/tests.txt, checkPublicSuffix; CC0) and urikit's host traps.
Run from anywhere: python3 tests/vectors/gen_public_suffix.py"""
import json
facts = """null null
COM null
example.COM example.com
WwW.example.COM example.com
.com null
.example null
.example.com null
.example.example null
example null
example.example example.example
b.example.example example.example
a.b.example.example example.example
biz null
domain.biz domain.biz
b.domain.biz domain.biz
a.b.domain.biz domain.biz
com null
example.com example.com
b.example.com example.com
a.b.example.com example.com
uk.com null
example.uk.com example.uk.com
b.example.uk.com example.uk.com
a.b.example.uk.com example.uk.com
test.ac test.ac
mm null
c.mm null
b.c.mm b.c.mm
a.b.c.mm b.c.mm
jp null
test.jp test.jp
www.test.jp test.jp
ac.jp null
test.ac.jp test.ac.jp
www.test.ac.jp test.ac.jp
kyoto.jp null
test.kyoto.jp test.kyoto.jp
ide.kyoto.jp null
b.ide.kyoto.jp b.ide.kyoto.jp
a.b.ide.kyoto.jp b.ide.kyoto.jp
c.kobe.jp null
b.c.kobe.jp b.c.kobe.jp
a.b.c.kobe.jp b.c.kobe.jp
city.kobe.jp city.kobe.jp
www.city.kobe.jp city.kobe.jp
ck null
test.ck null
b.test.ck b.test.ck
a.b.test.ck b.test.ck
www.ck www.ck
www.www.ck www.ck
us null
test.us test.us
www.test.us test.us
ak.us null
test.ak.us test.ak.us
www.test.ak.us test.ak.us
k12.ak.us null
test.k12.ak.us test.k12.ak.us
www.test.k12.ak.us test.k12.ak.us
食狮.com.cn 食狮.com.cn
食狮.公司.cn 食狮.公司.cn
www.食狮.公司.cn 食狮.公司.cn
shishi.公司.cn shishi.公司.cn
公司.cn null
食狮.中国 食狮.中国
www.食狮.中国 食狮.中国
shishi.中国 shishi.中国
中国 null
xn--85x722f.com.cn xn--85x722f.com.cn
xn--85x722f.xn--55qx5d.cn xn--85x722f.xn--55qx5d.cn
www.xn--85x722f.xn--55qx5d.cn xn--85x722f.xn--55qx5d.cn
shishi.xn--55qx5d.cn shishi.xn--55qx5d.cn
xn--55qx5d.cn null
xn--85x722f.xn--fiqs8s xn--85x722f.xn--fiqs8s
www.xn--85x722f.xn--fiqs8s xn--85x722f.xn--fiqs8s
shishi.xn--fiqs8s shishi.xn--fiqs8s
xn--fiqs8s null"""
ace = {"食狮": "xn--85x722f", "公司": "xn--55qx5d", "中国": "xn--fiqs8s"}
def to_ace(s):
    for u, a in ace.items():
        s = s.replace(u, a)
    return s
src = "Public Suffix List, tests/tests.txt (checkPublicSuffix; CC0), https://github.com/publicsuffix/list/blob/main/tests/tests.txt"
out = []
n = 0
for line in facts.splitlines():
    host, want = line.split(" ")
    if host == "null":
        continue
    n += 1
    rec = {"name": f"psl-{n:03d}", "source": src, "host": host,
           "domain": None if want == "null" else to_ace(want.lower())}
    if host != to_ace(host):
        rec["note"] = "answers are in the ASCII (xn--) form UTS #46 maps the name to"
    out.append(rec)
own = "urikit: the list read through the host as RFC 3986 writes it (case, percent-encoding, UTS #46, IP addresses), from the rules of psl 2.1's list"
extra = [
    ("www.Example.co.uk", "example.co.uk", "a capital in the registrable label"),
    ("WWW.example.co.uk", "example.co.uk", "a capital in a label the list does not read"),
    ("www.example.CO.UK", "example.co.uk", "capitals in the suffix"),
    ("example.com.", "example.com.", "a root dot: the answer keeps it"),
    ("EXAMPLE.COM.", "example.com.", None),
    ("b%C3%BCcher.de", "xn--bcher-kva.de", "percent-encoded UTF-8, mapped by UTS #46"),
    ("www.b%C3%BCcher.de", "xn--bcher-kva.de", None),
    ("B%C3%BCCHER.de", "xn--bcher-kva.de", "capitals and triplets"),
    ("ex%61mple.com", "example.com", "a triplet of an unreserved letter"),
    ("a.b.github.io", "b.github.io", "private section"),
    ("foo.github.io", "foo.github.io", None),
    ("github.io", None, "a private suffix alone"),
    ("co.uk", None, "an ICANN suffix alone"),
    ("www.\u0431\u0443\u043a\u0432\u044b.\u0440\u0444", "xn--90acx9a4b.xn--p1ai", "Cyrillic labels under .рф"),
    ("x", None, "one label: a suffix by the default rule"),
    ("a.x", "a.x", "an unlisted TLD: the default rule"),
    ("under_score.example.com", "example.com", "an underscore in a label the list does not read"),
    ("www.under_score.com", "under_score.com", "an underscore in the registrable label"),
    ("a-b.example.com", "example.com", None),
    ("%00.example.com", None, "a NUL byte: UTS #46 refuses the name"),
    ("1.2.3.4.5", None, "an all-numeric last label: no domain name (RFC 3696 §2)"),
    ("example.123", None, "an all-numeric top-level label (RFC 3696 §2)"),
    ("example.123.", None, None),
    ("123.example", "123.example", "a numeric label that is not the last"),
    ("www.123.com", "123.com", None),
    ("%31%32%37.0.0.1", None, "triplets of digits: an IPv4 address once decoded, no domain"),
    ("www%20x.example.com", None, "a space: UTS #46 refuses the name"),
    ("a%40b.com", None, "a decoded `@` is no userinfo's end: no DNS name, no domain"),
    ("example.com%2F.evil.org", None, "a decoded `/` is no path's start: no domain"),
    ("x%3A80.com", None, "a decoded `:` is no port's start: no domain"),
    ("a%3Fb.example.com", None, "a decoded `?`: no domain"),
    ("a%23b.example.com", None, "a decoded `#`: no domain"),
    ("%5B%3A%3A1%5D", None, "decoded brackets are no IP literal: no domain"),
]
for host, want, note in extra:
    n += 1
    rec = {"name": f"own-{n:03d}", "source": own, "host": host, "domain": want}
    if note:
        rec["note"] = note
    out.append(rec)
import pathlib
here = pathlib.Path(__file__).resolve().parent
with open(here / "public-suffix.json", "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(len(out))
