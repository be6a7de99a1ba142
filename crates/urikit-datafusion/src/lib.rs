//! urikit's parsing, normalization, resolution and checks of URIs (RFC
//! 3986) and IRIs (RFC 3987) as [Apache DataFusion] scalar functions, for
//! URL work at the scale of logs and crawls: deduplicating a crawl
//! frontier, grouping logs by site, auditing links, triaging SSRF
//! reports.
//!
//! [`register_all`] adds every function to a [`SessionContext`];
//! [`functions`] gives them as [`ScalarUDF`]s for a session built another
//! way (a `SessionStateBuilder`, a Ballista executor). Each function takes
//! `Utf8`, `LargeUtf8` or `Utf8View` columns (or literals), and gives null
//! for a null input. Every function is pure: the same input always gives
//! the same output, and no function keeps state between rows or batches,
//! so a distributed engine may run them anywhere.
//!
//! | function | returns |
//! |---|---|
//! | `uri_valid(s)`, `iri_valid(s)` | `Boolean`: is `s` a URI (RFC 3986 §3), an IRI (RFC 3987 §2.2) |
//! | `uri_error(s)` | `Struct{kind, index}`: why `s` is not a URI, where (null when it is one) |
//! | `uri_parts(s[, show_password])` | `Struct{scheme, userinfo, host, host_kind, port, path, query, fragment}`, the password masked |
//! | `uri_scheme(s)`, `uri_host(s)`, `uri_path(s)`, `uri_query(s)`, `uri_fragment(s)` | `Utf8View`: one component as written |
//! | `uri_port(s)` | `UInt16` |
//! | `uri_query_param(s, key)`, `uri_query_params(s)` | the first value of `key`; every `{key, value}` (form-decoded) |
//! | `uri_normalize(s[, 'syntax' \| 'scheme'])` | the normal form (RFC 3986 §6.2.2, §6.2.3) |
//! | `uri_equiv_key(s)`, `uri_equivalent(a, b)` | a key equal for equivalent URIs (`GROUP BY`, `DISTINCT`); whether two are equivalent |
//! | `uri_resolve(base, ref)`, `uri_relativize(base, target)` | RFC 3986 §5.2 and its inverse |
//! | `iri_to_uri(s[, idna])`, `uri_display(s)`, `uri_redact(s)` | RFC 3987 §3.1; the safe form to show people; passwords masked |
//! | `uri_host_is_global(s)` | `Boolean`: is the host a globally reachable IP address |
//! | `uri_registrable_domain(s)`, `uri_public_suffix(s)` | by the Public Suffix List |
//! | `uri_scheme_violations(s)`, `uri_lint(s)` | lists of `{kind, severity, index[, message]}` |
//! | `uri_template_match(template, s)` | `Map<Utf8, Utf8>`: the variables of an RFC 6570 template |
//! | `parse_url(s, part[, key])` | Spark's part names, answered by RFC 3986 (differences below) |
//!
//! Components come from an RFC 3986 *URI-reference* (§4.1), so that a
//! relative reference such as a request path gives its path and query;
//! `uri_valid` asks for a *URI* (§3). A component whose text is unchanged
//! is a `Utf8View` view of the input's own buffer: no bytes are copied
//! per row. Nothing secret is shown by default: a password in a userinfo
//! is masked as `***` in `uri_parts`, `parse_url` and `uri_display`.
//!
//! # Examples
//!
//! ```
//! use datafusion::prelude::SessionContext;
//!
//! # fn main() -> datafusion::error::Result<()> {
//! # tokio::runtime::Runtime::new()?.block_on(async {
//! let ctx = SessionContext::new();
//! urikit_datafusion::register_all(&ctx);
//! let batches = ctx
//!     .sql("SELECT uri_host('https://user:pw@Example.com:8443/a') AS host, \
//!                  uri_port('https://example.com:8443/') AS port")
//!     .await?
//!     .collect()
//!     .await?;
//! let table = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(table.contains("Example.com") && table.contains("8443"));
//! # Ok(())
//! # })
//! # }
//! ```
//!
//! # `parse_url` and Spark
//!
//! `parse_url(s, part[, key])` takes Spark's part names and answers by
//! RFC 3986, the text as written.
//! How the answers differ from Spark's (`org.apache.spark.sql.catalyst.
//! expressions.ParseUrl`, built on `java.net.URI`) and from
//! `datafusion-spark`'s (built on the WHATWG `url` crate):
//!
//! | case | Spark | datafusion-spark | here |
//! |---|---|---|---|
//! | text that is not a URI reference (`http://a b/`) | an error in ANSI mode, else null | an error | null |
//! | part name in other case (`host`) | null | null | the part (names are read case-insensitively) |
//! | unknown part name | null | null | null |
//! | `HOST` of `HTTP://EXAMPLE.com` | `EXAMPLE.com` | `example.com` (lower-cased) | `EXAMPLE.com` (as written) |
//! | `HOST` of `http://127.1/` | not checked | `127.0.0.1` (WHATWG's IPv4 reading) | `127.1` (a registered name, RFC 3986 §3.2.2) |
//! | `PATH` of `http://a/b/../c` | `/b/../c` | `/c` (dot segments removed) | `/b/../c` (as written) |
//! | `PATH` of `http://a` | empty | empty | empty |
//! | `USERINFO`, `AUTHORITY` with a password | the password | the password | the password masked as `***` (urikit prints no secret by default; `uri_parts(text, true)` shows it) |
//! | `QUERY` with a key, `?a=1&a=2` | `1` (the first) | `1` | `1` |
//! | `QUERY` with a key, value encoded (`?q=a%20b`) | `a%20b` (as written) | `a%20b` | `a%20b` (as written; `uri_query_param` decodes) |
//! | `QUERY` with a key `a.b` | the key is a regular expression in Spark | literal | literal |
//! | a relative reference (`/a?b#c`) | the path, query, ref | the path, query, ref | the path, query, ref; null host |
//! | `file:///tmp/x` `HOST` | null | null | empty (an empty host, RFC 8089) |
//!
//! [Apache DataFusion]: https://datafusion.apache.org

mod checks;
mod files;
mod parts;
mod spark;
mod text;
mod transform;
mod udf;

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;

pub use files::register_file;

/// Every function of this crate, for a session built without a
/// [`SessionContext`] (a `SessionStateBuilder`'s
/// `with_scalar_functions`, a Ballista executor's function registry).
///
/// # Examples
///
/// ```
/// let names: Vec<String> = urikit_datafusion::functions()
///     .iter()
///     .map(|f| f.name().to_string())
///     .collect();
/// assert!(names.iter().any(|n| n == "uri_host"));
/// assert!(names.iter().any(|n| n == "parse_url"));
/// ```
pub fn functions() -> Vec<ScalarUDF> {
    let mut all = parts::functions();
    all.extend(transform::functions());
    all.extend(checks::functions());
    all.extend(spark::functions());
    all
}

/// Registers every function of this crate with `ctx` (a function of the
/// same name registered before is replaced: `parse_url` is this crate's
/// after this call).
///
/// # Examples
///
/// ```
/// use datafusion::prelude::SessionContext;
///
/// let ctx = SessionContext::new();
/// urikit_datafusion::register_all(&ctx);
/// assert!(ctx.state().scalar_functions().contains_key("uri_normalize"));
/// ```
pub fn register_all(ctx: &SessionContext) {
    for function in functions() {
        ctx.register_udf(function);
    }
}
