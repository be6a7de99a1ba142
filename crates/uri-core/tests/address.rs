//! `uri_core::address` against the IANA special-purpose registries.
//!
//! - Every entry's first and last address: the entry found is the most
//!   specific one holding the address, and whether the address is global is
//!   checked against a list written by hand from the registries' CSV files
//!   (`data/`), not computed from the table under test.
//! - Every form that embeds an IPv4 address, around private and public
//!   addresses.
//! - The blocks a hand-written filter is known to miss (issue 13's list).

// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use uri_core::address::{
    self, Embedding, IPV4_SPECIAL, IPV6_SPECIAL, IpBlock, Range, SpecialPurpose, classify,
    embedded_ipv4, is_global,
};
use uri_core::{ParseOptions, Uri};

/// The blocks whose first and last addresses are global: the entries whose
/// "Globally Reachable" is `True` and that no more specific entry or
/// embedded IPv4 address overrides at either end. Every other entry's first
/// and last address is not global. `64:ff9b::/96` is `True` in the registry
/// but not here: its first and last addresses embed 0.0.0.0 and
/// 255.255.255.255.
const GLOBAL_AT_BOTH_ENDS: &[&str] = &[
    "192.0.0.9/32",
    "192.0.0.10/32",
    "192.31.196.0/24",
    "192.52.193.0/24",
    "192.175.48.0/24",
    "2001:1::1/128",
    "2001:1::2/128",
    "2001:1::3/128",
    "2001:3::/32",
    "2001:4:112::/48",
    "2001:20::/28",
    "2001:30::/28",
    "2620:4f:8000::/48",
];

/// All entries, IPv4 then IPv6.
fn entries() -> impl Iterator<Item = &'static SpecialPurpose> {
    IPV4_SPECIAL.iter().chain(IPV6_SPECIAL)
}

/// The most specific entry holding `ip`, by brute force.
fn most_specific(ip: IpAddr) -> Option<&'static SpecialPurpose> {
    entries()
        .filter(|e| e.block().contains(ip))
        .max_by_key(|e| e.block().prefix_len())
}

/// The blocks in a CSV line's first field: `10.0.0.0/8`, `2002::/16 [3]`,
/// `"192.0.0.170/32, 192.0.0.171/32"`.
fn blocks_of(line: &str) -> Vec<(IpAddr, u8)> {
    let field = match line.strip_prefix('"') {
        Some(rest) => rest.split('"').next().unwrap(),
        None => line.split(',').next().unwrap(),
    };
    field
        .split(", ")
        .map(|b| {
            let b = b.split(' ').next().unwrap();
            let (addr, len) = b.split_once('/').unwrap();
            (addr.parse().unwrap(), len.parse().unwrap())
        })
        .collect()
}

#[test]
fn tables_hold_every_row_of_the_csv_files() {
    for (table, file) in [
        (IPV4_SPECIAL, "iana-ipv4-special-registry.csv"),
        (IPV6_SPECIAL, "iana-ipv6-special-registry.csv"),
    ] {
        let path = format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let csv = std::fs::read_to_string(&path).unwrap();
        let rows = csv.lines().skip(1).count();
        // One IPv4 row lists two blocks (192.0.0.170/32, 192.0.0.171/32).
        let blocks = rows + usize::from(file.contains("ipv4"));
        assert_eq!(table.len(), blocks, "{file}");
        for entry in table {
            let block = entry.block();
            let line = csv
                .lines()
                .skip(1)
                .find(|l| blocks_of(l).contains(&(block.network(), block.prefix_len())))
                .unwrap_or_else(|| panic!("{block}"));
            assert!(
                line.contains(entry.name()) || entry.name().contains('"'),
                "{line}"
            );
            // "Globally Reachable" is the last field but one; flags hold no comma.
            let cell = line.rsplit(',').nth(1).unwrap();
            let reachable = match cell.split(' ').next().unwrap() {
                "True" => Some(true),
                "False" => Some(false),
                _ => None,
            };
            assert_eq!(entry.globally_reachable(), reachable, "{line}");
        }
    }
}

#[test]
fn every_entry_first_and_last_address() {
    for entry in entries() {
        let block = entry.block();
        let expected = GLOBAL_AT_BOTH_ENDS.contains(&block.to_string().as_str());
        for ip in [block.network(), block.last()] {
            let class = classify(ip);
            assert!(block.contains(ip), "{block} {ip}");
            assert_eq!(class.special(), most_specific(ip), "{ip}");
            assert_eq!(class.is_global(), expected, "{ip} in {block}");
            assert_eq!(is_global(ip), expected, "{ip}");
        }
    }
}

#[test]
fn the_global_list_names_real_entries() {
    for block in GLOBAL_AT_BOTH_ENDS {
        let entry = entries().find(|e| e.block().to_string() == *block).unwrap();
        assert_eq!(entry.globally_reachable(), Some(true), "{block}");
    }
}

/// The six forms, each built around `v4`.
fn embeddings(v4: Ipv4Addr) -> [(Embedding, Ipv6Addr); 6] {
    let [a, b, c, d] = v4.octets();
    let (hi, lo) = (u16::from_be_bytes([a, b]), u16::from_be_bytes([c, d]));
    [
        (
            Embedding::Ipv4Mapped,
            Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, hi, lo),
        ),
        (
            Embedding::Ipv4Compatible,
            Ipv6Addr::new(0, 0, 0, 0, 0, 0, hi, lo),
        ),
        (
            Embedding::Ipv4Translated,
            Ipv6Addr::new(0, 0, 0, 0, 0xffff, 0, hi, lo),
        ),
        (
            Embedding::Nat64WellKnown,
            Ipv6Addr::new(0x64, 0xff9b, 0, 0, 0, 0, hi, lo),
        ),
        (
            Embedding::Nat64LocalUse,
            Ipv6Addr::new(0x64, 0xff9b, 1, 0, 0, 0, hi, lo),
        ),
        (
            Embedding::SixToFour,
            Ipv6Addr::new(0x2002, hi, lo, 0x1234, 0, 0, 0, 1),
        ),
    ]
}

#[test]
fn embedded_private_ipv4_is_never_global() {
    let private = [
        "10.0.0.1",
        "127.0.0.1",
        "100.100.100.200",
        "169.254.169.254",
        "172.16.0.1",
        "192.168.1.1",
        "192.0.0.1",
        "198.18.0.1",
        "0.0.0.0",
        "255.255.255.255",
        "224.0.0.1",
    ];
    for v4 in private {
        let v4: Ipv4Addr = v4.parse().unwrap();
        assert!(!is_global(v4.into()), "{v4}");
        for (form, v6) in embeddings(v4) {
            let class = classify(v6.into());
            // `::` is the unspecified address, not an IPv4-compatible one.
            let expected = (v6 != Ipv6Addr::UNSPECIFIED).then_some((form, v4));
            assert_eq!(class.embedded(), expected, "{v6}");
            assert!(!class.is_global(), "{v6} ({form}) embeds {v4}");
        }
    }
}

#[test]
fn embedded_public_ipv4_is_global_only_where_the_form_leads_there() {
    for v4 in ["8.8.8.8", "93.184.215.14", "1.1.1.1"] {
        let v4: Ipv4Addr = v4.parse().unwrap();
        assert!(is_global(v4.into()), "{v4}");
        for (form, v6) in embeddings(v4) {
            let expected = matches!(
                form,
                Embedding::Ipv4Mapped | Embedding::Nat64WellKnown | Embedding::SixToFour
            );
            assert_eq!(classify(v6.into()).embedded(), Some((form, v4)), "{v6}");
            assert_eq!(is_global(v6.into()), expected, "{v6} ({form})");
        }
    }
}

#[test]
fn unspecified_and_loopback_are_not_ipv4_compatible() {
    assert_eq!(embedded_ipv4(Ipv6Addr::UNSPECIFIED), None);
    assert_eq!(embedded_ipv4(Ipv6Addr::LOCALHOST), None);
    assert_eq!(
        classify(Ipv6Addr::LOCALHOST.into())
            .special()
            .map(|e| e.name()),
        Some("Loopback Address")
    );
}

#[test]
fn what_a_hand_written_filter_missed() {
    // issue 13: each of these passed the old `allowed()` of docs/security.md.
    for ip in [
        "100.64.0.0",
        "100.100.100.200",
        "100.127.255.255",
        "198.18.0.1",
        "198.19.255.255",
        "192.0.0.1",
        "192.0.0.170",
        "64:ff9b::7f00:1",
        "64:ff9b::a00:1",
        "64:ff9b:1::a00:1",
        "2002:7f00:1::1",
        "2002:a9fe:a9fe::1",
        "::7f00:1",
        "::a00:1",
        "::ffff:0:7f00:1",
        "fec0::1",
        "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        "2001:db8::1",
        "3fff::1",
        "2001::1",
    ] {
        let ip: IpAddr = ip.parse().unwrap();
        assert!(!is_global(ip), "{ip}");
    }
}

#[test]
fn multicast_reserved_and_unicast() {
    for (ip, range) in [
        ("224.0.0.1", Range::Multicast),
        ("239.255.255.250", Range::Multicast),
        ("ff02::1", Range::Multicast),
        ("ff0e::1", Range::Multicast),
        ("fec0::1", Range::SiteLocal),
        ("4000::1", Range::Reserved),
        ("1::", Range::Reserved),
        ("::ffff:0:1.2.3.4", Range::Reserved),
        ("8.8.8.8", Range::Unicast),
        ("223.255.255.255", Range::Unicast),
        ("2606:4700::1111", Range::Unicast),
        ("2001:4860:4860::8888", Range::Unicast),
        ("3ffe::1", Range::Unicast),
    ] {
        let ip: IpAddr = ip.parse().unwrap();
        assert_eq!(classify(ip).range(), range, "{ip}");
        assert_eq!(is_global(ip), range == Range::Unicast, "{ip}");
    }
}

#[test]
fn blocks() {
    let v4 = |s: &str| s.parse::<IpAddr>().unwrap();
    assert!(
        IpBlock::new(v4("0.0.0.0"), 0)
            .unwrap()
            .contains(v4("255.1.2.3"))
    );
    assert!(!IpBlock::new(v4("0.0.0.0"), 0).unwrap().contains(v4("::")));
    assert!(!IpBlock::new(v4("::"), 0).unwrap().contains(v4("1.2.3.4")));
    assert_eq!(
        IpBlock::new(v4("::"), 0).unwrap().last(),
        v4("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")
    );
    assert_eq!(IpBlock::new(v4("::1"), 128).unwrap().last(), v4("::1"));
    assert!(IpBlock::new(v4("::1"), 127).is_none());
    assert!(IpBlock::new(v4("::"), 129).is_none());
    assert!(IpBlock::new(v4("1.2.3.4"), 32).is_some());
}

#[test]
fn host_helper() {
    let check = |input: &str, options: ParseOptions, expected: bool| {
        let uri = Uri::parse_with(input, options).unwrap();
        assert_eq!(uri.host().unwrap().is_non_global_ip(), expected, "{input}");
    };
    let strict = ParseOptions::new();
    check("http://127.0.0.1/", strict, true);
    check("http://[::1]/", strict, true);
    check("http://[::ffff:169.254.169.254]/", strict, true);
    check("http://[64:ff9b::a00:1]/", strict, true);
    check("http://8.8.8.8/", strict, false);
    check("http://[2606:4700::1111]/", strict, false);
    check("http://127.1/", strict, false); // a reg-name: resolve it, then check
    check("http://[v1.x]/", strict, false);
    let zones = ParseOptions::new().allow_zone_id(true);
    check("http://[2606:4700::1111%25eth0]/", zones, true);
    check("http://[fe80::1%25eth0]/", zones, true);
    // `address` is the same function the helper uses.
    assert!(!address::is_global("::1".parse().unwrap()));
}
