//! Variable values (RFC 6570 §2.3): strings, lists and associative
//! arrays, and `Vars`, the assignment a template expands with.

use alloc::borrow::ToOwned;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

/// A variable's value (RFC 6570 §2.3): a string, a list of strings, or an
/// associative array of (name, value) pairs, in order.
///
/// A list or an associative array with no member is undefined (§2.3), as
/// is a variable with no value; an empty string is defined. `Eq` compares
/// the kind and the members in order.
///
/// # Examples
///
/// ```
/// use uri_template::Value;
///
/// assert_eq!(Value::from("a"), Value::String("a".into()));
/// assert_eq!(Value::from(["a", "b"]), Value::List(vec!["a".into(), "b".into()]));
/// assert_eq!(Value::assoc([("k", "v")]), Value::Assoc(vec![("k".into(), "v".into())]));
/// assert!(!Value::List(vec![]).is_defined());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// A string.
    String(String),
    /// A list of strings.
    List(Vec<String>),
    /// An associative array: (name, value) pairs, in order.
    Assoc(Vec<(String, String)>),
}

impl Value {
    /// A list from anything that gives strings.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::Value;
    ///
    /// assert_eq!(Value::list(1..=2), Value::from(["1", "2"]));
    /// ```
    pub fn list<I>(members: I) -> Value
    where
        I: IntoIterator,
        I::Item: ToString,
    {
        Value::List(members.into_iter().map(|m| m.to_string()).collect())
    }

    /// An associative array from (name, value) pairs, in their order.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::Value;
    ///
    /// let v = Value::assoc([("x", "1"), ("y", "2")]);
    /// assert_eq!(v.as_assoc().map(|a| a.len()), Some(2));
    /// ```
    pub fn assoc<I, K, V>(pairs: I) -> Value
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        Value::Assoc(
            pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        )
    }

    /// Whether the value is defined (§2.3): a string, or a list or an
    /// associative array with a member.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::Value;
    ///
    /// assert!(Value::from("").is_defined());
    /// assert!(!Value::assoc(Vec::<(String, String)>::new()).is_defined());
    /// ```
    pub fn is_defined(&self) -> bool {
        match self {
            Value::String(_) => true,
            Value::List(l) => !l.is_empty(),
            Value::Assoc(a) => !a.is_empty(),
        }
    }

    /// Whether the value is a list or an associative array (§2.3: a
    /// composite value).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_template::Value::from(["a"]).is_composite());
    /// ```
    pub fn is_composite(&self) -> bool {
        !matches!(self, Value::String(_))
    }

    /// The string, if the value is one.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Value::from("a").as_str(), Some("a"));
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The members, if the value is a list.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Value::from(["a"]).as_list().map(|l| l.len()), Some(1));
    /// ```
    pub fn as_list(&self) -> Option<&[String]> {
        match self {
            Value::List(l) => Some(l),
            _ => None,
        }
    }

    /// The pairs, if the value is an associative array.
    ///
    /// # Examples
    ///
    /// ```
    /// let v = uri_template::Value::assoc([("a", "1")]);
    /// assert_eq!(v.as_assoc().unwrap()[0].1, "1");
    /// ```
    pub fn as_assoc(&self) -> Option<&[(String, String)]> {
        match self {
            Value::Assoc(a) => Some(a),
            _ => None,
        }
    }
}

use alloc::string::ToString;

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_owned())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}

impl From<&String> for Value {
    fn from(s: &String) -> Self {
        Value::String(s.clone())
    }
}

impl From<Vec<String>> for Value {
    fn from(l: Vec<String>) -> Self {
        Value::List(l)
    }
}

impl From<Vec<&str>> for Value {
    fn from(l: Vec<&str>) -> Self {
        Value::list(l)
    }
}

impl<const N: usize> From<[&str; N]> for Value {
    fn from(l: [&str; N]) -> Self {
        Value::list(l)
    }
}

impl From<Vec<(String, String)>> for Value {
    fn from(a: Vec<(String, String)>) -> Self {
        Value::Assoc(a)
    }
}

impl<const N: usize> From<[(&str, &str); N]> for Value {
    fn from(a: [(&str, &str); N]) -> Self {
        Value::assoc(a)
    }
}

/// The values of variables, by name: what a template expands with
/// (RFC 6570 §3.2.1, "variables").
///
/// Built from pairs, an array of pairs, a `BTreeMap` or (with `std`) a
/// `HashMap`, and with the `serde` feature from any `Serialize` value
/// ([`Vars::from_serialize`]). A name not set, or set to an empty list or
/// associative array, is undefined. Names are compared as written, so
/// `Some%20Thing` is not `Some Thing`. `Eq` compares names and values.
///
/// # Examples
///
/// ```
/// use uri_template::{Template, Value, Vars};
///
/// let mut vars = Vars::new();
/// vars.insert("user", "zoë");
/// vars.insert("tags", ["a", "b"]);
/// let t = Template::parse("/u/{user}{?tags}")?;
/// assert_eq!(t.expand(&vars)?, "/u/zo%C3%AB?tags=a,b");
///
/// let same = Vars::from([("user", Value::from("zoë")), ("tags", Value::from(["a", "b"]))]);
/// assert_eq!(vars, same);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default)]
pub struct Vars {
    map: Map,
}

/// How many names a [`Vars`] keeps in a sorted `Vec` before it moves them
/// to a `BTreeMap`: up to this many, a lookup is a scan that compares
/// [`NameKey`]s (expansion looks a name up for every varspec, with the key
/// made when the template was parsed), and an insertion moves at most
/// this many entries; beyond it, the map keeps every operation
/// logarithmic.
const FEW: usize = 16;

/// A variable name's length and first [`NameKey::BYTES`] bytes in one
/// number: two names are the same when their keys are and, for a name
/// longer than that, their bytes are too. Comparing two names of a
/// template's usual length is one comparison, with no loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NameKey(u128);

impl NameKey {
    /// How many leading bytes a key holds.
    const BYTES: usize = 15;

    /// The key of `name`.
    pub(crate) fn of(name: &str) -> NameKey {
        let len = u8::try_from(name.len()).unwrap_or(u8::MAX);
        let mut key = u128::from(len) << 120;
        for (i, b) in name.bytes().take(Self::BYTES).enumerate() {
            key |= u128::from(b) << (8 * i);
        }
        NameKey(key)
    }

    /// Whether `a`, whose key this is, is `b`, whose key is `key`.
    #[inline]
    fn is(self, a: &str, key: NameKey, b: &str) -> bool {
        self == key && (a.len() <= Self::BYTES || a == b)
    }
}

/// A name, its key and its value, in a [`Map::Few`].
#[derive(Clone)]
struct Entry {
    key: NameKey,
    name: String,
    value: Value,
}

/// The storage of a [`Vars`]: names sorted either way.
#[derive(Clone)]
enum Map {
    /// At most [`FEW`] entries, sorted by name, each name once.
    Few(Vec<Entry>),
    /// More than [`FEW`] entries once (a removal does not move them back).
    Many(BTreeMap<String, Value>),
}

impl Default for Map {
    fn default() -> Self {
        Map::Few(Vec::new())
    }
}

/// The names and values of a [`Vars`], sorted by name.
enum Iter<'a> {
    Few(core::slice::Iter<'a, Entry>),
    Many(alloc::collections::btree_map::Iter<'a, String, Value>),
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a Value);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Few(it) => it.next().map(|e| (e.name.as_str(), &e.value)),
            Iter::Many(it) => it.next().map(|(k, v)| (k.as_str(), v)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Iter::Few(it) => it.size_hint(),
            Iter::Many(it) => it.size_hint(),
        }
    }
}

/// As the `BTreeMap` it once was: `Vars { map: {name: value, …} }`.
impl core::fmt::Debug for Vars {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        struct Entries<'a>(&'a Vars);
        impl core::fmt::Debug for Entries<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_map().entries(self.0.iter()).finish()
            }
        }
        f.debug_struct("Vars").field("map", &Entries(self)).finish()
    }
}

/// The same names with the same values, however they are stored.
impl PartialEq for Vars {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Vars {}

/// As a `BTreeMap` of the same entries hashes: the length, then each
/// name and value in order.
impl core::hash::Hash for Vars {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for entry in self.iter() {
            entry.hash(state);
        }
    }
}

impl Vars {
    /// No variable.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_template::Vars::new().is_empty());
    /// ```
    pub const fn new() -> Self {
        Vars {
            map: Map::Few(Vec::new()),
        }
    }

    /// Sets `name` to `value`, and gives back the value it had.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut vars = uri_template::Vars::new();
    /// assert_eq!(vars.insert("a", "1"), None);
    /// assert_eq!(vars.insert("a", "2"), Some("1".into()));
    /// ```
    pub fn insert(&mut self, name: impl Into<String>, value: impl Into<Value>) -> Option<Value> {
        let (name, value) = (name.into(), value.into());
        let few = match &mut self.map {
            Map::Many(map) => return map.insert(name, value),
            Map::Few(few) => few,
        };
        match few.binary_search_by(|e| e.name.as_str().cmp(&name)) {
            Ok(i) => few
                .get_mut(i)
                .map(|e| core::mem::replace(&mut e.value, value)),
            Err(i) if few.len() < FEW => {
                let key = NameKey::of(&name);
                few.insert(i, Entry { key, name, value });
                None
            }
            Err(_) => {
                let mut map: BTreeMap<String, Value> = core::mem::take(few)
                    .into_iter()
                    .map(|e| (e.name, e.value))
                    .collect();
                map.insert(name, value);
                self.map = Map::Many(map);
                None
            }
        }
    }

    /// This set, with `name` set to `value`.
    ///
    /// # Examples
    ///
    /// ```
    /// let vars = uri_template::Vars::new().with("a", "1").with("b", ["x", "y"]);
    /// assert_eq!(vars.len(), 2);
    /// ```
    #[must_use]
    pub fn with(mut self, name: impl Into<String>, value: impl Into<Value>) -> Self {
        self.insert(name, value);
        self
    }

    /// The value of `name`, if it has one.
    ///
    /// # Examples
    ///
    /// ```
    /// let vars = uri_template::Vars::from([("a", "1")]);
    /// assert_eq!(vars.get("a").and_then(|v| v.as_str()), Some("1"));
    /// assert_eq!(vars.get("b"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.get_keyed(name, NameKey::of(name))
    }

    /// [`Vars::get`], with the key of `name` made already.
    #[inline]
    fn get_keyed(&self, name: &str, key: NameKey) -> Option<&Value> {
        match &self.map {
            Map::Few(few) => few
                .iter()
                .find(|e| e.key.is(&e.name, key, name))
                .map(|e| &e.value),
            Map::Many(map) => map.get(name),
        }
    }

    /// [`Vars::defined`], with the key of `name` made already (when the
    /// template was parsed).
    #[inline]
    pub(crate) fn defined_keyed(&self, name: &str, key: NameKey) -> Option<&Value> {
        self.get_keyed(name, key).filter(|v| v.is_defined())
    }

    /// The value of `name` if it is defined (§2.3): not an empty list or
    /// associative array.
    ///
    /// # Examples
    ///
    /// ```
    /// use uri_template::{Value, Vars};
    ///
    /// let vars = Vars::from([("a", Value::List(vec![]))]);
    /// assert!(vars.get("a").is_some());
    /// assert!(vars.defined("a").is_none());
    /// ```
    pub fn defined(&self, name: &str) -> Option<&Value> {
        self.get(name).filter(|v| v.is_defined())
    }

    /// Removes `name`, giving back its value.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut vars = uri_template::Vars::from([("a", "1")]);
    /// assert!(vars.remove("a").is_some());
    /// assert!(vars.is_empty());
    /// ```
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        match &mut self.map {
            Map::Few(few) => {
                let i = few.iter().position(|e| e.name == name)?;
                Some(few.remove(i).value)
            }
            Map::Many(map) => map.remove(name),
        }
    }

    /// How many names have a value.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(uri_template::Vars::from([("a", "1")]).len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        match &self.map {
            Map::Few(few) => few.len(),
            Map::Many(map) => map.len(),
        }
    }

    /// Whether no name has a value.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(uri_template::Vars::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The names and values, sorted by name.
    ///
    /// # Examples
    ///
    /// ```
    /// let vars = uri_template::Vars::from([("b", "2"), ("a", "1")]);
    /// let names: Vec<&str> = vars.iter().map(|(n, _)| n).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        match &self.map {
            Map::Few(few) => Iter::Few(few.iter()),
            Map::Many(map) => Iter::Many(map.iter()),
        }
    }
}

impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Vars {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut vars = Vars::new();
        vars.extend(iter);
        vars
    }
}

impl<K: Into<String>, V: Into<Value>> Extend<(K, V)> for Vars {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl<K: Into<String>, V: Into<Value>, const N: usize> From<[(K, V); N]> for Vars {
    fn from(pairs: [(K, V); N]) -> Self {
        pairs.into_iter().collect()
    }
}

impl<K: Into<String>, V: Into<Value>> From<Vec<(K, V)>> for Vars {
    fn from(pairs: Vec<(K, V)>) -> Self {
        pairs.into_iter().collect()
    }
}

impl<K: Into<String>, V: Into<Value>> From<BTreeMap<K, V>> for Vars {
    fn from(map: BTreeMap<K, V>) -> Self {
        map.into_iter().collect()
    }
}

#[cfg(feature = "std")]
impl<K: Into<String>, V: Into<Value>, S> From<std::collections::HashMap<K, V, S>> for Vars {
    fn from(map: std::collections::HashMap<K, V, S>) -> Self {
        map.into_iter().collect()
    }
}

impl<'a> IntoIterator for &'a Vars {
    type Item = (&'a str, &'a Value);
    type IntoIter = alloc::boxed::Box<dyn Iterator<Item = (&'a str, &'a Value)> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        alloc::boxed::Box::new(self.iter())
    }
}

#[cfg(test)]
mod tests {
    // The test harness links `std` whatever the features: its hasher
    // gives `hash_of` a fixed one.
    extern crate std;

    use alloc::collections::BTreeMap;
    use alloc::format;
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;
    use core::hash::{Hash, Hasher};

    use proptest::prelude::*;

    use super::{FEW, NameKey, Value, Vars};

    /// A hash of `value` with a fixed hasher.
    fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        value.hash(&mut h);
        h.finish()
    }

    /// `vars` holds exactly what `model` holds, answers as it does, and
    /// prints and hashes as a `BTreeMap` field named `map` did.
    #[track_caller]
    fn same(vars: &Vars, model: &BTreeMap<String, Value>) {
        assert_eq!(vars.len(), model.len());
        assert_eq!(vars.is_empty(), model.is_empty());
        let entries: Vec<(&str, &Value)> = vars.iter().collect();
        let want: Vec<(&str, &Value)> = model.iter().map(|(k, v)| (k.as_str(), v)).collect();
        assert_eq!(entries, want);
        for name in model.keys() {
            assert_eq!(vars.get(name), model.get(name));
        }
        assert_eq!(vars.get("absent"), None);
        assert_eq!(format!("{vars:?}"), format!("Vars {{ map: {model:?} }}"));
        assert_eq!(hash_of(vars), hash_of(model));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Inserting and removing in any order, below and above the
        /// number kept in a `Vec`, gives what a `BTreeMap` gives; two sets
        /// of the same entries are equal and hash alike however stored.
        #[test]
        fn vars_behave_as_a_sorted_map(
            ops in proptest::collection::vec((any::<bool>(), 0..40_usize, "[a-z]{0,2}"), 0..80),
        ) {
            let mut vars = Vars::new();
            let mut model = BTreeMap::new();
            for (insert, k, value) in ops {
                let name = format!("n{k}");
                if insert {
                    prop_assert_eq!(
                        vars.insert(name.as_str(), value.as_str()),
                        model.insert(name, Value::from(value)),
                    );
                } else {
                    prop_assert_eq!(vars.remove(&name), model.remove(&name));
                }
                same(&vars, &model);
            }
            // Built afresh (in a `Vec` when few): equal, same hash.
            let fresh: Vars = model.clone().into_iter().collect();
            prop_assert_eq!(&fresh, &vars);
            prop_assert_eq!(hash_of(&fresh), hash_of(&vars));
        }
    }

    #[test]
    fn name_keys_tell_names_apart_at_any_length() {
        let long = |n: usize, last: char| {
            let mut name = "x".repeat(n - 1);
            name.push(last);
            name
        };
        let names = [
            String::new(),
            String::from("a"),
            String::from("a.b"),
            String::from("a%20"),
            long(15, 'a'),
            long(15, 'b'),
            long(16, 'a'),
            long(16, 'b'),
            long(255, 'a'),
            long(300, 'a'),
            long(300, 'b'),
        ];
        for a in &names {
            let vars = Vars::new().with(a.as_str(), "v");
            for b in &names {
                let found = vars.defined_keyed(b, NameKey::of(b)).is_some();
                assert_eq!(found, a == b, "{} and {}", a.len(), b.len());
                assert_eq!(vars.get(b).is_some(), a == b);
            }
        }
    }

    #[test]
    fn many_names_move_to_the_map_and_stay_equal() {
        let names: Vec<String> = (0..2 * FEW).rev().map(|i| format!("v{i:02}")).collect();
        let mut vars = Vars::new();
        let mut model = BTreeMap::new();
        for (i, name) in names.iter().enumerate() {
            vars.insert(name.as_str(), i.to_string());
            model.insert(name.clone(), Value::from(i.to_string()));
            same(&vars, &model);
        }
        // Back down to a few: equal to a set that never grew.
        for name in &names[..FEW + 4] {
            vars.remove(name);
        }
        let few: Vars = names[FEW + 4..]
            .iter()
            .map(|n| (n.as_str(), model[n].clone()))
            .collect();
        assert_eq!(vars, few);
        assert_eq!(hash_of(&vars), hash_of(&few));
        assert_ne!(vars, Vars::new().with("v00", "x"));
        assert_eq!(
            vars.defined("v00").and_then(Value::as_str),
            Some(&*(2 * FEW - 1).to_string())
        );
    }
}
