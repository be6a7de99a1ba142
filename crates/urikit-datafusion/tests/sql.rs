//! Every function through SQL (`SessionContext::sql` on in-memory
//! tables), row by row against the library's own answers, over the inputs
//! of the project's vector files (parse, IRI, normalize, resolve, schemes,
//! equivalence, passwords, lint, SSRF, templates), each also wrapped,
//! prefixed and truncated, with nulls among them; and the vectors'
//! expected answers where they give one.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, BooleanArray, LargeStringArray, RecordBatch, StringArray,
    StringViewArray, UInt16Array,
};
use datafusion::arrow::compute::{cast, concat};
use datafusion::arrow::datatypes::{DataType, Field, Schema, UInt64Type};
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;
use serde_json::Value as Json;
use urikit::lint::Lint;
use urikit::schemes::Registry;
use urikit::template::Template;
use urikit::{
    Component, Iri, IriReference, PublicSuffixExt, Uri, UriReference, address, redact_bytes,
};

/// The repository's `tests/vectors/NAME`, as JSON.
fn vectors(name: &str) -> Vec<Json> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match serde_json::from_str(&text).unwrap() {
        Json::Array(items) => items,
        other => panic!("{name}: not a list: {other}"),
    }
}

/// The string fields `keys` of every record of the vector file `name`.
fn strings(name: &str, keys: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for record in vectors(name) {
        for key in keys {
            if let Some(Json::String(s)) = record.get(key) {
                out.push(s.clone());
            }
        }
    }
    out
}

/// Every input of the vector files, and each one messed up: surrounded by
/// spaces, in angle brackets, cut in half (at a character boundary), with
/// a prefix; deduplicated, in a stable order.
fn inputs() -> Vec<String> {
    let mut clean = Vec::new();
    clean.extend(strings("parse.json", &["input"]));
    clean.extend(strings("parse-own.json", &["input"]));
    clean.extend(strings("iri.json", &["input"]));
    clean.extend(strings("iri-mapping.json", &["input"]));
    clean.extend(strings("normalize.json", &["input", "expected"]));
    clean.extend(strings("resolve.json", &["base", "ref", "expected"]));
    clean.extend(strings("schemes.json", &["input", "a", "b"]));
    clean.extend(strings("equivalence.json", &["a", "b"]));
    clean.extend(strings("passwords.json", &["input"]));
    clean.extend(strings("lint.json", &["input"]));
    clean.extend(strings("ssrf.json", &["input"]));
    let mut all = BTreeSet::new();
    for s in &clean {
        all.insert(s.clone());
        all.insert(format!(" {s} "));
        all.insert(format!("<{s}>"));
        all.insert(format!("see {s}"));
        let mut half = s.len() / 2;
        while !s.is_char_boundary(half) {
            half -= 1;
        }
        all.insert(s[..half].to_string());
    }
    all.insert(String::new());
    all.into_iter().collect()
}

/// A session with every function, and the table `t(s)` of `rows` (nulls
/// where `None`) as `Utf8View`.
async fn session(rows: &[Option<String>]) -> SessionContext {
    let ctx = SessionContext::new();
    urikit_datafusion::register_all(&ctx);
    let column: StringViewArray = rows.iter().map(|r| r.as_deref()).collect();
    table(&ctx, "t", vec![("s", Arc::new(column) as ArrayRef)]);
    ctx
}

/// Registers the columns as the table `name`.
fn table(ctx: &SessionContext, name: &str, columns: Vec<(&str, ArrayRef)>) {
    let schema = Arc::new(Schema::new(
        columns
            .iter()
            .map(|(n, a)| Field::new(*n, a.data_type().clone(), true))
            .collect::<Vec<_>>(),
    ));
    let batch = RecordBatch::try_new(
        Arc::clone(&schema),
        columns.into_iter().map(|(_, a)| a).collect(),
    )
    .unwrap();
    let provider = MemTable::try_new(schema, vec![vec![batch]]).unwrap();
    ctx.register_table(name, Arc::new(provider)).unwrap();
}

/// A session with every function and the table `name(first, second)` of
/// `rows` (nulls where `None`), both columns `Utf8View`.
fn pair_session(
    name: &str,
    (first, second): (&str, &str),
    rows: &[(Option<&str>, Option<&str>)],
) -> SessionContext {
    let ctx = SessionContext::new();
    urikit_datafusion::register_all(&ctx);
    let a: StringViewArray = rows.iter().map(|r| r.0).collect();
    let b: StringViewArray = rows.iter().map(|r| r.1).collect();
    table(
        &ctx,
        name,
        vec![
            (first, Arc::new(a) as ArrayRef),
            (second, Arc::new(b) as ArrayRef),
        ],
    );
    ctx
}

/// The one column of `sql`'s result, in one array.
async fn column(ctx: &SessionContext, sql: &str) -> ArrayRef {
    let batches = ctx
        .sql(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .collect()
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    let parts: Vec<&dyn Array> = batches.iter().map(|b| b.column(0).as_ref()).collect();
    concat(&parts).unwrap()
}

/// A column of text (any string type) as strings.
fn texts(array: &ArrayRef) -> Vec<Option<String>> {
    let utf8 = cast(array, &DataType::Utf8).unwrap();
    utf8.as_string::<i32>()
        .iter()
        .map(|s| s.map(str::to_owned))
        .collect()
}

/// A boolean column.
fn bools(array: &ArrayRef) -> Vec<Option<bool>> {
    let b: &BooleanArray = array.as_boolean();
    b.iter().collect()
}

/// A UInt16 column (ports).
fn ports(array: &ArrayRef) -> Vec<Option<u16>> {
    let ports: &UInt16Array = array.as_any().downcast_ref().unwrap();
    ports.iter().collect()
}

/// The rows of the shared inputs, with three nulls among them.
fn rows() -> Vec<Option<String>> {
    let mut rows: Vec<Option<String>> = inputs().into_iter().map(Some).collect();
    for at in [0, rows.len() / 2, rows.len()] {
        rows.insert(at, None);
    }
    rows
}

/// Asserts that `got` is `want` row by row, naming the input of a row
/// that differs.
fn same<T: PartialEq + std::fmt::Debug>(
    what: &str,
    rows: &[Option<String>],
    got: &[T],
    want: &[T],
) {
    assert_eq!(got.len(), want.len(), "{what}: row count");
    for ((input, g), w) in rows.iter().zip(got).zip(want) {
        assert_eq!(g, w, "{what} of {input:?}");
    }
}

/// The library's answer for each row (`None` for a null row).
fn expect<T>(rows: &[Option<String>], f: impl Fn(&str) -> Option<T>) -> Vec<Option<T>> {
    rows.iter().map(|r| r.as_deref().and_then(&f)).collect()
}

#[tokio::test]
async fn validity_and_errors_agree_with_the_library() {
    let rows = rows();
    let ctx = session(&rows).await;
    let got = bools(&column(&ctx, "SELECT uri_valid(s) FROM t").await);
    let want = expect(&rows, |s| Some(Uri::parse(s).is_ok()));
    same("uri_valid", &rows, &got, &want);
    let got = bools(&column(&ctx, "SELECT iri_valid(s) FROM t").await);
    let want = expect(&rows, |s| Some(Iri::parse(s).is_ok()));
    same("iri_valid", &rows, &got, &want);

    let kinds = texts(&column(&ctx, "SELECT uri_error(s)['kind'] FROM t").await);
    let indexes = column(&ctx, "SELECT uri_error(s)['index'] FROM t").await;
    let indexes: Vec<Option<u64>> = indexes.as_primitive::<UInt64Type>().iter().collect();
    let want_kinds = expect(&rows, |s| {
        Uri::parse(s).err().map(|e| e.kind().name().to_owned())
    });
    let want_indexes = expect(&rows, |s| Uri::parse(s).err().map(|e| e.index() as u64));
    same("uri_error.kind", &rows, &kinds, &want_kinds);
    same("uri_error.index", &rows, &indexes, &want_indexes);
    // Real errors were seen, and valid rows too.
    assert!(want_kinds.iter().filter(|k| k.is_some()).count() > 100);
    assert!(want.iter().filter(|v| **v == Some(true)).count() > 100);
}

#[tokio::test]
async fn components_agree_with_the_library_and_with_the_parse_vectors() {
    let rows = rows();
    let ctx = session(&rows).await;
    let component = |c: Component| {
        move |s: &str| {
            let r = UriReference::parse(s).ok()?;
            r.components().span(c).map(|span| s[span].to_owned())
        }
    };
    for (name, c) in [
        ("scheme", Component::Scheme),
        ("host", Component::Host),
        ("path", Component::Path),
        ("query", Component::Query),
        ("fragment", Component::Fragment),
    ] {
        let want = expect(&rows, component(c));
        let got = texts(&column(&ctx, &format!("SELECT uri_{name}(s) FROM t")).await);
        same(&format!("uri_{name}"), &rows, &got, &want);
        let got = texts(&column(&ctx, &format!("SELECT uri_parts(s)['{name}'] FROM t")).await);
        same(&format!("uri_parts.{name}"), &rows, &got, &want);
    }
    let port = |s: &str| {
        UriReference::parse(s)
            .ok()?
            .authority()?
            .port_u16()
            .ok()
            .flatten()
    };
    let got = ports(&column(&ctx, "SELECT uri_port(s) FROM t").await);
    same("uri_port", &rows, &got, &expect(&rows, port));
    let got = ports(&column(&ctx, "SELECT uri_parts(s)['port'] FROM t").await);
    same("uri_parts.port", &rows, &got, &expect(&rows, port));
    let kind = |s: &str| {
        Some(
            UriReference::parse(s)
                .ok()?
                .components()
                .host_kind()?
                .as_str()
                .to_owned(),
        )
    };
    let got = texts(&column(&ctx, "SELECT uri_parts(s)['host_kind'] FROM t").await);
    same("uri_parts.host_kind", &rows, &got, &expect(&rows, kind));

    // The userinfo: as the whole text redacted by the library's rule then
    // parsed shows it (another road to the same answer), or as written.
    let masked = |s: &str| {
        UriReference::parse(s).ok()?;
        let shown = String::from_utf8(redact_bytes(s.as_bytes()).into_owned()).ok()?;
        UriReference::parse(&shown)
            .ok()?
            .components()
            .userinfo()
            .map(str::to_owned)
    };
    let got = texts(&column(&ctx, "SELECT uri_parts(s)['userinfo'] FROM t").await);
    same("uri_parts.userinfo", &rows, &got, &expect(&rows, masked));
    let plain = |s: &str| {
        UriReference::parse(s)
            .ok()?
            .components()
            .userinfo()
            .map(str::to_owned)
    };
    let got = texts(&column(&ctx, "SELECT uri_parts(s, true)['userinfo'] FROM t").await);
    same(
        "uri_parts(s, true).userinfo",
        &rows,
        &got,
        &expect(&rows, plain),
    );
    // No secret of the password vectors is shown by default.
    for record in vectors("passwords.json") {
        let input = record["input"].as_str().unwrap();
        let ctx = session(&[Some(input.to_owned())]).await;
        let shown = texts(&column(&ctx, "SELECT uri_parts(s)['userinfo'] FROM t").await);
        let authority = texts(&column(&ctx, "SELECT parse_url(s, 'AUTHORITY') FROM t").await);
        for secret in record["secrets"].as_array().unwrap() {
            let secret = secret.as_str().unwrap();
            for value in shown.iter().chain(&authority).flatten() {
                assert!(!value.contains(secret), "{input}: {value} shows {secret}");
            }
        }
    }

    // The parse vectors' own components.
    for record in vectors("parse.json") {
        let (Some(input), Some(parts)) = (record["input"].as_str(), record.get("components"))
        else {
            continue;
        };
        if record["valid"] != Json::Bool(true) {
            continue;
        }
        let ctx = session(&[Some(input.to_owned())]).await;
        for name in ["scheme", "host", "path", "query", "fragment"] {
            let got = texts(&column(&ctx, &format!("SELECT uri_{name}(s) FROM t")).await);
            assert_eq!(got[0].as_deref(), parts[name].as_str(), "{name} of {input}");
        }
    }
}

#[tokio::test]
async fn the_three_string_types_give_the_same_answers() {
    let rows = rows();
    let ctx = session(&rows).await;
    let utf8: StringArray = rows.iter().map(|r| r.as_deref()).collect();
    let large: LargeStringArray = rows.iter().map(|r| r.as_deref()).collect();
    table(&ctx, "t8", vec![("s", Arc::new(utf8) as ArrayRef)]);
    table(&ctx, "tl", vec![("s", Arc::new(large) as ArrayRef)]);
    for f in [
        "uri_host(s)",
        "uri_path(s)",
        "uri_parts(s)['userinfo']",
        "uri_normalize(s, 'scheme')",
        "uri_redact(s)",
        "parse_url(s, 'FILE')",
    ] {
        let view = texts(&column(&ctx, &format!("SELECT {f} FROM t")).await);
        let plain = texts(&column(&ctx, &format!("SELECT {f} FROM t8")).await);
        let large = texts(&column(&ctx, &format!("SELECT {f} FROM tl")).await);
        same(f, &rows, &plain, &view);
        same(f, &rows, &large, &view);
    }
}

#[tokio::test]
async fn component_views_share_the_input_buffers() {
    // Rows longer than 12 bytes, so that views point into a buffer.
    let rows: Vec<Option<String>> = (0..100)
        .map(|i| {
            Some(format!(
                "https://host-number-{i}.example.com/some/long/path/{i}?q={i}"
            ))
        })
        .collect();
    let ctx = session(&rows).await;
    let input: StringViewArray = rows.iter().map(|r| r.as_deref()).collect();
    let input_buffers: Vec<*const u8> = input.data_buffers().iter().map(|b| b.as_ptr()).collect();
    assert!(!input_buffers.is_empty());
    // Called directly, so that the input array is the one whose buffers
    // are compared.
    let udf = urikit_datafusion::functions()
        .into_iter()
        .find(|f| f.name() == "uri_host")
        .unwrap();
    let args = datafusion::logical_expr::ScalarFunctionArgs {
        args: vec![datafusion::logical_expr::ColumnarValue::Array(Arc::new(
            input.clone(),
        ))],
        arg_fields: vec![Arc::new(Field::new("s", DataType::Utf8View, true))],
        number_rows: input.len(),
        return_field: Arc::new(Field::new("h", DataType::Utf8View, true)),
        config_options: Arc::new(Default::default()),
    };
    let out = match udf.invoke_with_args(args).unwrap() {
        datafusion::logical_expr::ColumnarValue::Array(a) => a,
        other => panic!("a scalar: {other:?}"),
    };
    let out = out.as_string_view();
    let out_buffers: Vec<*const u8> = out.data_buffers().iter().map(|b| b.as_ptr()).collect();
    assert_eq!(
        out_buffers, input_buffers,
        "the output's buffers are the input's"
    );
    for (row, host) in out.iter().enumerate() {
        assert_eq!(
            host,
            Some(format!("host-number-{row}.example.com").as_str())
        );
    }
    // And through SQL, the same text.
    let got = texts(&column(&ctx, "SELECT uri_host(s) FROM t").await);
    assert_eq!(got[7].as_deref(), Some("host-number-7.example.com"));
}

#[tokio::test]
async fn query_parameters_agree_with_the_library() {
    let rows = rows();
    let ctx = session(&rows).await;
    for key in ["q", "a", "b", "", "x y"] {
        let want = expect(&rows, |s| {
            let r = UriReference::parse(s).ok()?;
            r.form_pairs()
                .decoded()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.into_owned())
        });
        let got = texts(&column(&ctx, &format!("SELECT uri_query_param(s, '{key}') FROM t")).await);
        same(&format!("uri_query_param({key})"), &rows, &got, &want);
    }
    let got = column(&ctx, "SELECT uri_query_params(s) FROM t").await;
    let lists = got.as_list::<i32>();
    for (row, input) in rows.iter().enumerate() {
        let want: Option<Vec<(String, String)>> = input.as_deref().and_then(|s| {
            let r = UriReference::parse(s).ok()?;
            Some(
                r.form_pairs()
                    .decoded()
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect(),
            )
        });
        let got = lists.is_valid(row).then(|| {
            let pairs = lists.value(row);
            let pairs = pairs.as_struct();
            let keys = texts(pairs.column(0));
            let values = texts(pairs.column(1));
            keys.into_iter()
                .zip(values)
                .map(|(k, v)| (k.unwrap(), v.unwrap()))
                .collect::<Vec<_>>()
        });
        assert_eq!(got, want, "uri_query_params of {input:?}");
    }
    // The query-pairs vectors (form semantics, `&`).
    for record in vectors("query-pairs.json") {
        if record.get("separator").is_some() || record.get("form").is_some_and(|f| f == false) {
            continue;
        }
        let query = record["query"].as_str().unwrap();
        let ctx = session(&[Some(format!("http://a.example/?{query}"))]).await;
        let got = column(&ctx, "SELECT uri_query_params(s) FROM t").await;
        if UriReference::parse(&format!("http://a.example/?{query}")).is_err() {
            assert!(got.is_null(0), "{query} is no URI: null");
            continue;
        }
        let pairs = got.as_list::<i32>().value(0);
        let keys = texts(pairs.as_struct().column(0));
        let library: Vec<String> = UriReference::parse(&format!("http://a.example/?{query}"))
            .unwrap()
            .form_pairs()
            .decoded()
            .map(|(k, _)| k.into_owned())
            .collect();
        assert_eq!(
            keys.into_iter().flatten().collect::<Vec<_>>(),
            library,
            "{query}"
        );
    }
}

/// The library's normal form, as `uri_normalize` documents it.
fn library_normal(s: &str, scheme: bool) -> Option<String> {
    if let Ok(r) = UriReference::parse(s) {
        return Some(match r.as_uri() {
            Some(uri) if scheme => Registry::shared().normalize(uri).into_string(),
            _ => urikit::resolve::normalize(r).into_string(),
        });
    }
    let r = IriReference::parse(s).ok()?;
    Some(urikit::resolve::normalize(r).into_string())
}

#[tokio::test]
async fn normalization_and_equivalence_agree_with_the_library_and_the_vectors() {
    let rows = rows();
    let ctx = session(&rows).await;
    for (level, scheme) in [("syntax", false), ("scheme", true)] {
        let got = texts(&column(&ctx, &format!("SELECT uri_normalize(s, '{level}') FROM t")).await);
        same(
            level,
            &rows,
            &got,
            &expect(&rows, |s| library_normal(s, scheme)),
        );
    }
    let got = texts(&column(&ctx, "SELECT uri_normalize(s) FROM t").await);
    same(
        "default",
        &rows,
        &got,
        &expect(&rows, |s| library_normal(s, false)),
    );
    let got = texts(&column(&ctx, "SELECT uri_equiv_key(s) FROM t").await);
    let want = expect(&rows, |s| {
        Some(Registry::shared().equivalence_key_iri(IriReference::parse(s).ok()?))
    });
    same("uri_equiv_key", &rows, &got, &want);
    let got = texts(&column(&ctx, "SELECT uri_normalize(s, 'other') FROM t").await);
    assert!(got.iter().all(Option::is_none), "an unknown level is null");
    // normalize.json's expected forms.
    for record in vectors("normalize.json") {
        let Some(level) = record["level"].as_str() else {
            continue;
        };
        if record.get("iri").is_some_and(|i| i == true) {
            // IRI normalization (RFC 3987 §5.3): not what uri_normalize does.
            continue;
        }
        let input = record["input"].as_str().unwrap();
        let ctx = session(&[Some(input.to_owned())]).await;
        let got = texts(&column(&ctx, &format!("SELECT uri_normalize(s, '{level}') FROM t")).await);
        assert_eq!(
            got[0].as_deref(),
            record["expected"].as_str(),
            "{input} ({level})"
        );
    }
    // Equivalence: the vector pairs, then every input against its own
    // scheme-normal form.
    let mut pairs: Vec<(String, String, Option<bool>)> = Vec::new();
    for file in ["equivalence.json", "schemes.json"] {
        for record in vectors(file) {
            if let (Some(a), Some(b)) = (record["a"].as_str(), record["b"].as_str()) {
                // An `idna` record compares hosts after UTS #46, which
                // uri_equivalent (Registry::equivalent_iri) does not do.
                let idna = record.get("idna").is_some_and(|i| i == true);
                let expected = record["equivalent"].as_bool().filter(|_| !idna);
                pairs.push((a.into(), b.into(), expected));
            }
        }
    }
    for s in inputs() {
        if let Some(n) = library_normal(&s, true) {
            pairs.push((s, n, None));
        }
    }
    let rows: Vec<_> = pairs
        .iter()
        .map(|p| (Some(p.0.as_str()), Some(p.1.as_str())))
        .collect();
    let ctx = pair_session("p", ("a", "b"), &rows);
    let got = bools(&column(&ctx, "SELECT uri_equivalent(a, b) FROM p").await);
    let same_key = bools(&column(&ctx, "SELECT uri_equiv_key(a) = uri_equiv_key(b) FROM p").await);
    let mut grouped = 0;
    for ((a, b, _), (same_key, equivalent)) in pairs.iter().zip(same_key.iter().zip(&got)) {
        // Equal keys always mean equivalent (the converse fails only where
        // equivalence is not transitive: Registry::equivalence_key's docs).
        if *same_key == Some(true) {
            assert_eq!(*equivalent, Some(true), "{a:?} and {b:?} share a key");
            grouped += 1;
        }
    }
    assert!(grouped > 100, "pairs grouped: {grouped}");
    for ((a, b, vector), got) in pairs.iter().zip(got) {
        let want = match (IriReference::parse(a), IriReference::parse(b)) {
            (Ok(x), Ok(y)) => Some(Registry::shared().equivalent_iri(x, y)),
            _ => None,
        };
        assert_eq!(got, want, "uri_equivalent({a:?}, {b:?})");
        if let (Some(vector), Some(got)) = (vector, got) {
            assert_eq!(got, *vector, "the vector's answer for {a:?}, {b:?}");
        }
    }
}

#[tokio::test]
async fn resolution_agrees_with_the_library_and_the_vectors() {
    let mut pairs: Vec<(Option<String>, Option<String>, Option<String>)> = Vec::new();
    for record in vectors("resolve.json") {
        let (Some(base), Some(r)) = (record["base"].as_str(), record["ref"].as_str()) else {
            continue;
        };
        let strict = record.get("strict").and_then(Json::as_bool).unwrap_or(true);
        let expected = record["expected"]
            .as_str()
            .filter(|_| strict)
            .map(str::to_owned);
        pairs.push((Some(base.into()), Some(r.into()), expected));
    }
    let bases = ["http://a/b/c/d;p?q", "https://例え.jp/a/b", "urn:ex:a"];
    for s in inputs() {
        for base in bases {
            pairs.push((Some(base.into()), Some(s.clone()), None));
        }
    }
    pairs.push((None, Some("g".into()), None));
    pairs.push((Some("http://a/".into()), None, None));
    let rows: Vec<_> = pairs
        .iter()
        .map(|p| (p.0.as_deref(), p.1.as_deref()))
        .collect();
    let ctx = pair_session("p", ("base", "r"), &rows);
    let resolved = texts(&column(&ctx, "SELECT uri_resolve(base, r) FROM p").await);
    let relative = texts(
        &column(
            &ctx,
            "SELECT uri_relativize(base, uri_resolve(base, r)) FROM p",
        )
        .await,
    );
    for (((base, r, expected), got), rel) in pairs.iter().zip(&resolved).zip(&relative) {
        let want = match (
            base.as_deref().map(Iri::parse),
            r.as_deref().map(IriReference::parse),
        ) {
            (Some(Ok(b)), Some(Ok(r))) => Some(urikit::resolve::resolve(b, r).into_string()),
            _ => None,
        };
        assert_eq!(got, &want, "uri_resolve({base:?}, {r:?})");
        if let Some(expected) = expected {
            assert_eq!(
                got.as_deref(),
                Some(expected.as_str()),
                "vector {base:?} {r:?}"
            );
        }
        // relativize's answer resolves back to the target.
        if let (Some(target), Some(rel), Some(base)) = (got, rel, base) {
            let back = urikit::resolve::resolve(
                Iri::parse(base).unwrap(),
                IriReference::parse(rel).unwrap(),
            );
            assert_eq!(
                back.as_str(),
                target,
                "relativize({base}, {target}) = {rel}"
            );
        }
    }
}

#[tokio::test]
async fn iri_mapping_display_and_redaction_agree_with_the_library() {
    let rows = rows();
    let ctx = session(&rows).await;
    for (sql, idna) in [("iri_to_uri(s)", false), ("iri_to_uri(s, true)", true)] {
        let mapping = if idna {
            urikit::iri::HostMapping::Idna
        } else {
            urikit::iri::HostMapping::Percent
        };
        let want = expect(&rows, |s| {
            let iri = IriReference::parse(s).ok()?;
            Some(
                urikit::iri::to_uri_with(iri, mapping)
                    .ok()?
                    .as_str()
                    .to_owned(),
            )
        });
        let got = texts(&column(&ctx, &format!("SELECT {sql} FROM t")).await);
        same(sql, &rows, &got, &want);
    }
    for record in vectors("iri-mapping.json") {
        if record["op"] != "to_uri" {
            continue;
        }
        let input = record["input"].as_str().unwrap();
        let idna = record.get("idna").and_then(Json::as_bool).unwrap_or(false);
        let ctx = session(&[Some(input.to_owned())]).await;
        let got = texts(&column(&ctx, &format!("SELECT iri_to_uri(s, {idna}) FROM t")).await);
        assert_eq!(got[0].as_deref(), record["expected"].as_str(), "{input}");
    }
    let want = expect(&rows, |s| {
        Some(urikit::iri::display(IriReference::parse(s).ok()?).to_string())
    });
    let got = texts(&column(&ctx, "SELECT uri_display(s) FROM t").await);
    same("uri_display", &rows, &got, &want);
    let want = expect(&rows, |s| {
        String::from_utf8(redact_bytes(s.as_bytes()).into_owned()).ok()
    });
    let got = texts(&column(&ctx, "SELECT uri_redact(s) FROM t").await);
    same("uri_redact", &rows, &got, &want);
    for record in vectors("passwords.json") {
        let input = record["input"].as_str().unwrap();
        let ctx = session(&[Some(input.to_owned())]).await;
        let got = texts(&column(&ctx, "SELECT uri_redact(s) FROM t").await);
        assert_eq!(got[0].as_deref(), record["masked"].as_str(), "{input}");
    }
}

#[tokio::test]
async fn checks_agree_with_the_library() {
    let rows = rows();
    let ctx = session(&rows).await;
    let want = expect(&rows, |s| {
        let r = IriReference::parse(s).ok()?;
        r.components().host()?.ip().map(address::is_global)
    });
    let got = bools(&column(&ctx, "SELECT uri_host_is_global(s) FROM t").await);
    same("uri_host_is_global", &rows, &got, &want);
    assert!(want.contains(&Some(false)) && want.contains(&Some(true)));
    let want = expect(&rows, |s| {
        IriReference::parse(s)
            .ok()?
            .components()
            .host()?
            .registrable_domain()
            .map(|d| d.into_owned())
    });
    let got = texts(&column(&ctx, "SELECT uri_registrable_domain(s) FROM t").await);
    same("uri_registrable_domain", &rows, &got, &want);
    let want = expect(&rows, |s| {
        Some(
            IriReference::parse(s)
                .ok()?
                .components()
                .host()?
                .public_suffix()?
                .as_str()
                .to_owned(),
        )
    });
    let got = texts(&column(&ctx, "SELECT uri_public_suffix(s) FROM t").await);
    same("uri_public_suffix", &rows, &got, &want);

    // Scheme violations and lint findings, as (kind, severity, index).
    let triples = |array: &ArrayRef, row: usize| -> Option<Vec<(String, String, u64)>> {
        let lists = array.as_list::<i32>();
        lists.is_valid(row).then(|| {
            let items = lists.value(row);
            let items = items.as_struct();
            let kinds = texts(items.column(0));
            let severities = texts(items.column(1));
            let indexes: Vec<u64> = items
                .column(2)
                .as_primitive::<UInt64Type>()
                .values()
                .to_vec();
            (0..items.len())
                .map(|i| {
                    (
                        kinds[i].clone().unwrap(),
                        severities[i].clone().unwrap(),
                        indexes[i],
                    )
                })
                .collect()
        })
    };
    let got = column(&ctx, "SELECT uri_scheme_violations(s) FROM t").await;
    let mut seen = 0;
    for (row, input) in rows.iter().enumerate() {
        let want = input.as_deref().and_then(|s| {
            let mapped;
            let uri = match Uri::parse(s) {
                Ok(uri) => uri,
                Err(_) => {
                    mapped = urikit::iri::to_uri(IriReference::parse(s).ok()?);
                    mapped.as_ref().as_uri()?
                }
            };
            let list: Vec<_> = Registry::shared()
                .validate(uri)
                .into_iter()
                .map(|v| {
                    (
                        v.kind().to_owned(),
                        v.severity().as_str().to_owned(),
                        v.index() as u64,
                    )
                })
                .collect();
            Some(list)
        });
        seen += want.as_ref().map_or(0, Vec::len);
        assert_eq!(
            triples(&got, row),
            want,
            "uri_scheme_violations of {input:?}"
        );
    }
    assert!(seen > 10, "violations were found: {seen}");
    let got = column(&ctx, "SELECT uri_lint(s) FROM t").await;
    let lint = Lint::new();
    let mut findings = 0;
    for (row, input) in rows.iter().enumerate() {
        let want = input.as_deref().map(|s| {
            lint.check(s)
                .iter()
                .map(|f| {
                    (
                        f.name().to_owned(),
                        f.severity().as_str().to_owned(),
                        f.index() as u64,
                    )
                })
                .collect::<Vec<_>>()
        });
        findings += want.as_ref().map_or(0, Vec::len);
        assert_eq!(triples(&got, row), want, "uri_lint of {input:?}");
    }
    assert!(findings > 100, "findings: {findings}");
}

#[tokio::test]
async fn template_matches_agree_with_the_vectors() {
    let records: Vec<Json> = vectors("template-match.json")
        .into_iter()
        .filter(|r| r.get("lenient").is_none())
        .collect();
    let rows: Vec<_> = records
        .iter()
        .map(|r| (r["template"].as_str(), r["uri"].as_str()))
        .collect();
    let ctx = pair_session("m", ("t", "u"), &rows);
    let got = column(&ctx, "SELECT uri_template_match(t, u) FROM m").await;
    let maps = got.as_map();
    let mut matched = 0;
    for (row, record) in records.iter().enumerate() {
        let template = Template::parse(record["template"].as_str().unwrap()).unwrap();
        let library = template.match_uri(record["uri"].as_str().unwrap());
        assert_eq!(maps.is_valid(row), library.is_some(), "{record}");
        let Some(captures) = library else {
            assert!(
                record.get("captures").is_none() || record.get("error").is_some(),
                "{record}"
            );
            continue;
        };
        matched += 1;
        let entries = maps.value(row);
        let keys = texts(entries.column(0));
        let values = texts(entries.column(1));
        assert_eq!(keys.len(), captures.len());
        for ((k, v), (name, _)) in keys.iter().zip(&values).zip(captures.iter()) {
            assert_eq!(k.as_deref(), Some(name));
            let want = match record["captures"].get(name) {
                Some(Json::String(s)) => s.clone(),
                Some(other) => other.to_string(),
                None => panic!("{name} not in the vector {record}"),
            };
            assert_eq!(v.as_deref(), Some(want.as_str()), "{name} of {record}");
        }
    }
    assert!(matched > 10);
}

#[tokio::test]
async fn constants_and_nulls() {
    let ctx = SessionContext::new();
    urikit_datafusion::register_all(&ctx);
    let got = texts(&column(&ctx, "SELECT uri_host('http://Example.com:80/')").await);
    assert_eq!(got, [Some("Example.com".to_owned())]);
    let got = texts(&column(&ctx, "SELECT uri_host(NULL)").await);
    assert_eq!(got, [None]);
    let got = bools(&column(&ctx, "SELECT uri_valid(NULL)").await);
    assert_eq!(got, [None]);
    let got = texts(&column(&ctx, "SELECT uri_resolve('http://a/b/c', NULL)").await);
    assert_eq!(got, [None]);
}

#[tokio::test]
async fn the_parse_url_table_is_true() {
    let ours = SessionContext::new();
    urikit_datafusion::register_all(&ours);
    let spark = SessionContext::new();
    for f in datafusion_spark::function::url::functions() {
        spark.register_udf(f.as_ref().clone());
    }
    // The rows of the crate docs' `parse_url` table that name an input and
    // a part, checked against both functions, so that the table stays true.
    for row in vectors("parse_url.json") {
        let field = |name: &str| row.get(name).and_then(Json::as_str);
        let (input, part) = (field("input").unwrap(), field("part").unwrap());
        let sql = match field("key") {
            Some(key) => format!("SELECT parse_url('{input}', '{part}', '{key}')"),
            None => format!("SELECT parse_url('{input}', '{part}')"),
        };
        let got = texts(&column(&ours, &sql).await);
        assert_eq!(got[0].as_deref(), field("urikit"), "urikit: {sql}");
        let theirs = match spark.sql(&sql).await {
            Ok(frame) => frame.collect().await.map_err(|_| ()),
            Err(_) => Err(()),
        };
        let theirs = theirs.map(|batches| texts(batches[0].column(0))[0].clone());
        let expected = match field("datafusion_spark") {
            Some("error") => Err(()),
            answer => Ok(answer),
        };
        assert_eq!(
            theirs.as_ref().map(|t| t.as_deref()).map_err(|_| ()),
            expected,
            "datafusion-spark: {sql}"
        );
    }
}

#[tokio::test]
async fn the_docs_queries_run_on_a_file_of_urls() {
    let path = std::env::temp_dir().join(format!("urikit-df-docs-{}.txt", std::process::id()));
    let mut text = String::new();
    for s in inputs()
        .iter()
        .filter(|s| !s.contains('\n') && !s.contains('\r'))
    {
        text.push_str(s);
        text.push('\n');
    }
    std::fs::write(&path, &text).unwrap();
    let ctx = SessionContext::new();
    urikit_datafusion::register_all(&ctx);
    urikit_datafusion::register_file(&ctx, "crawl.txt", &path)
        .await
        .unwrap();
    for sql in [
        "SELECT min(url) AS url, count(*) AS copies FROM 'crawl.txt' WHERE uri_valid(url) \
         GROUP BY uri_equiv_key(url) ORDER BY copies DESC",
        "SELECT url, uri_error(url) FROM 'crawl.txt' WHERE NOT uri_valid(url)",
        "SELECT uri_registrable_domain(url) AS site, count(*) AS urls, \
         count(DISTINCT uri_equiv_key(url)) AS pages, \
         sum(CASE WHEN uri_scheme(url) = 'http' THEN 1 ELSE 0 END) AS plain_http, \
         sum(CASE WHEN array_length(uri_lint(url)) > 0 THEN 1 ELSE 0 END) AS suspicious \
         FROM 'crawl.txt' GROUP BY site ORDER BY urls DESC LIMIT 20",
    ] {
        let rows: usize = ctx
            .sql(sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .collect()
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .iter()
            .map(RecordBatch::num_rows)
            .sum();
        assert!(rows > 0, "{sql}");
    }
    // Every line became a row, in order.
    let urls = texts(&column(&ctx, "SELECT url FROM 'crawl.txt'").await);
    assert_eq!(urls.len(), text.lines().count());
    assert!(
        urls.iter()
            .zip(text.lines())
            .all(|(u, l)| u.as_deref() == Some(l))
    );
    std::fs::remove_file(&path).unwrap();
}
