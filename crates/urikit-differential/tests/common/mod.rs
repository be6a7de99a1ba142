//! The peers' side of the parse comparisons that `tests/parse.rs` (URI
//! references) and `tests/iri.rs` (IRI references) share: each peer's
//! parsed reference as named fields. Each test parses with the peer's type
//! for its rule, then calls these.

use iri_string::spec::Spec;
use iri_string::types::RiReferenceStr;
use urikit_differential::compare::own;
use urikit_differential::ours::{Field, Fields};

/// `fluent-uri` 0.4: every field of a parsed `UriRef` or `IriRef` (two
/// types with the same getters and no common trait), the host kind and
/// the address (with its `net` feature).
macro_rules! fluent_fields {
    ($r:expr) => {{
        use fluent_uri::component::Host;
        use std::net::IpAddr;
        use urikit_differential::compare::own;
        use urikit_differential::ours::Field;
        let r = $r;
        let auth = r.authority();
        let (kind, ip) = match auth.as_ref().map(|a| a.host_parsed()) {
            None => (None, None),
            Some(Host::Ipv4(addr)) => (Some("ipv4"), Some(IpAddr::V4(addr).to_string())),
            Some(Host::Ipv6(addr)) => (Some("ipv6"), Some(IpAddr::V6(addr).to_string())),
            Some(Host::IpvFuture { .. }) => (Some("ipvfuture"), None),
            Some(Host::RegName(_)) => (Some("reg-name"), None),
        };
        vec![
            (Field::Scheme, own(r.scheme().map(|s| s.as_str()))),
            (Field::Authority, own(auth.as_ref().map(|a| a.as_str()))),
            (
                Field::Userinfo,
                own(auth.as_ref().and_then(|a| a.userinfo()).map(|u| u.as_str())),
            ),
            (Field::Host, own(auth.as_ref().map(|a| a.host()))),
            (
                Field::Port,
                own(auth.as_ref().and_then(|a| a.port()).map(|p| p.as_str())),
            ),
            (Field::Path, Some(r.path().as_str().to_owned())),
            (Field::Query, own(r.query().map(|q| q.as_str()))),
            (Field::Fragment, own(r.fragment().map(|f| f.as_str()))),
            (Field::HostKind, own(kind)),
            (Field::Ip, ip),
        ]
    }};
}
pub(crate) use fluent_fields;

/// `iri-string` 0.7: every field of a validated URI (`S` = `UriSpec`) or
/// IRI (`IriSpec`) reference, and the host kind (it has no typed address).
pub(crate) fn iri_string_fields<S: Spec>(r: &RiReferenceStr<S>) -> Fields {
    let auth = r.authority_components();
    let kind = auth.as_ref().map(|a| {
        let host = a.host();
        if host.starts_with("[v") || host.starts_with("[V") {
            "ipvfuture"
        } else if host.starts_with('[') {
            "ipv6"
        } else if a.reg_name().is_some() {
            "reg-name"
        } else {
            "ipv4"
        }
    });
    vec![
        (Field::Scheme, own(r.scheme_str())),
        (Field::Authority, own(r.authority_str())),
        (
            Field::Userinfo,
            own(auth.as_ref().and_then(|a| a.userinfo())),
        ),
        (Field::Host, own(auth.as_ref().map(|a| a.host()))),
        (Field::Port, own(auth.as_ref().and_then(|a| a.port()))),
        (Field::Path, Some(r.path_str().to_owned())),
        (Field::Query, own(r.query_str())),
        (Field::Fragment, own(r.fragment().map(|f| f.as_str()))),
        (Field::HostKind, own(kind)),
    ]
}

/// `oxiri` 0.3: the scheme, authority, path, query and fragment of a
/// parsed `IriRef` (it splits no further).
pub(crate) fn oxiri_fields(r: &oxiri::IriRef<&str>) -> Fields {
    vec![
        (Field::Scheme, own(r.scheme())),
        (Field::Authority, own(r.authority())),
        (Field::Path, Some(r.path().to_owned())),
        (Field::Query, own(r.query())),
        (Field::Fragment, own(r.fragment())),
    ]
}
