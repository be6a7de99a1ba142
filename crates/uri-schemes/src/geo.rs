//! geo (RFC 5870): a point on the earth (or another body), in two or three
//! coordinates, with an optional coordinate reference system and
//! uncertainty.
//!
//! # Grammar
//!
//! RFC 5870 §3.3:
//!
//! ```text
//! geo-URI     = "geo:" coordinates p
//! coordinates = coord-a "," coord-b [ "," coord-c ]
//! p           = [ crsp ] [ uncp ] *parameter
//! crsp        = ";crs=" crslabel          ; "wgs84" by default
//! uncp        = ";u=" pnum                ; metres
//! parameter   = ";" pname [ "=" pvalue ]
//! num         = [ "-" ] pnum
//! pnum        = 1*DIGIT [ "." 1*DIGIT ]
//! labeltext   = 1*( alphanum / "-" )
//! paramchar   = p-unreserved / unreserved / pct-encoded
//! ```
//!
//! # Rules
//!
//! What is checked, and the kinds of the violations (all errors):
//!
//! - `InvalidCoordinates`: not two or three `num`s separated by `,`
//!   (pointing at the first byte of the one that is not, or at the path);
//! - `LatitudeOutOfRange` (outside −90 to 90) and `LongitudeOutOfRange`
//!   (outside −180 to 180), for the WGS-84 reference system only
//!   (RFC 5870 §3.4.2); other systems' ranges are theirs;
//! - `InvalidCrs`: a `crs` value that is not `labeltext`;
//! - `InvalidUncertainty`: a `u` value that is not `pnum`;
//! - `ParameterOrder`: `crs` after `u` or another parameter, or `u` after
//!   another parameter (the grammar's order);
//! - `InvalidParameter`: a name that is not `labeltext`, or a value that is
//!   empty or holds a character outside `paramchar`;
//! - `QueryNotAllowed`: a query (the grammar has none).
//!
//! The report's fields (a [`Geo`]) only when every part was read: not
//! after `InvalidCoordinates`, `InvalidCrs`, `InvalidUncertainty` or
//! `InvalidParameter` (a view without the part it refused would compare as
//! another URI).
//!
//! # Equivalence
//!
//! RFC 5870 §3.4.4 (URI comparison; §6.4 gives examples, all of them in
//! `tests/vectors/geo.json`): two geo URIs are equivalent when their reference systems
//! are the same (case-insensitive, `wgs84` when absent), their coordinates
//! are numerically equal (`22.300` is `22.3`, `-0` is `0`), their
//! uncertainties are both absent or numerically equal, and their other
//! parameters are the same, in the same order, names compared in any case
//! and values after percent-decoding, exactly. For WGS-84, the longitude
//! of a pole (latitude ±90) is ignored, and longitudes 180 and −180 are one
//! meridian (§3.4.2, §3.4.4). An altitude of 0 is not an absent one (our
//! reading of §3.4.4, which compares the coordinates given).
//!
//! The normal form is the syntax-based one only (RFC 3986 §6.2.2): the
//! path is opaque (dot segments are data), and the numeric rules above are
//! the scheme's equivalence, not a rewrite of the URI.
//!
//! # Examples
//!
//! ```
//! use uri_core::{Uri, UriReference};
//! use uri_schemes::{Geo, Registry};
//!
//! let geo = Geo::parse(Uri::parse("geo:48.2010,16.3695,183;u=40")?)?;
//! assert_eq!((geo.latitude(), geo.longitude(), geo.altitude()), ("48.2010", "16.3695", Some("183")));
//! assert_eq!((geo.crs(), geo.uncertainty()), ("wgs84", Some("40")));
//!
//! let r = |s| UriReference::parse(s);
//! assert!(Registry::standard().equivalent(r("geo:90,-22.43;crs=WGS84")?, r("geo:90,46")?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use uri_core::{Uri, UriBuf};

use crate::scheme::{rules_of_the_view, scheme_facts};
use crate::{Fields, Report, Scheme, Violation};

/// The section that defines the grammar.
const SECTION: &str = "RFC 5870 §3.3";

/// The parts of a geo URI (RFC 5870): see the [module docs](self) for the
/// grammar, the rules checked, and the equivalence.
///
/// `Eq` compares the parts as written; [`Geo::is_equivalent`] compares by
/// RFC 5870 §3.4.4.
///
/// # Examples
///
/// ```
/// use uri_schemes::Geo;
///
/// let geo = Geo::parse(uri_core::Uri::parse("geo:13.4125,103.8667")?)?;
/// assert_eq!(geo.coordinates(), ["13.4125", "103.8667"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Geo {
    coordinates: Vec<String>,
    crs: Option<String>,
    uncertainty: Option<String>,
    parameters: Vec<(String, Option<String>)>,
}

impl Geo {
    /// The typed entry: checks `uri` by the [rules](self#rules) and the
    /// generic ones, and gives its parts when no violation is an error
    /// (warnings are dropped: [`Registry::check`](crate::Registry::check)
    /// keeps them); else the [`Report`] of what was found.
    ///
    /// # Errors
    ///
    /// The report, when a violation is an error or `uri` is not a geo URI
    /// (`WrongScheme`).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Geo;
    ///
    /// assert!(Geo::parse(Uri::parse("geo:1,2")?).is_ok());
    /// let report = Geo::parse(Uri::parse("geo:91,2")?).unwrap_err();
    /// assert_eq!(report.violations()[0].kind(), "LatitudeOutOfRange");
    /// # Ok::<(), uri_core::ParseError>(())
    /// ```
    pub fn parse(uri: Uri<'_>) -> Result<Geo, Report<'_>> {
        crate::scheme::typed_entry(uri, &GeoScheme, &["geo"], |fields| match fields {
            Fields::Geo(geo) => Some(*geo),
            _ => None,
        })
    }

    /// The coordinates as written: latitude, longitude and maybe altitude
    /// for WGS-84 (RFC 5870 §3.4.2).
    ///
    /// # Examples
    ///
    /// ```
    /// let geo = uri_schemes::Geo::parse(uri_core::Uri::parse("geo:1,2,3")?)?;
    /// assert_eq!(geo.coordinates(), ["1", "2", "3"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn coordinates(&self) -> &[String] {
        &self.coordinates
    }

    /// The first coordinate: the latitude in WGS-84.
    ///
    /// # Examples
    ///
    /// ```
    /// let geo = uri_schemes::Geo::parse(uri_core::Uri::parse("geo:-1.5,2")?)?;
    /// assert_eq!(geo.latitude(), "-1.5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn latitude(&self) -> &str {
        self.coordinates.first().map_or("", String::as_str)
    }

    /// The second coordinate: the longitude in WGS-84.
    ///
    /// # Examples
    ///
    /// ```
    /// let geo = uri_schemes::Geo::parse(uri_core::Uri::parse("geo:1,-2.25")?)?;
    /// assert_eq!(geo.longitude(), "-2.25");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn longitude(&self) -> &str {
        self.coordinates.get(1).map_or("", String::as_str)
    }

    /// The third coordinate, if any: the altitude in metres in WGS-84
    /// (RFC 5870 §3.4.2).
    ///
    /// # Examples
    ///
    /// ```
    /// let geo = uri_schemes::Geo::parse(uri_core::Uri::parse("geo:1,2")?)?;
    /// assert_eq!(geo.altitude(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn altitude(&self) -> Option<&str> {
        self.coordinates.get(2).map(String::as_str)
    }

    /// The coordinate reference system in lower case, `"wgs84"` when the
    /// URI names none (RFC 5870 §3.4.1).
    ///
    /// # Examples
    ///
    /// ```
    /// let geo = uri_schemes::Geo::parse(uri_core::Uri::parse("geo:1,2;crs=WGS84")?)?;
    /// assert_eq!(geo.crs(), "wgs84");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn crs(&self) -> &str {
        self.crs.as_deref().unwrap_or("wgs84")
    }

    /// The uncertainty in metres as written (RFC 5870 §3.4.3), if given.
    ///
    /// # Examples
    ///
    /// ```
    /// let geo = uri_schemes::Geo::parse(uri_core::Uri::parse("geo:1,2;u=6.500")?)?;
    /// assert_eq!(geo.uncertainty(), Some("6.500"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn uncertainty(&self) -> Option<&str> {
        self.uncertainty.as_deref()
    }

    /// The other parameters, in order: the name as written, the value
    /// percent-decoded (RFC 5870 §3.3).
    ///
    /// # Examples
    ///
    /// ```
    /// let geo = uri_schemes::Geo::parse(uri_core::Uri::parse("geo:1,2;FOo=this%2dthat;x")?)
    ///     ?;
    /// assert_eq!(geo.parameters(), [("FOo".to_owned(), Some("this-that".to_owned())), ("x".to_owned(), None)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parameters(&self) -> &[(String, Option<String>)] {
        &self.parameters
    }

    /// Whether `self` and `other` are equivalent by RFC 5870 §3.4.4: see the
    /// [module docs](self#equivalence).
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_core::Uri;
    /// use uri_schemes::Geo;
    ///
    /// let geo = |s| Geo::parse(Uri::parse(s).unwrap()).unwrap();
    /// assert!(geo("geo:22.300,-118.44").is_equivalent(&geo("geo:22.3,-118.4400")));
    /// assert!(!geo("geo:22,0;bar=Blue").is_equivalent(&geo("geo:22,0;BAR=blue")));
    /// ```
    pub fn is_equivalent(&self, other: &Geo) -> bool {
        if !self.crs().eq_ignore_ascii_case(other.crs()) {
            return false;
        }
        if self.coordinates.len() != other.coordinates.len() {
            return false;
        }
        let wgs84 = self.crs().eq_ignore_ascii_case("wgs84");
        fn numbers(g: &Geo) -> Vec<Decimal<'_>> {
            g.coordinates.iter().map(|c| Decimal::of(c)).collect()
        }
        let (mut a, mut b) = (numbers(self), numbers(other));
        if wgs84 {
            for c in [&mut a, &mut b] {
                // §3.4.2, §3.4.4: at a pole every longitude is one point, and
                // 180 and −180 are one meridian.
                if c[0].int == "90" && c[0].frac.is_empty() {
                    c[1] = Decimal::zero();
                } else if c[1].int == "180" && c[1].frac.is_empty() {
                    c[1].negative = false;
                }
            }
        }
        if a != b {
            return false;
        }
        let (u, v) = (self.uncertainty.as_deref(), other.uncertainty.as_deref());
        if u.map(Decimal::of) != v.map(Decimal::of) {
            return false;
        }
        self.parameters.len() == other.parameters.len()
            && (self.parameters.iter().zip(&other.parameters))
                .all(|((n, v), (m, w))| n.eq_ignore_ascii_case(m) && v == w)
    }
}

/// A `num` as sign, integer digits without leading zeros and fraction
/// digits without trailing ones: equal numbers, equal values.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Decimal<'a> {
    negative: bool,
    int: &'a str,
    frac: &'a str,
}

impl<'a> Decimal<'a> {
    fn of(text: &'a str) -> Self {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let int = int.trim_start_matches('0');
        let frac = frac.trim_end_matches('0');
        let int = if int.is_empty() { "0" } else { int };
        Decimal {
            negative: negative && !(int == "0" && frac.is_empty()),
            int,
            frac,
        }
    }

    const fn zero() -> Self {
        Decimal {
            negative: false,
            int: "0",
            frac: "",
        }
    }

    /// Whether the magnitude exceeds `limit` (an integer).
    fn exceeds(&self, limit: u32) -> bool {
        match self.int.parse::<u32>() {
            Ok(int) => int > limit || (int == limit && !self.frac.is_empty()),
            Err(_) => true,
        }
    }
}

/// `num = [ "-" ] 1*DIGIT [ "." 1*DIGIT ]`.
fn is_num(text: &str) -> bool {
    is_pnum(text.strip_prefix('-').unwrap_or(text))
}

/// `pnum = 1*DIGIT [ "." 1*DIGIT ]`.
fn is_pnum(text: &str) -> bool {
    let (int, frac) = match text.split_once('.') {
        Some((int, frac)) => (int, Some(frac)),
        None => (text, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(int) && frac.is_none_or(digits)
}

/// `labeltext = 1*( alphanum / "-" )`.
fn is_labeltext(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// `1*paramchar`, triplets well formed.
fn is_pvalue(text: &str) -> bool {
    let b = text.as_bytes();
    !b.is_empty()
        && b.iter().enumerate().all(|(i, &c)| {
            c.is_ascii_alphanumeric()
                || b"[]:&+$-_.!~*'()".contains(&c)
                || (c == b'%' && uri_encode::triplet_at(b, i).is_some())
                || (i >= 1 && b[i - 1] == b'%' && uri_encode::triplet_at(b, i - 1).is_some())
                || (i >= 2 && b[i - 2] == b'%' && uri_encode::triplet_at(b, i - 2).is_some())
        })
}

/// The checks of the [module docs](self#rules).
fn check(uri: Uri<'_>) -> (Fields<'_>, Vec<Violation>) {
    let mut found = Vec::new();
    let start = uri.scheme().len() + 1;
    let error = |kind, at, message: &'static str| Violation::error(kind, at, SECTION, message);
    // The first `?` of a URI starts its query (RFC 3986 §3.4).
    if let (Some(_), Some(at)) = (uri.query(), uri.as_str().find('?')) {
        found.push(error("QueryNotAllowed", at, "a geo URI has no query"));
    }
    if uri.has_authority() {
        found.push(error(
            "InvalidCoordinates",
            start,
            "a geo URI starts with its coordinates",
        ));
        return (Fields::None, found);
    }
    let (coordinates, params) = crate::generic::semicolon_params(uri.path(), start);
    let mut at = start;
    let mut coords = Vec::new();
    // Whether every part was read: a view that left one out (a `crs`, a
    // `u` or a parameter it refused) would compare as another URI, and
    // its syntax normal form (`%2D` decoded to `-`, say) could then read
    // differently from it. Such a URI has no fields, as one whose
    // coordinates are not numbers has none.
    let mut ok = true;
    for c in coordinates.split(',') {
        if !is_num(c) {
            found.push(error(
                "InvalidCoordinates",
                at,
                "a coordinate is a decimal number",
            ));
            ok = false;
            break;
        }
        coords.push(c.to_owned());
        at += c.len() + 1;
    }
    if ok && !(2..=3).contains(&coords.len()) {
        found.push(error(
            "InvalidCoordinates",
            start,
            "a geo URI has two or three coordinates",
        ));
        ok = false;
    }
    let mut geo = Geo {
        coordinates: coords,
        crs: None,
        uncertainty: None,
        parameters: Vec::new(),
    };
    for (at, name, value) in params {
        if name.eq_ignore_ascii_case("crs") {
            if geo.uncertainty.is_some() || !geo.parameters.is_empty() || geo.crs.is_some() {
                found.push(error(
                    "ParameterOrder",
                    at,
                    "`crs` comes first of the parameters",
                ));
            }
            match value {
                Some(v) if is_labeltext(v) => geo.crs = Some(v.to_ascii_lowercase()),
                _ => {
                    found.push(error(
                        "InvalidCrs",
                        at,
                        "a `crs` value is letters, digits and `-`",
                    ));
                    ok = false;
                }
            }
        } else if name.eq_ignore_ascii_case("u") {
            if !geo.parameters.is_empty() || geo.uncertainty.is_some() {
                found.push(error(
                    "ParameterOrder",
                    at,
                    "`u` comes after `crs`, before the others",
                ));
            }
            match value {
                Some(v) if is_pnum(v) => geo.uncertainty = Some(v.to_owned()),
                _ => {
                    found.push(error(
                        "InvalidUncertainty",
                        at,
                        "a `u` value is a non-negative number of metres",
                    ));
                    ok = false;
                }
            }
        } else if !is_labeltext(name) || value.is_some_and(|v| !is_pvalue(v)) {
            found.push(error(
                "InvalidParameter",
                at,
                "a parameter is `name` or `name=value`",
            ));
            ok = false;
        } else {
            let value = value.map(|v| uri_encode::decode_utf8_lossy(v).into_owned());
            geo.parameters.push((name.to_owned(), value));
        }
    }
    if ok && geo.crs() == "wgs84" {
        let lat = Decimal::of(geo.latitude());
        if lat.exceeds(90) {
            found.push(error(
                "LatitudeOutOfRange",
                start,
                "a WGS-84 latitude is from -90 to 90",
            ));
        }
        if Decimal::of(geo.longitude()).exceeds(180) {
            let lon_at = start + geo.latitude().len() + 1;
            found.push(error(
                "LongitudeOutOfRange",
                lon_at,
                "a WGS-84 longitude is from -180 to 180",
            ));
        }
    }
    if !ok {
        return (Fields::None, found);
    }
    (Fields::Geo(Box::new(geo)), found)
}

/// `geo`.
pub(crate) struct GeoScheme;

impl Scheme for GeoScheme {
    // kind: A name: the point is the resource, and nothing in the URI
    //   says how to reach it.
    // opaque_path: Coordinates and parameters, not a hierarchy.
    scheme_facts! { name = "geo"; kind = Name; opaque_path = true; }

    // The view is [`Geo`], its equivalence [`Geo::is_equivalent`].
    rules_of_the_view! {
        rule = "RFC 5870 §3.4.4";
        read = |uri| match check(uri).0 {
            Fields::Geo(geo) => Some(geo),
            _ => None,
        };
        same = |x, y| x.is_equivalent(y);
        key = geo_equivalence_key;
    }

    /// Syntax normalization only: see the [module docs](self#equivalence).
    fn normalize(&self, uri: &mut UriBuf) {
        let _ = uri;
    }
}

/// The text [`Geo::is_equivalent`] compares (RFC 5870 §3.4.4): the CRS in
/// lower case (§6.1); `|` and each coordinate as a canonical decimal
/// (sign, integer digits without leading zeros, fraction digits without
/// trailing ones: §6.2 compares numerically), each followed by `,`, with
/// §3.4.2's rules for wgs84 (at a pole the longitude is 0, and `-180` is
/// `180`); `|` and the uncertainty, a decimal too (§6.3); `|` and each
/// other parameter in order, its name in lower case, `=` and its decoded
/// value when it has one, and `;` (§6.4: values compare as they are).
/// Names and values are written by [`push_field`](crate::equivalence_key::push_field),
/// so the separators are never part of one.
fn geo_equivalence_key(geo: &Geo) -> String {
    use crate::equivalence_key::push_field;
    fn push_decimal(key: &mut String, d: &Decimal<'_>) {
        if d.negative {
            key.push('-');
        }
        push_field(key, d.int);
        if !d.frac.is_empty() {
            key.push('.');
            push_field(key, d.frac);
        }
    }
    let mut key = String::new();
    push_field(&mut key, &geo.crs().to_ascii_lowercase());
    key.push('|');
    let mut numbers: Vec<Decimal<'_>> = geo.coordinates.iter().map(|c| Decimal::of(c)).collect();
    if geo.crs().eq_ignore_ascii_case("wgs84") {
        let pole = numbers
            .first()
            .is_some_and(|lat| lat.int == "90" && lat.frac.is_empty());
        if let Some(lon) = numbers.get_mut(1) {
            if pole {
                *lon = Decimal::zero();
            } else if lon.int == "180" && lon.frac.is_empty() {
                lon.negative = false;
            }
        }
    }
    for number in &numbers {
        push_decimal(&mut key, number);
        key.push(',');
    }
    key.push('|');
    if let Some(u) = geo.uncertainty.as_deref() {
        key.push('u');
        push_decimal(&mut key, &Decimal::of(u));
    }
    key.push('|');
    for (name, value) in &geo.parameters {
        push_field(&mut key, &name.to_ascii_lowercase());
        if let Some(value) = value {
            key.push('=');
            push_field(&mut key, value);
        }
        key.push(';');
    }
    key
}

/// This module's entry in [`Registry::standard`](crate::Registry::standard).
pub(crate) const SCHEMES: &[crate::registry::Builtin] =
    &[crate::registry::Builtin::Other(&GeoScheme)];
