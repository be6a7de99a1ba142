//! What a match gives: each variable's value, decoded, in the template's
//! order.

use alloc::string::String;
use alloc::vec::Vec;

use crate::vars::{Value, Vars};

/// The values a URI gives a template's variables: what
/// [`Template::match_uri`](crate::Template::match_uri) returns.
///
/// Holds the defined variables only, in the order they first appear in the
/// template; a variable the match left undefined has no entry. Values are
/// decoded (see the crate's matching rules). With the `serde` feature it
/// serializes as a JSON object: a string, an array for a list, an object
/// for an associative array. `Eq` compares names and values in order.
///
/// # Examples
///
/// ```
/// use uri_template::{Template, Value};
///
/// let t = Template::parse("/users/{id}{?tags}")?;
/// let c = t.match_uri("/users/zo%C3%AB?tags=a,b").unwrap();
/// assert_eq!(c.get("id"), Some(&Value::from("zoë")));
/// assert_eq!(c.get("tags"), Some(&Value::from(["a", "b"])));
/// assert_eq!(c.len(), 2);
/// # Ok::<(), uri_template::TemplateError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Captures {
    pub(crate) vars: Vec<(String, Value)>,
}

impl Captures {
    /// The value of `name`, if the match defined it.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = uri_template::Template::parse("{/a}{?b}")?;
    /// let c = t.match_uri("/x").unwrap();
    /// assert_eq!(c.get("a").and_then(|v| v.as_str()), Some("x"));
    /// assert_eq!(c.get("b"), None);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.vars.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// The names and values, in the template's order.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = uri_template::Template::parse("{/b,a}")?;
    /// let c = t.match_uri("/1/2").unwrap();
    /// let names: Vec<&str> = c.iter().map(|(n, _)| n).collect();
    /// assert_eq!(names, ["b", "a"]);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.vars.iter().map(|(n, v)| (n.as_str(), v))
    }

    /// How many variables the match defined.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = uri_template::Template::parse("/a")?;
    /// assert_eq!(t.match_uri("/a").unwrap().len(), 0);
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.vars.len()
    }

    /// Whether the match defined no variable.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = uri_template::Template::parse("/a{?q}")?;
    /// assert!(t.match_uri("/a").unwrap().is_empty());
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }

    /// The values as [`Vars`], to expand a template with.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = uri_template::Template::parse("/u/{id}")?;
    /// let vars = t.match_uri("/u/7").unwrap().into_vars();
    /// assert_eq!(t.expand(&vars).unwrap(), "/u/7");
    /// # Ok::<(), uri_template::TemplateError>(())
    /// ```
    pub fn into_vars(self) -> Vars {
        self.vars.into_iter().collect()
    }
}

impl<'a> IntoIterator for &'a Captures {
    type Item = (&'a str, &'a Value);
    type IntoIter = alloc::boxed::Box<dyn Iterator<Item = (&'a str, &'a Value)> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        alloc::boxed::Box::new(self.iter())
    }
}
