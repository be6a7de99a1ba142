//! `Serialize` for the scheme checks' results, and `Deserialize` for
//! [`Severity`] (feature `serde`): enough to write a check's findings as
//! JSON, or any other serde format.
//!
//! - [`Severity`] is its name, `"warning"` or `"error"`, both ways.
//! - [`Violation`] is a map: `severity`, `kind`, `index`, `section`,
//!   `message` (its kind and section are `&'static str`, so it is written,
//!   not read).
//! - [`Origin`] is a map: `scheme`, `host`, `port` (RFC 6454 §4's tuple,
//!   the port always present).
//!
//! # Examples
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use uri_schemes::{Severity, Violation};
//!
//! let v = Violation::error("MissingHost", 7, "RFC 9110 §4.2.1", "an http URI needs a host");
//! assert_eq!(
//!     serde_json::to_string(&v).unwrap(),
//!     r#"{"severity":"error","kind":"MissingHost","index":7,"section":"RFC 9110 §4.2.1","message":"an http URI needs a host"}"#
//! );
//! assert_eq!(serde_json::from_str::<Severity>(r#""warning""#).unwrap(), Severity::Warning);
//! # }
//! ```

use serde::de::{self, Deserialize, Deserializer, Unexpected};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use serde::ser::{SerializeMap, SerializeSeq};

use crate::{FieldValue, Origin, Severity, Violation};

impl Serialize for Severity {
    /// `"warning"` or `"error"` ([`Severity::as_str`]).
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Severity {
    /// `"warning"` or `"error"`, nothing else.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = <alloc::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        match &*name {
            "warning" => Ok(Severity::Warning),
            "error" => Ok(Severity::Error),
            other => Err(de::Error::invalid_value(
                Unexpected::Str(other),
                &"\"warning\" or \"error\"",
            )),
        }
    }
}

impl Serialize for Violation {
    /// A map of `severity`, `kind`, `index`, `section` and `message`.
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut s = serializer.serialize_struct("Violation", 5)?;
        s.serialize_field("severity", &self.severity())?;
        s.serialize_field("kind", self.kind())?;
        s.serialize_field("index", &self.index())?;
        s.serialize_field("section", self.section())?;
        s.serialize_field("message", self.message())?;
        s.end()
    }
}

impl Serialize for Origin<'_> {
    /// A map of `scheme`, `host` and `port`.
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut s = serializer.serialize_struct("Origin", 3)?;
        s.serialize_field("scheme", self.scheme())?;
        s.serialize_field("host", self.host())?;
        s.serialize_field("port", &self.port())?;
        s.end()
    }
}

impl Serialize for FieldValue {
    /// null, a boolean, a number, a string, an array or a map, as the
    /// value is.
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        match self {
            FieldValue::Null => serializer.serialize_unit(),
            FieldValue::Bool(b) => serializer.serialize_bool(*b),
            FieldValue::Number(n) => serializer.serialize_u64(*n),
            FieldValue::Text(t) => serializer.serialize_str(t),
            FieldValue::List(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            FieldValue::Map(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (name, value) in entries {
                    map.serialize_entry(name, value)?;
                }
                map.end()
            }
        }
    }
}
