//! The `serde` feature: `Vars` from any `Serialize` value, and
//! `Serialize` for `Value`, `Vars` and `Captures` (a string, an array for
//! a list, an object for an associative array).

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Display;

use serde::ser::{self, Impossible, Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::captures::Captures;
use crate::vars::{Value, Vars};

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::String(v) => s.serialize_str(v),
            Value::List(l) => {
                let mut seq = s.serialize_seq(Some(l.len()))?;
                for m in l {
                    seq.serialize_element(m)?;
                }
                seq.end()
            }
            Value::Assoc(a) => serialize_map(s, a.len(), a.iter().map(|(k, v)| (k, v))),
        }
    }
}

impl Serialize for Vars {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_map(s, self.len(), self.iter())
    }
}

impl Serialize for Captures {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_map(s, self.len(), self.iter())
    }
}

/// `len` pairs as a map, in their order.
fn serialize_map<S: Serializer, K: Serialize, V: Serialize>(
    s: S,
    len: usize,
    pairs: impl IntoIterator<Item = (K, V)>,
) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(len))?;
    for (k, v) in pairs {
        map.serialize_entry(&k, &v)?;
    }
    map.end()
}

/// Why a value could not be read as [`Vars`] (the `serde` feature).
///
/// # Examples
///
/// ```
/// let err = uri_template::Vars::from_serialize(&"a string").unwrap_err();
/// assert!(err.to_string().contains("map or struct"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct VarsError(String);

impl ser::Error for VarsError {
    fn custom<T: Display>(msg: T) -> Self {
        VarsError(msg.to_string())
    }
}

fn error(what: &str) -> VarsError {
    VarsError(String::from(what))
}

impl Vars {
    /// The variables of a `Serialize` value: a struct or a map whose
    /// fields are strings, numbers, booleans or characters (a string),
    /// sequences of those (a list) or maps and structs of those (an
    /// associative array, in field order); `None` and `()` leave a
    /// variable undefined. A `serde_json::Value` object works as it is.
    ///
    /// # Errors
    ///
    /// A [`VarsError`] when the value is not a map or struct, or nests
    /// deeper than a list or associative array of scalars.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Template, Vars};
    ///
    /// #[derive(serde::Serialize)]
    /// struct Query { q: String, page: u32, tags: Vec<&'static str>, lang: Option<String> }
    ///
    /// let vars = Vars::from_serialize(&Query { q: "rust".into(), page: 2, tags: vec!["a", "b"], lang: None })?;
    /// let t = Template::parse("/search{?q,page,tags,lang}")?;
    /// assert_eq!(t.expand(&vars)?, "/search?q=rust&page=2&tags=a,b");
    ///
    /// let json = serde_json::json!({"x": 1.5, "k": {"a": "b"}});
    /// assert_eq!(Template::parse("{x}{;k*}")?.expand(&Vars::from_serialize(&json)?)?, "1.5;a=b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_serialize<T: Serialize + ?Sized>(value: &T) -> Result<Vars, VarsError> {
        value.serialize(Top)
    }
}

/// The top level: a map or a struct.
struct Top;

/// A map or struct being read as variables (or as an associative array,
/// when `assoc`).
struct Entries {
    vars: Vars,
    pairs: Vec<(String, String)>,
    assoc: bool,
    key: Option<String>,
}

impl Entries {
    fn new(assoc: bool) -> Self {
        Entries {
            vars: Vars::new(),
            pairs: Vec::new(),
            assoc,
            key: None,
        }
    }

    fn put<T: Serialize + ?Sized>(&mut self, key: String, value: &T) -> Result<(), VarsError> {
        if self.assoc {
            if let Some(v) = value.serialize(Scalar)? {
                self.pairs.push((key, v));
            }
        } else if let Some(v) = value.serialize(Member)? {
            self.vars.insert(key, v);
        }
        Ok(())
    }
}

impl SerializeMap for Entries {
    type Ok = Option<Value>;
    type Error = VarsError;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), VarsError> {
        self.key = key.serialize(Scalar)?;
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), VarsError> {
        let key = self
            .key
            .take()
            .ok_or_else(|| error("a map key that is not a scalar"))?;
        self.put(key, value)
    }

    fn end(self) -> Result<Option<Value>, VarsError> {
        // The top level reads variables through `TopEntries`; here a map or
        // struct is a variable's associative array.
        Ok(Some(Value::Assoc(self.pairs)))
    }
}

impl ser::SerializeStruct for Entries {
    type Ok = Option<Value>;
    type Error = VarsError;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), VarsError> {
        self.put(String::from(key), value)
    }

    fn end(self) -> Result<Option<Value>, VarsError> {
        SerializeMap::end(self)
    }
}

/// Serializes scalars to a string; `None` for `None` and `()`.
macro_rules! scalars {
    ($($method:ident: $ty:ty),*) => {
        $(fn $method(self, v: $ty) -> Result<Self::Ok, VarsError> {
            self.scalar(v.to_string())
        })*
    };
}

/// The methods every serializer here refuses or forwards.
macro_rules! common {
    () => {
        scalars!(serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
            serialize_i64: i64, serialize_i128: i128, serialize_u8: u8, serialize_u16: u16,
            serialize_u32: u32, serialize_u64: u64, serialize_u128: u128, serialize_f32: f32,
            serialize_f64: f64, serialize_char: char, serialize_str: &str);

        fn serialize_bytes(self, _: &[u8]) -> Result<Self::Ok, VarsError> {
            Err(error("bytes are not a variable value"))
        }
        fn serialize_none(self) -> Result<Self::Ok, VarsError> {
            self.nothing()
        }
        fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<Self::Ok, VarsError> {
            v.serialize(self)
        }
        fn serialize_unit(self) -> Result<Self::Ok, VarsError> {
            self.nothing()
        }
        fn serialize_unit_struct(self, _: &'static str) -> Result<Self::Ok, VarsError> {
            self.nothing()
        }
        fn serialize_unit_variant(self, _: &'static str, _: u32, v: &'static str) -> Result<Self::Ok, VarsError> {
            self.scalar(String::from(v))
        }
        fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result<Self::Ok, VarsError> {
            v.serialize(self)
        }
        fn serialize_newtype_variant<T: Serialize + ?Sized>(self, _: &'static str, _: u32, _: &'static str, _: &T) -> Result<Self::Ok, VarsError> {
            Err(error("an enum variant with data is not a variable value"))
        }
        fn serialize_tuple_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self::SerializeTupleVariant, VarsError> {
            Err(error("an enum variant with data is not a variable value"))
        }
        fn serialize_struct_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self::SerializeStructVariant, VarsError> {
            Err(error("an enum variant with data is not a variable value"))
        }
    };
}

/// A variable's value: a scalar, a list or an associative array.
struct Member;

impl Member {
    fn scalar(self, s: String) -> Result<Option<Value>, VarsError> {
        Ok(Some(Value::String(s)))
    }
    fn nothing(self) -> Result<Option<Value>, VarsError> {
        Ok(None)
    }
}

/// A list being read.
struct List(Vec<String>);

impl SerializeSeq for List {
    type Ok = Option<Value>;
    type Error = VarsError;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), VarsError> {
        if let Some(s) = v.serialize(Scalar)? {
            self.0.push(s);
        }
        Ok(())
    }

    fn end(self) -> Result<Option<Value>, VarsError> {
        Ok(Some(Value::List(self.0)))
    }
}

impl ser::SerializeTuple for List {
    type Ok = Option<Value>;
    type Error = VarsError;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), VarsError> {
        SerializeSeq::serialize_element(self, v)
    }

    fn end(self) -> Result<Option<Value>, VarsError> {
        SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for List {
    type Ok = Option<Value>;
    type Error = VarsError;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), VarsError> {
        SerializeSeq::serialize_element(self, v)
    }

    fn end(self) -> Result<Option<Value>, VarsError> {
        SerializeSeq::end(self)
    }
}

impl Serializer for Member {
    type Ok = Option<Value>;
    type Error = VarsError;
    type SerializeSeq = List;
    type SerializeTuple = List;
    type SerializeTupleStruct = List;
    type SerializeTupleVariant = Impossible<Option<Value>, VarsError>;
    type SerializeMap = Entries;
    type SerializeStruct = Entries;
    type SerializeStructVariant = Impossible<Option<Value>, VarsError>;

    common!();

    fn serialize_seq(self, len: Option<usize>) -> Result<List, VarsError> {
        Ok(List(Vec::with_capacity(len.unwrap_or(0))))
    }
    fn serialize_tuple(self, len: usize) -> Result<List, VarsError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<List, VarsError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Entries, VarsError> {
        Ok(Entries::new(true))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Entries, VarsError> {
        Ok(Entries::new(true))
    }
}

/// A scalar inside a list or an associative array, or a map key.
struct Scalar;

impl Scalar {
    fn scalar(self, s: String) -> Result<Option<String>, VarsError> {
        Ok(Some(s))
    }
    fn nothing(self) -> Result<Option<String>, VarsError> {
        Ok(None)
    }
}

type NoCompound = Impossible<Option<String>, VarsError>;

impl Serializer for Scalar {
    type Ok = Option<String>;
    type Error = VarsError;
    type SerializeSeq = NoCompound;
    type SerializeTuple = NoCompound;
    type SerializeTupleStruct = NoCompound;
    type SerializeTupleVariant = NoCompound;
    type SerializeMap = NoCompound;
    type SerializeStruct = NoCompound;
    type SerializeStructVariant = NoCompound;

    common!();

    fn serialize_seq(self, _: Option<usize>) -> Result<NoCompound, VarsError> {
        Err(error("values nest deeper than a list of scalars"))
    }
    fn serialize_tuple(self, _: usize) -> Result<NoCompound, VarsError> {
        Err(error("values nest deeper than a list of scalars"))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<NoCompound, VarsError> {
        Err(error("values nest deeper than a list of scalars"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<NoCompound, VarsError> {
        Err(error(
            "values nest deeper than an associative array of scalars",
        ))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<NoCompound, VarsError> {
        Err(error(
            "values nest deeper than an associative array of scalars",
        ))
    }
}

/// The top-level serializer: only a map or a struct.
struct TopEntries(Entries);

impl SerializeMap for TopEntries {
    type Ok = Vars;
    type Error = VarsError;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), VarsError> {
        self.0.serialize_key(key)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), VarsError> {
        self.0.serialize_value(value)
    }
    fn end(self) -> Result<Vars, VarsError> {
        Ok(self.0.vars)
    }
}

impl ser::SerializeStruct for TopEntries {
    type Ok = Vars;
    type Error = VarsError;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), VarsError> {
        self.0.put(String::from(key), value)
    }
    fn end(self) -> Result<Vars, VarsError> {
        Ok(self.0.vars)
    }
}

type NotTop = Impossible<Vars, VarsError>;

fn not_top<T>() -> Result<T, VarsError> {
    Err(error("variables come from a map or struct"))
}

impl Serializer for Top {
    type Ok = Vars;
    type Error = VarsError;
    type SerializeSeq = NotTop;
    type SerializeTuple = NotTop;
    type SerializeTupleStruct = NotTop;
    type SerializeTupleVariant = NotTop;
    type SerializeMap = TopEntries;
    type SerializeStruct = TopEntries;
    type SerializeStructVariant = NotTop;

    fn serialize_bool(self, _: bool) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_i8(self, _: i8) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_i16(self, _: i16) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_i32(self, _: i32) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_i64(self, _: i64) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_u8(self, _: u8) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_u16(self, _: u16) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_u32(self, _: u32) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_u64(self, _: u64) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_f32(self, _: f32) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_f64(self, _: f64) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_char(self, _: char) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_str(self, _: &str) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_none(self) -> Result<Vars, VarsError> {
        Ok(Vars::new())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<Vars, VarsError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Vars, VarsError> {
        Ok(Vars::new())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Vars, VarsError> {
        Ok(Vars::new())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<Vars, VarsError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Vars, VarsError> {
        not_top()
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<NotTop, VarsError> {
        not_top()
    }
    fn serialize_tuple(self, _: usize) -> Result<NotTop, VarsError> {
        not_top()
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<NotTop, VarsError> {
        not_top()
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<NotTop, VarsError> {
        not_top()
    }
    fn serialize_map(self, _: Option<usize>) -> Result<TopEntries, VarsError> {
        Ok(TopEntries(Entries::new(false)))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<TopEntries, VarsError> {
        Ok(TopEntries(Entries::new(false)))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<NotTop, VarsError> {
        not_top()
    }
}
