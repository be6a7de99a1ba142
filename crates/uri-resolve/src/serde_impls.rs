//! `Serialize` and `Deserialize` for [`NormalizedUri`] (feature `serde`).
//!
//! A `NormalizedUri` serializes as its normal form. Deserializing reads an
//! absolute URI (or IRI, under `IriSpec`) with uri-core's validation, then
//! normalizes it by syntax (RFC 3986 §6.2.2, [`NormalizedUri::new`]): what
//! comes back is always in normal form, so a value written by this crate
//! reads back equal and with the same string, and a string written by hand
//! reads back normalized. Scheme rules ([`NormalizedUri::with_rules`]) are
//! not applied on the way in.
//!
//! # Examples
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use uri_resolve::NormalizedUri;
//!
//! let n: NormalizedUri = serde_json::from_str(r#""HTTP://Example.org/a/../%7euser""#).unwrap();
//! assert_eq!(n.as_str(), "http://example.org/~user");
//! assert_eq!(serde_json::to_string(&n).unwrap(), r#""http://example.org/~user""#);
//! assert!(serde_json::from_str::<NormalizedUri>(r#""../relative""#).is_err());
//! # }
//! ```

use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};
use uri_core::{RiBuf, Spec};

use crate::NormalizedUri;

impl<S: Spec> Serialize for NormalizedUri<S> {
    /// The normal form, as a string.
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de, S: Spec> Deserialize<'de> for NormalizedUri<S> {
    /// Reads an absolute reference as uri-core's `RiBuf` does (the same
    /// errors, naming the kind and index), then normalizes it by syntax.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let uri = RiBuf::<S>::deserialize(deserializer)?;
        Ok(NormalizedUri::new(uri.as_ri()))
    }
}
