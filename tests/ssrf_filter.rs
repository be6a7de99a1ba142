//! The SSRF filter of `docs/security.md`, verbatim: everything after these `//!` lines is the doc's code block, and `tests/conformance/ssrf_filter.rs` checks that they stay the same, then runs it on the hostile corpus.
use std::io;
use std::net::{IpAddr, SocketAddr};

use urikit::address;
use urikit::prelude::*;
use urikit::resolve::normalize_uri;

/// Why a URI was refused.
#[derive(Debug, PartialEq)]
pub enum Refused {
    Syntax(ParseError),
    Scheme,
    Userinfo,
    Port,
    Host,
    Address(IpAddr),
    Resolve,
}

/// The URI to request (its normal form) and the one address to connect to.
///
/// `resolve` looks a name up once: in production,
/// `|name, port| Ok((name, port).to_socket_addrs()?.map(|a| a.ip()).collect())`.
pub fn check(
    input: &str,
    resolve: impl FnOnce(&str, u16) -> io::Result<Vec<IpAddr>>,
) -> Result<(UriBuf, SocketAddr), Refused> {
    let uri = Uri::parse(input).map_err(Refused::Syntax)?; // 1. strict, as it came
    let uri = normalize_uri(uri); // 2. the normal form only
    let default_port = match uri.scheme() {
        // 3. lower case once normalized
        "http" => 80,
        "https" => 443,
        _ => return Err(Refused::Scheme),
    };
    let authority = uri.authority().ok_or(Refused::Host)?;
    if authority.userinfo().is_some() {
        return Err(Refused::Userinfo); // 4. not even `http://@a/`
    }
    if authority.port() == Some("") {
        return Err(Refused::Port); // 8. present but empty
    }
    let port = match authority.port_u16() {
        Ok(port) => port.unwrap_or(default_port), // 8.
        Err(_) => return Err(Refused::Port),
    };
    let candidates: Vec<IpAddr> = match authority.host() {
        // 5. typed, never re-parsed
        Host::Ipv4(addr) => vec![addr.into()],
        Host::Ipv6 { addr, zone: None } => vec![addr.into()],
        // 7. no zone identifier, no IPvFuture
        Host::Ipv6 { zone: Some(_), .. } | Host::IpvFuture { .. } => return Err(Refused::Host),
        Host::RegName(name) if is_dns_name(name) => {
            resolve(name, port).map_err(|_| Refused::Resolve)? // 6. a name: resolve it once
        }
        Host::RegName(_) => return Err(Refused::Host),
    };
    // 5. every address must pass, checked (and kept) as IPv4 when IPv4-mapped
    let candidates: Vec<IpAddr> = candidates.iter().map(IpAddr::to_canonical).collect();
    if let Some(bad) = candidates.iter().find(|ip| !allowed(**ip)) {
        return Err(Refused::Address(*bad));
    }
    let ip = *candidates.first().ok_or(Refused::Resolve)?;
    Ok((uri, SocketAddr::new(ip, port))) // connect to this address, not to the name
}

/// Whether `ip` (canonical: `::ffff:a.b.c.d` already made `a.b.c.d`) may be
/// fetched: a global address that no special-purpose registry entry covers,
/// even one the registry calls globally reachable. Anycast services
/// (192.0.0.9, AS112) are answered by whichever network is nearest, and
/// NAT64 and 6to4 addresses lead through a translator or relay.
fn allowed(ip: IpAddr) -> bool {
    address::is_global(ip) && address::classify(ip).special().is_none()
}

/// A host name as DNS has them (RFC 1123 §2.1): labels of letters, digits
/// and `-` (not first or last), 1 to 63 bytes each, 253 in all. One
/// trailing dot is allowed. The last label must not be all digits nor start
/// with `0x` or `0X`, whether or not it is a number (`a.0xyz` is refused
/// too): WHATWG and `inet_aton` read `0x7f.1` and `127.1` as IPv4
/// addresses, and WHATWG reads `127.0.0.1.` as 127.0.0.1.
fn is_dns_name(name: &str) -> bool {
    let name = name.strip_suffix('.').unwrap_or(name);
    let last = name.rsplit('.').next().unwrap_or("");
    let numeric = last.bytes().all(|b| b.is_ascii_digit())
        || last.starts_with("0x")
        || last.starts_with("0X");
    !name.is_empty()
        && name.len() <= 253
        && !numeric
        && name.split('.').all(|label| {
            (1..=63).contains(&label.len())
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}
