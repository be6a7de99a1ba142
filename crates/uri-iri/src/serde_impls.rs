//! `Serialize` and `Deserialize` for [`NormalizedIri`] (feature `serde`).
//!
//! A `NormalizedIri` serializes as its normal form. Deserializing reads an
//! absolute IRI with uri-core's validation (the error names the kind and
//! the byte index), then normalizes it by syntax (RFC 3987 §5.3.2,
//! [`NormalizedIri::new`]); NFC ([`NormalizedIri::with_nfc`]) is not
//! applied on the way in. Syntax normalization of an IRI already in
//! normal form leaves it as it is, so what this crate writes reads back
//! with the same string.
//!
//! # Examples
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use uri_iri::NormalizedIri;
//!
//! let n: NormalizedIri = serde_json::from_str(r#""HTTP://Ex.org/./%C3%A9t%C3%A9""#).unwrap();
//! assert_eq!(n.as_str(), "http://ex.org/été");
//! assert_eq!(serde_json::to_string(&n).unwrap(), r#""http://ex.org/été""#);
//! # }
//! ```

use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};
use uri_core::IriBuf;

use crate::nfc::NormalizedIri;

impl Serialize for NormalizedIri {
    /// The normal form, as a string.
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for NormalizedIri {
    /// Reads an IRI as uri-core's `IriBuf` does, then normalizes it by syntax.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let iri = IriBuf::deserialize(deserializer)?;
        Ok(NormalizedIri::new(iri.as_iri()))
    }
}
