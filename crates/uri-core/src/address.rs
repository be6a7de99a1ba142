//! Address classification: is an IP address globally reachable?
//!
//! A URI's host can be an IP literal ([`Host::Ipv4`](crate::Host::Ipv4),
//! [`Host::Ipv6`](crate::Host::Ipv6)), and a reg-name resolves to addresses.
//! A server that fetches URIs for its users (a link preview, a webhook, an
//! importer) must not be steered at its own loopback, its private network or
//! a cloud metadata service: that is server-side request forgery. This module
//! answers the question such a filter asks, from data rather than from a
//! hand-written list:
//!
//! - the IANA **IPv4 and IPv6 Special-Purpose Address Registries** (RFC 6890
//!   and its updates), every entry with its "Globally Reachable" value,
//!   generated into [`IPV4_SPECIAL`] and [`IPV6_SPECIAL`] (registry date in
//!   [`REGISTRY_DATE`]);
//! - **multicast**: `224.0.0.0/4` (RFC 5771 §2) and `ff00::/8` (RFC 4291
//!   §2.7), which are not unicast destinations;
//! - the IPv6 **address space**: IANA's Internet Protocol Version 6 Address
//!   Space registry allocates only `2000::/3` for global unicast ("IANA
//!   unicast address assignments are currently limited to" it); each of its
//!   other blocks is reserved by the IETF (`fec0::/10` among them, once
//!   site-local, deprecated by RFC 3879) or is unique local, link-local or
//!   multicast. RFC 4291 §2.4 tells implementations to treat every address
//!   outside the prefixes it lists as Global Unicast; treating IPv6 outside
//!   `2000::/3` as not global is a deliberately cautious departure from
//!   that rule;
//! - IPv6 forms that **embed an IPv4 address**, which are seen through to
//!   that address ([`Embedding`]): `[::ffff:127.0.0.1]` reaches 127.0.0.1.
//!
//! An address is **global** when it is a unicast address that no entry
//! excludes: see [`Classification::is_global`] for the exact rule. Rust's
//! `Ipv4Addr::is_global` and `Ipv6Addr::is_global` are unstable (the `ip`
//! feature), and `Ipv6Addr::is_global` does not look at the IPv4 address an
//! IPv6 address carries: to it every IPv4-mapped address is not global
//! (`::ffff:8.8.8.8` too) and `64:ff9b::10.0.0.1` is global. So this is
//! written here, from the registries' data.
//!
//! # What a check of the address does not do
//!
//! Whether an address is global says nothing about who answers there. A
//! filter is only as good as the guarantee that the client **connects to the
//! address that was checked**: no second DNS lookup (DNS rebinding), no proxy
//! that resolves the name again, redirects off or each one checked again.
//! The workspace's `docs/security.md` has the checklist and a filter built on
//! this module.
//!
//! # Examples
//!
//! ```
//! use std::net::IpAddr;
//! use uri_core::address::{self, Embedding};
//!
//! let ip: IpAddr = "100.100.100.200".parse()?; // RFC 6598 shared space
//! assert!(!address::is_global(ip));
//! assert_eq!(address::classify(ip).special().map(|e| e.name()), Some("Shared Address Space"));
//!
//! let ip: IpAddr = "64:ff9b::10.0.0.1".parse()?; // NAT64 to a private address
//! let class = address::classify(ip);
//! assert_eq!(class.embedded(), Some((Embedding::Nat64WellKnown, "10.0.0.1".parse()?)));
//! assert!(!class.is_global());
//!
//! assert!(address::is_global("2606:4700::1111".parse()?));
//! # Ok::<(), std::net::AddrParseError>(())
//! ```

use core::fmt;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};

mod registry;

pub use registry::{IPV4_SPECIAL, IPV6_SPECIAL, REGISTRY_DATE};

/// Whether `ip` is a globally reachable unicast address; see
/// [`Classification::is_global`] for the rule.
///
/// # Examples
///
/// ```
/// use uri_core::address::is_global;
///
/// assert!(is_global("93.184.215.14".parse()?));
/// assert!(!is_global("127.0.0.1".parse()?));
/// assert!(!is_global("::ffff:192.168.0.1".parse()?)); // IPv4-mapped
/// assert!(!is_global("2002:c0a8:1::".parse()?));      // 6to4 of 192.168.0.1
/// # Ok::<(), std::net::AddrParseError>(())
/// ```
pub fn is_global(ip: IpAddr) -> bool {
    classify(ip).is_global()
}

/// What the registries say of `ip`: its [`Range`], the IPv4 address it
/// embeds if any, and whether it is global.
///
/// # Examples
///
/// ```
/// use uri_core::address::{classify, Range};
///
/// let class = classify("192.0.0.9".parse()?);
/// assert_eq!(class.special().map(|e| e.name()), Some("Port Control Protocol Anycast"));
/// assert!(class.is_global()); // inside 192.0.0.0/24, but its own entry says so
/// assert_eq!(classify("ff02::1".parse()?).range(), Range::Multicast);
/// # Ok::<(), std::net::AddrParseError>(())
/// ```
pub fn classify(ip: IpAddr) -> Classification {
    match ip {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => classify_v6(v6),
    }
}

/// The classification of one IPv4 address (never embeds another).
fn classify_v4(addr: Ipv4Addr) -> Classification {
    let ip = IpAddr::V4(addr);
    let range = match most_specific(IPV4_SPECIAL, ip) {
        Some(entry) => Range::Special(entry),
        None if addr.is_multicast() => Range::Multicast,
        None => Range::Unicast,
    };
    Classification {
        range,
        embedded: None,
        global: range.is_global(),
    }
}

/// The classification of one IPv6 address, seeing through an embedded IPv4
/// address.
fn classify_v6(addr: Ipv6Addr) -> Classification {
    let ip = IpAddr::V6(addr);
    let range = match most_specific(IPV6_SPECIAL, ip) {
        Some(entry) => Range::Special(entry),
        None if addr.segments()[0] >> 8 == 0xff => Range::Multicast,
        None if addr.segments()[0] & 0xffc0 == 0xfec0 => Range::SiteLocal,
        None if addr.segments()[0] & 0xe000 == 0x2000 => Range::Unicast,
        None => Range::Reserved,
    };
    let embedded = embedded_ipv4(addr);
    let global = match embedded {
        None => range.is_global(),
        Some((embedding, v4)) => {
            let v6_allows = match embedding {
                // An `AF_INET6` socket given one sends to the IPv4 address
                // itself (RFC 3493 §3.7; the format is RFC 4291 §2.5.5.2);
                // the registry's `False` is about the IPv6 address as a
                // packet's destination, which such a socket does not send.
                Embedding::Ipv4Mapped => true,
                // Routed to the embedded IPv4 router (RFC 3056 §2); the
                // registry says N/A.
                Embedding::SixToFour => true,
                // The registry decides: `True` for 64:ff9b::/96, `False` for
                // 64:ff9b:1::/48, and the other forms are in reserved space.
                _ => range.is_global(),
            };
            v6_allows && classify_v4(v4).is_global()
        }
    };
    Classification {
        range,
        embedded,
        global,
    }
}

/// The entry of `table` with the longest prefix that contains `ip`: the
/// registries list more specific blocks inside larger ones (`192.0.0.9/32`
/// inside `192.0.0.0/24`), and the more specific entry is the one that holds.
fn most_specific(table: &'static [SpecialPurpose], ip: IpAddr) -> Option<&'static SpecialPurpose> {
    table
        .iter()
        .filter(|entry| entry.block.contains(ip))
        .max_by_key(|entry| entry.block.prefix_len)
}

/// The IPv4 address an IPv6 address embeds, and how, if it has one of the
/// forms of [`Embedding`].
///
/// `::` and `::1` are not read as IPv4-compatible (`0.0.0.0` and
/// `0.0.0.1`): that is this crate's choice, not RFC 4291 §2.5.5.1's, made
/// because they are the unspecified (§2.5.2) and loopback (§2.5.3)
/// addresses.
///
/// # Examples
///
/// ```
/// use uri_core::address::{embedded_ipv4, Embedding};
///
/// let v4 = "127.0.0.1".parse()?;
/// assert_eq!(embedded_ipv4("::ffff:127.0.0.1".parse()?), Some((Embedding::Ipv4Mapped, v4)));
/// assert_eq!(embedded_ipv4("::127.0.0.1".parse()?), Some((Embedding::Ipv4Compatible, v4)));
/// assert_eq!(embedded_ipv4("2002:7f00:1::".parse()?), Some((Embedding::SixToFour, v4)));
/// assert_eq!(embedded_ipv4("::1".parse()?), None);
/// # Ok::<(), std::net::AddrParseError>(())
/// ```
pub fn embedded_ipv4(addr: Ipv6Addr) -> Option<(Embedding, Ipv4Addr)> {
    let s = addr.segments();
    let o = addr.octets();
    let low32 = Ipv4Addr::new(o[12], o[13], o[14], o[15]);
    let embedding = match s {
        [0, 0, 0, 0, 0, 0xffff, _, _] => Embedding::Ipv4Mapped,
        [0, 0, 0, 0, 0xffff, 0, _, _] => Embedding::Ipv4Translated,
        [0, 0, 0, 0, 0, 0, 0, 0 | 1] => return None,
        [0, 0, 0, 0, 0, 0, _, _] => Embedding::Ipv4Compatible,
        [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Embedding::Nat64WellKnown,
        [0x64, 0xff9b, 1, _, _, _, _, _] => Embedding::Nat64LocalUse,
        [0x2002, _, _, _, _, _, _, _] => {
            return Some((Embedding::SixToFour, Ipv4Addr::new(o[2], o[3], o[4], o[5])));
        }
        _ => return None,
    };
    Some((embedding, low32))
}

/// An IPv6 form that carries an IPv4 address.
///
/// `Eq` and `Hash` compare the form (the variant).
///
/// # Examples
///
/// ```
/// use uri_core::address::{embedded_ipv4, Embedding};
///
/// let (how, _) = embedded_ipv4("64:ff9b::8.8.8.8".parse()?).ok_or("no IPv4 address")?;
/// assert_eq!(how, Embedding::Nat64WellKnown);
/// assert_eq!(how.to_string(), "NAT64 well-known prefix (64:ff9b::/96)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Embedding {
    /// `::ffff:0:0/96`, IPv4-mapped (RFC 4291 §2.5.5.2): an `AF_INET6`
    /// socket given one sends to the IPv4 address (RFC 3493 §3.7). Global
    /// when that address is.
    Ipv4Mapped,
    /// `::/96` but `::` and `::1`, IPv4-compatible (RFC 4291 §2.5.5.1,
    /// deprecated): some stacks tunnel it to the IPv4 address. Never global
    /// (reserved space).
    Ipv4Compatible,
    /// `::ffff:0:0:0/96`, IPv4-translated (RFC 2765 §2.1, SIIT): a
    /// translator reaches the IPv4 address. Never global (reserved space).
    Ipv4Translated,
    /// `64:ff9b::/96`, the NAT64 well-known prefix (RFC 6052 §2.1): a NAT64
    /// gateway reaches the IPv4 address in the last 32 bits. Global when that
    /// address is (§3.1 forbids the prefix for non-global addresses, but
    /// nothing stops a URI from using it).
    Nat64WellKnown,
    /// `64:ff9b:1::/48`, the NAT64 local-use prefix (RFC 8215): never global.
    /// The operator picks where the IPv4 address sits (any RFC 6052 prefix
    /// length); the one reported is the last 32 bits, as with a /96.
    Nat64LocalUse,
    /// `2002::/16`, 6to4 (RFC 3056 §2): the IPv4 address of the site's
    /// router is in bits 16 to 47. Global when that address is.
    SixToFour,
}

impl fmt::Display for Embedding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Embedding::Ipv4Mapped => "IPv4-mapped (::ffff:0:0/96)",
            Embedding::Ipv4Compatible => "IPv4-compatible (::/96)",
            Embedding::Ipv4Translated => "IPv4-translated (::ffff:0:0:0/96)",
            Embedding::Nat64WellKnown => "NAT64 well-known prefix (64:ff9b::/96)",
            Embedding::Nat64LocalUse => "NAT64 local-use prefix (64:ff9b:1::/48)",
            Embedding::SixToFour => "6to4 (2002::/16)",
        })
    }
}

/// The range an address falls in, before an embedded address is looked at.
///
/// `Eq` and `Hash` compare the variant and, for [`Range::Special`], the
/// entry's contents (every field of [`SpecialPurpose`]), not its address in
/// memory.
///
/// # Examples
///
/// ```
/// use uri_core::address::{classify, Range};
///
/// assert_eq!(classify("8.8.8.8".parse()?).range(), Range::Unicast);
/// assert_eq!(classify("fec0::1".parse()?).range(), Range::SiteLocal);
/// assert_eq!(classify("4000::1".parse()?).range(), Range::Reserved);
/// assert!(matches!(classify("10.1.2.3".parse()?).range(), Range::Special(_)));
/// # Ok::<(), std::net::AddrParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Range {
    /// The most specific entry of a special-purpose registry that holds the
    /// address.
    Special(&'static SpecialPurpose),
    /// Multicast, not a unicast destination: `224.0.0.0/4` (RFC 5771 §2) or
    /// `ff00::/8` (RFC 4291 §2.7).
    Multicast,
    /// The deprecated IPv6 site-local block `fec0::/10` (RFC 3879): private.
    SiteLocal,
    /// IPv6 outside `2000::/3` and every block above: space that IANA's
    /// Internet Protocol Version 6 Address Space registry marks "Reserved
    /// by IETF", not allocated for global unicast. RFC 4291 §2.4 would treat
    /// it as Global Unicast; not counting it as global is a deliberately
    /// cautious departure from that rule.
    Reserved,
    /// Unicast space that no registry entry covers: IPv4 outside every entry
    /// and multicast, or IPv6 in `2000::/3`.
    Unicast,
}

impl Range {
    /// Whether the range alone makes an address global: an entry whose
    /// "Globally Reachable" is `True`, or plain unicast. `N/A`, a blank (a
    /// terminated entry) and `False` are not.
    fn is_global(self) -> bool {
        match self {
            Range::Special(entry) => entry.globally_reachable() == Some(true),
            Range::Unicast => true,
            Range::Multicast | Range::SiteLocal | Range::Reserved => false,
        }
    }
}

/// What [`classify`] found.
///
/// `Eq` and `Hash` compare the range, the embedded IPv4 address and its
/// form, and whether the address is global.
///
/// # Examples
///
/// ```
/// use uri_core::address::classify;
///
/// let class = classify("::ffff:8.8.8.8".parse()?);
/// assert!(class.is_global());
/// assert_eq!(class.special().map(|e| e.name()), Some("IPv4-mapped Address"));
/// # Ok::<(), std::net::AddrParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Classification {
    range: Range,
    embedded: Option<(Embedding, Ipv4Addr)>,
    global: bool,
}

impl Classification {
    /// Whether the address is a globally reachable unicast address.
    ///
    /// The rule:
    /// 1. Without an embedded IPv4 address, the address is global when its
    ///    [`Range`] is [`Range::Unicast`], or [`Range::Special`] with
    ///    "Globally Reachable" `True`. The most specific entry holds, so
    ///    `192.0.0.9` (`True`) is global inside `192.0.0.0/24` (`False`).
    ///    `N/A` (Teredo `2001::/32`) and blank (terminated entries) are not.
    /// 2. With one ([`Embedding`]), the embedded IPv4 address must be global
    ///    by rule 1, and the IPv6 form must lead to it: IPv4-mapped and 6to4
    ///    always do, NAT64's well-known prefix does (`True`), and the
    ///    local-use prefix, IPv4-compatible and IPv4-translated forms are not
    ///    global at all.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::classify;
    ///
    /// assert!(classify("2002:808:808::1".parse()?).is_global());   // 6to4 of 8.8.8.8
    /// assert!(!classify("2002:a00:1::1".parse()?).is_global());    // 6to4 of 10.0.0.1
    /// assert!(!classify("64:ff9b:1::8.8.8.8".parse()?).is_global()); // local-use NAT64
    /// # Ok::<(), std::net::AddrParseError>(())
    /// ```
    pub const fn is_global(&self) -> bool {
        self.global
    }

    /// The range the address itself falls in.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::{classify, Range};
    ///
    /// assert_eq!(classify("239.1.2.3".parse()?).range(), Range::Multicast);
    /// # Ok::<(), std::net::AddrParseError>(())
    /// ```
    pub const fn range(&self) -> Range {
        self.range
    }

    /// The registry entry of the address itself, if one holds it.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::classify;
    ///
    /// let entry = classify("169.254.169.254".parse()?).special().ok_or("not special-purpose")?;
    /// assert_eq!(entry.name(), "Link Local");
    /// assert_eq!(entry.block().to_string(), "169.254.0.0/16");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn special(&self) -> Option<&'static SpecialPurpose> {
        match self.range {
            Range::Special(entry) => Some(entry),
            _ => None,
        }
    }

    /// The embedded IPv4 address and its form, for IPv6 addresses that have
    /// one; see [`embedded_ipv4`].
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::{classify, Embedding};
    ///
    /// let class = classify("::ffff:0:169.254.169.254".parse()?);
    /// assert_eq!(class.embedded(), Some((Embedding::Ipv4Translated, "169.254.169.254".parse()?)));
    /// # Ok::<(), std::net::AddrParseError>(())
    /// ```
    pub const fn embedded(&self) -> Option<(Embedding, Ipv4Addr)> {
        self.embedded
    }
}

/// An address block: a network address and a prefix length.
///
/// `Eq` and `Hash` compare the network address and the prefix length:
/// `10.0.0.0/8` and `10.0.0.0/16` differ, though one holds the other.
///
/// # Examples
///
/// ```
/// use uri_core::address::IPV4_SPECIAL;
///
/// let block = IPV4_SPECIAL.iter().find(|e| e.name() == "Shared Address Space").ok_or("no such entry")?.block();
/// assert_eq!(block.to_string(), "100.64.0.0/10");
/// assert_eq!(block.last().to_string(), "100.127.255.255");
/// assert!(block.contains("100.100.100.200".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IpBlock {
    network: IpAddr,
    prefix_len: u8,
}

impl IpBlock {
    /// The block `network/prefix_len`, or `None` if `prefix_len` is longer
    /// than the address or `network` has bits set after the prefix.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IpBlock;
    ///
    /// assert!(IpBlock::new("10.0.0.0".parse()?, 8).is_some());
    /// assert!(IpBlock::new("10.0.0.1".parse()?, 8).is_none());
    /// assert!(IpBlock::new("10.0.0.0".parse()?, 33).is_none());
    /// # Ok::<(), std::net::AddrParseError>(())
    /// ```
    pub const fn new(network: IpAddr, prefix_len: u8) -> Option<Self> {
        let bits = bits_of(network);
        let width = width_of(network);
        if prefix_len > width || bits & !mask(prefix_len, width) != 0 {
            return None;
        }
        Some(IpBlock {
            network,
            prefix_len,
        })
    }

    /// An IPv4 block of the generated tables, whose rows the generator
    /// checks (and the tests again).
    pub(crate) const fn v4(octets: [u8; 4], prefix_len: u8) -> Self {
        let [a, b, c, d] = octets;
        IpBlock {
            network: IpAddr::V4(Ipv4Addr::new(a, b, c, d)),
            prefix_len,
        }
    }

    /// An IPv6 block of the generated tables, as [`IpBlock::v4`].
    pub(crate) const fn v6(segments: [u16; 8], prefix_len: u8) -> Self {
        let [a, b, c, d, e, f, g, h] = segments;
        IpBlock {
            network: IpAddr::V6(Ipv6Addr::new(a, b, c, d, e, f, g, h)),
            prefix_len,
        }
    }

    /// The network address, the block's first address.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IpBlock;
    ///
    /// let block = IpBlock::new("fc00::".parse()?, 7).ok_or("not a block")?;
    /// assert_eq!(block.network().to_string(), "fc00::");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn network(&self) -> IpAddr {
        self.network
    }

    /// The prefix length in bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IpBlock;
    ///
    /// assert_eq!(IpBlock::new("fc00::".parse()?, 7).ok_or("not a block")?.prefix_len(), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn prefix_len(&self) -> u8 {
        self.prefix_len
    }

    /// The block's last address.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IpBlock;
    ///
    /// let block = IpBlock::new("fc00::".parse()?, 7).ok_or("not a block")?;
    /// assert_eq!(block.last().to_string(), "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn last(&self) -> IpAddr {
        let width = width_of(self.network);
        let bits = bits_of(self.network) | !mask(self.prefix_len, width) & full(width);
        match self.network {
            IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::from_bits(bits as u32)),
            IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::from_bits(bits)),
        }
    }

    /// Whether `ip` is in the block (never across address families).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IpBlock;
    ///
    /// let block = IpBlock::new("127.0.0.0".parse()?, 8).ok_or("not a block")?;
    /// assert!(block.contains("127.255.0.1".parse()?));
    /// assert!(!block.contains("::ffff:127.0.0.1".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn contains(&self, ip: IpAddr) -> bool {
        let same_family = matches!(
            (self.network, ip),
            (IpAddr::V4(_), IpAddr::V4(_)) | (IpAddr::V6(_), IpAddr::V6(_))
        );
        if !same_family {
            return false;
        }
        bits_of(ip) & mask(self.prefix_len, width_of(ip)) == bits_of(self.network)
    }
}

impl fmt::Display for IpBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.network, self.prefix_len)
    }
}

/// The address as a number, IPv4 in the low 32 bits.
const fn bits_of(ip: IpAddr) -> u128 {
    match ip {
        IpAddr::V4(a) => a.to_bits() as u128,
        IpAddr::V6(a) => a.to_bits(),
    }
}

/// 32 or 128.
const fn width_of(ip: IpAddr) -> u8 {
    match ip {
        IpAddr::V4(_) => 32,
        IpAddr::V6(_) => 128,
    }
}

/// All `width` low bits set.
const fn full(width: u8) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// The first `len` of `width` low bits set (`len <= width <= 128`).
const fn mask(len: u8, width: u8) -> u128 {
    if len == 0 {
        0
    } else {
        full(width) & !full(width - len)
    }
}

/// One entry of an IANA special-purpose address registry.
///
/// The flags are the registry's columns (defined by RFC 6890 §2.2.1;
/// RFC 8190 §2.1 replaced its "Global" with "Globally Reachable"), `None`
/// where it says `N/A` or leaves the cell blank (terminated entries). A
/// footnoted value (`False [1]`) is read as the registry's general rule for
/// the block; the notes, on the registry pages, name exceptions for
/// particular protocols.
///
/// `Eq` and `Hash` compare every field: the block, the texts and the flags.
///
/// # Examples
///
/// ```
/// use uri_core::address::IPV6_SPECIAL;
///
/// let teredo = IPV6_SPECIAL.iter().find(|e| e.name() == "TEREDO").ok_or("no such entry")?;
/// assert_eq!(teredo.block().to_string(), "2001::/32");
/// assert_eq!(teredo.globally_reachable(), None); // N/A
/// assert_eq!(teredo.reference(), "[RFC4380] [RFC8190]");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpecialPurpose {
    pub(crate) block: IpBlock,
    pub(crate) name: &'static str,
    pub(crate) reference: &'static str,
    pub(crate) allocated: &'static str,
    pub(crate) terminated: Option<&'static str>,
    pub(crate) source: Option<bool>,
    pub(crate) destination: Option<bool>,
    pub(crate) forwardable: Option<bool>,
    pub(crate) globally_reachable: Option<bool>,
    pub(crate) reserved_by_protocol: Option<bool>,
}

impl SpecialPurpose {
    /// An entry of the generated tables (`registry.rs`), its columns in
    /// the registry's order; the five flags (Source, Destination,
    /// Forwardable, Globally Reachable, Reserved-by-Protocol, RFC 6890
    /// §2.2.1 and RFC 8190 §2.1) written `T` (True), `F` (False) or `N`
    /// (`N/A`, or blank).
    pub(crate) const fn entry(
        block: IpBlock,
        name: &'static str,
        reference: &'static str,
        allocated: &'static str,
        terminated: Option<&'static str>,
        flags: &[u8; 5],
    ) -> Self {
        const fn flag(b: u8) -> Option<bool> {
            match b {
                b'T' => Some(true),
                b'F' => Some(false),
                _ => None,
            }
        }
        SpecialPurpose {
            block,
            name,
            reference,
            allocated,
            terminated,
            source: flag(flags[0]),
            destination: flag(flags[1]),
            forwardable: flag(flags[2]),
            globally_reachable: flag(flags[3]),
            reserved_by_protocol: flag(flags[4]),
        }
    }
    /// The address block. A row of the registry that lists two blocks
    /// (`192.0.0.170/32, 192.0.0.171/32`) is two entries here.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IPV4_SPECIAL;
    ///
    /// assert_eq!(IPV4_SPECIAL[0].block().to_string(), "0.0.0.0/8");
    /// ```
    pub const fn block(&self) -> IpBlock {
        self.block
    }

    /// The registry's name for the block, as IANA writes it.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IPV4_SPECIAL;
    ///
    /// assert_eq!(IPV4_SPECIAL[0].name(), "\"This network\"");
    /// ```
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The defining documents, as IANA writes them (`[RFC1918]`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IPV4_SPECIAL;
    ///
    /// assert_eq!(IPV4_SPECIAL[2].reference(), "[RFC1918]");
    /// ```
    pub const fn reference(&self) -> &'static str {
        self.reference
    }

    /// The allocation date, `YYYY-MM`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IPV4_SPECIAL;
    ///
    /// assert_eq!(IPV4_SPECIAL[2].allocated(), "1996-02");
    /// ```
    pub const fn allocated(&self) -> &'static str {
        self.allocated
    }

    /// The termination date, `YYYY-MM`, for entries IANA has terminated.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IPV4_SPECIAL;
    ///
    /// let relay = IPV4_SPECIAL.iter().find(|e| e.block().to_string() == "192.88.99.0/24").ok_or("no such entry")?;
    /// assert_eq!(relay.terminated(), Some("2015-03"));
    /// assert_eq!(relay.globally_reachable(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn terminated(&self) -> Option<&'static str> {
        self.terminated
    }

    /// "Source": whether an address in the block may be a packet's source.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IPV4_SPECIAL;
    ///
    /// assert_eq!(IPV4_SPECIAL[2].source(), Some(true));
    /// ```
    pub const fn source(&self) -> Option<bool> {
        self.source
    }

    /// "Destination": whether it may be a packet's destination.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IPV4_SPECIAL;
    ///
    /// assert_eq!(IPV4_SPECIAL[0].destination(), Some(false));
    /// ```
    pub const fn destination(&self) -> Option<bool> {
        self.destination
    }

    /// "Forwardable": whether a router may forward a packet to it.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IPV4_SPECIAL;
    ///
    /// assert_eq!(IPV4_SPECIAL[2].forwardable(), Some(true));
    /// ```
    pub const fn forwardable(&self) -> Option<bool> {
        self.forwardable
    }

    /// "Globally Reachable": whether it is reachable beyond its network.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IPV4_SPECIAL;
    ///
    /// assert_eq!(IPV4_SPECIAL[2].globally_reachable(), Some(false));
    /// ```
    pub const fn globally_reachable(&self) -> Option<bool> {
        self.globally_reachable
    }

    /// "Reserved-by-Protocol": whether a protocol specification reserves it.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::address::IPV4_SPECIAL;
    ///
    /// assert_eq!(IPV4_SPECIAL[0].reserved_by_protocol(), Some(true));
    /// ```
    pub const fn reserved_by_protocol(&self) -> Option<bool> {
        self.reserved_by_protocol
    }
}
