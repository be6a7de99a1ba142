//! The engine of the `urikit` command: parse, explain and bulk-check URI
//! references against RFC 3986 (and IRI references against RFC 3987);
//! read or change their components; map IRIs to URIs and back;
//! percent-encode or decode text; resolve, relativize and normalize
//! references; check URIs against their scheme's rules, compare them, and
//! map file URIs to paths and back.
//!
//! *Should I use this crate?* Most programs want the library
//! [`urikit`](https://docs.rs/urikit); this crate is the command built on
//! it. Its public surface is [`run`], which the `urikit` binary calls, and
//! the [`edit`] engine of `urikit edit`, which the fuzz target `cli_edit`
//! drives directly (RFC 3986 §3 components set, removed and read back).
//!
//! This file holds the command line (clap) and the exit status; each
//! subcommand lives in its own module, and `input` reads the inputs of
//! every one the same way.
//!
//! # Examples
//!
//! ```
//! use urikit::UriReference;
//! use urikit_cli::edit::{Assignment, Change, Edit};
//!
//! let edit = Edit {
//!     changes: vec![Change::Set(Assignment::parse("path=/b c")?)],
//!     ..Edit::default()
//! };
//! let registry = urikit::schemes::Registry::default();
//! let outputs = edit.apply(UriReference::parse("http://h/a")?, &registry)?;
//! assert_eq!(outputs, ["http://h/b%20c"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::codec::{Decoding, Encoding, SetName};
use crate::input::Input;
use crate::paths::OsName;
use crate::resolution::FormName;
use crate::settings::{ColorChoice, Settings};

mod check;
mod codec;
mod commands;
mod curie;
pub mod edit;
mod equivalence;
mod explain;
mod guess;
mod input;
mod json;
mod lint;
mod mapping;
mod paths;
mod problem;
mod redact;
mod resolution;
mod scheme;
mod settings;
mod table;
mod template;

/// Parse, explain and check URI references (RFC 3986) and IRI references
/// (RFC 3987); read or change their components; map IRIs to URIs and back; percent-encode and decode text;
/// resolve, relativize and normalize references; check URIs against their
/// scheme's rules; compare references; map file URIs to paths and back.
#[derive(Debug, Parser)]
#[command(
    name = "urikit",
    version,
    after_help = "Inputs are URI references (RFC 3986 §4.1), and an input that is not ASCII an IRI \
                  reference (RFC 3987 §2.2) whose result is an IRI (`--uri-only` refuses it; \
                  `--to-uri` maps a result to a URI); or text for `encode` and `decode`, URIs (or IRIs) \
                  for `relativize`, `scheme` and `file-path`, paths for `file-uri`, CURIEs for `curie`; \
                  from the arguments, then the files of `-f`, or, when there are none or for `-`, one \
                  per line from standard input; `check` reads files instead (standard input when none \
                  is named, and for `-`), and `equivalent` two references, or pairs of them, one pair \
                  per line separated by a tab, from standard input.\n\n\
                  Results go to standard output, diagnostics to standard error; a subcommand that \
                  prints one result per input prints an empty line for an invalid one.\n\n\
                  Exit status: 0 if every input is valid, 1 if some input is invalid (or does not decode, \
                  resolve, relativize or map, or breaks its scheme's rules), 2 on a usage or I/O error \
                  (an invalid `--base` included).\n\n\
                  Shell completions: `urikit completions SHELL` (bash, zsh, fish, elvish, powershell). \
                  Every subcommand has its own `--help`, and its man page `urikit-NAME(1)`."
)]
struct Cli {
    /// The options every subcommand takes.
    #[command(flatten, next_help_heading = "Global options")]
    global: Global,
    /// What to do.
    #[command(subcommand)]
    command: Command,
}

/// The options every subcommand takes, before or after its name.
#[derive(Debug, Args)]
struct Global {
    /// Accept an IPv6 zone identifier in the RFC 6874 form
    /// (`http://[fe80::1%25eth0]/`) wherever a reference is parsed; without
    /// it, one is an error (RFC 9844 deprecates them in URIs).
    #[arg(long, global = true)]
    allow_zone_id: bool,
    /// Show passwords (what follows the first `:` of a userinfo) in
    /// everything that repeats an input: tables, diagrams, caret and usage
    /// errors, `check` reports, and the JSON fields `input`, `a`, `b`,
    /// `base`, `ref` of `resolve`, `target` of `relativize` and every
    /// component field. They are `***` otherwise (RFC 3986 §3.2.1), by a
    /// rule that holds for input that does not parse (wrapped, prefixed,
    /// several URLs a line). Computed results are always exact: the output
    /// of `resolve`, `relativize`, `normalize`, `to-uri`, `to-iri`,
    /// `encode`, `decode`, `edit`, `file-path`, `file-uri` (standard output
    /// and the JSON fields `target`, `ref`, `normalized`, `uri`, `iri`,
    /// `output`, `path`). See docs/security.md.
    #[arg(long, global = true)]
    show_password: bool,
    /// When to colour carets and headings: `auto` on a terminal (off with
    /// `NO_COLOR`, `CLICOLOR=0` or `TERM=dumb`; on with `CLICOLOR_FORCE`).
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// Draw `explain` diagrams with ASCII characters only (the default when
    /// the locale's character set is not UTF-8).
    #[arg(long, global = true)]
    ascii: bool,
    /// The longest line read from standard input or a `check` file, in
    /// bytes: a longer one is reported as one `LineTooLong` error (its
    /// first 256 bytes shown, passwords hidden) and skipped, so memory
    /// stays bounded on any stream.
    #[arg(long, global = true, value_name = "BYTES", default_value_t = input::DEFAULT_MAX_LINE_BYTES)]
    max_line_bytes: usize,
    /// Read every input by RFC 3986 alone. Without it, an input that is
    /// not ASCII is read as an IRI reference (RFC 3987), and its result is
    /// an IRI; with it, such an input is an error.
    #[arg(long, global = true)]
    uri_only: bool,
    /// Trim each input: surrounding whitespace, then `<…>` (and `<URL:…>`)
    /// or quotes, as RFC 3986 Appendix C delimits a URI in text; blank
    /// inputs are skipped.
    #[arg(long, global = true)]
    trim: bool,
}

/// The subcommands. (Made once per run: the size of `edit`'s variant does
/// not matter.)
#[derive(Debug, Subcommand)]
#[allow(clippy::large_enum_variant)]
enum Command {
    /// Split each input into its components: a table, or JSON lines with `--json`.
    Parse {
        /// Read each input as an IRI reference (RFC 3987): Unicode
        /// characters may stand unencoded. The same table and JSON fields.
        #[arg(long)]
        iri: bool,
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// The inputs.
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Draw each input with its components labelled, then list them. An
    /// input that is not ASCII is read as an IRI reference (RFC 3987).
    Explain {
        /// The inputs.
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Validate files of URI references, one per line: each invalid line
    /// as `FILE:LINE:COLUMN: error: …`, then a summary.
    Check {
        /// Print one JSON object per invalid line, then a summary object.
        #[arg(long)]
        json: bool,
        /// Print nothing; the exit status says whether every line is valid.
        #[arg(long, short)]
        quiet: bool,
        /// Never draw the progress bar.
        #[arg(long)]
        no_progress: bool,
        /// The files to check; standard input when none, and for `-`.
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Read or change components of each URI reference (like curl's
    /// `trurl`, by RFC 3986): the edited reference per line, or the
    /// `--get` template filled in from it.
    Edit {
        /// Set a component: `COMPONENT=TEXT` (percent-encoded for the
        /// component) or `COMPONENT:=ENCODED` (as it is); `COMPONENT?=…`
        /// only where it is absent. Components: scheme, user, password,
        /// userinfo, host, port, path, query, fragment. A value that is
        /// not valid in its component is a usage error; so is setting one
        /// component twice to different values, or setting and iterating it.
        #[arg(long, short, value_name = "COMPONENT=VALUE", value_parser = edit::Assignment::parse)]
        set: Vec<edit::Assignment>,
        /// Set a component only where it is absent (trurl's `COMPONENT?=`).
        #[arg(long, value_name = "COMPONENT=VALUE", value_parser = edit::Assignment::parse_if_absent)]
        set_if_absent: Vec<edit::Assignment>,
        /// Remove a component (the path becomes empty).
        #[arg(long, value_name = "COMPONENT", value_parser = edit::Change::remove)]
        remove: Vec<edit::Change>,
        /// Append a segment to the path (`path=SEGMENT`) or a pair to the
        /// query (`query=KEY=VALUE`), encoded; `:=` for encoded text.
        /// Appends come after `--trim-query` and `--replace`.
        #[arg(long, short, value_name = "path=SEGMENT|query=PAIR", value_parser = edit::Append::parse)]
        append: Vec<edit::Append>,
        /// Remove the query's pairs whose decoded key is KEY (with a final
        /// `*`: begins with what precedes it; `\*` for a literal `*`).
        #[arg(long, alias = "qtrim", value_name = "KEY")]
        trim_query: Vec<String>,
        /// Put the pair KEY=VALUE (or KEY) in place of the first query pair
        /// whose decoded key is KEY, and drop the other pairs with it; when
        /// none has it, append the pair.
        #[arg(long, value_name = "KEY=VALUE", value_parser = edit::Replace::parse_append)]
        replace: Vec<edit::Replace>,
        /// The same as `--replace`: trurl's name for it (trurl's own
        /// `--replace` leaves a query without the key as it is).
        #[arg(long, alias = "force-replace", value_name = "KEY=VALUE", value_parser = edit::Replace::parse_append)]
        replace_append: Vec<edit::Replace>,
        /// Sort the query's pairs by their text.
        #[arg(long)]
        sort_query: bool,
        /// What separates query pairs, for the query options and
        /// placeholders: `&` (the default), `;`, or another single
        /// character that may stand in a query.
        #[arg(long, value_name = "CHAR", default_value = "&", value_parser = parse_separator)]
        query_separator: char,
        /// One output per value: `COMPONENT=V1 V2 …`, values split at
        /// spaces; several `--iterate` (on different components) give every
        /// combination.
        #[arg(long, value_name = "COMPONENT=VALUES", value_parser = edit::Iterate::parse)]
        iterate: Vec<edit::Iterate>,
        /// Print TEMPLATE filled in, not the reference: `{scheme}`,
        /// `{user}`, `{password}`, `{userinfo}`, `{host}`, `{port}`,
        /// `{path}`, `{query}`, `{fragment}` decoded, `{:NAME}` as written,
        /// `{query:KEY}`, `{query-all:KEY}`, `{default:port}` (the port, or
        /// the scheme's default), `{url}`; `[NAME]` as `{NAME}`;
        /// `{must:NAME}` strict (see `--strict-get`); `\n`, `\t`, and `\`
        /// before a character for itself.
        #[arg(long, short, value_name = "TEMPLATE", value_parser = edit::Template::parse)]
        get: Option<edit::Template>,
        /// With `--get`, a placeholder of an absent component is an error
        /// (an empty line, its error on standard error, exit status 1), not
        /// the empty string.
        #[arg(long, requires = "get")]
        strict_get: bool,
        /// Print one JSON object per output: `input` (password hidden),
        /// `output` (the edited reference), `components` as written and
        /// `decoded` (passwords hidden), `pairs` of the query decoded as
        /// [[key, value], …].
        #[arg(long, conflicts_with = "get")]
        json: bool,
        /// Normalize each result as `normalize --scheme` does: syntax, then
        /// the scheme's rules (a default port dropped, an empty http path
        /// as `/`, …).
        #[arg(long)]
        normalize: bool,
        /// With `--normalize`, keep a port that is the scheme's default.
        #[arg(long, requires = "normalize")]
        keep_port: bool,
        /// Read an input without a scheme (`example.com/a`, `localhost:8080`,
        /// `//h/`) as `SCHEME://` and the input.
        #[arg(long, value_name = "SCHEME", conflicts_with = "guess_scheme")]
        default_scheme: Option<String>,
        /// As `--default-scheme`, guessed as trurl does: `ftp` for a host
        /// that begins with `ftp.`, else `http`.
        #[arg(long)]
        guess_scheme: bool,
        /// Print each result as a URI (RFC 3987 §3.1), also for an IRI.
        #[arg(long)]
        to_uri: bool,
        /// An input (as trurl's `--url`), before the positional ones.
        #[arg(long, value_name = "URL")]
        url: Vec<OsString>,
        /// The inputs.
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Expand each CURIE (W3C CURIE Syntax 1.0: `prefix:reference`, or
    /// `[prefix:reference]`) to the IRI it stands for, checked as an IRI;
    /// or with `--compress`, each IRI to its CURIE (the longest mapped IRI
    /// wins). The IRI (or CURIE) per line, or JSON lines with `--json`.
    Curie {
        /// The prefix mapping: a JSON-LD document's `@context` (its terms
        /// that map to an IRI; `@vocab` as the default prefix) or a plain
        /// `{"prefix": "iri"}` JSON object.
        #[arg(long, value_name = "FILE")]
        prefixes: PathBuf,
        /// The default prefix's IRI, for a CURIE with no prefix (`:name`).
        #[arg(long, value_name = "IRI")]
        default_prefix: Option<String>,
        /// Compress IRIs to CURIEs instead; an IRI no prefix maps is
        /// printed as it is (`"mapped": false` in JSON).
        #[arg(long)]
        compress: bool,
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// CURIEs (IRIs with `--compress`); read one per line from standard
        /// input when none are given, and in place of `-`.
        #[arg(value_name = "CURIE")]
        inputs: Vec<OsString>,
    },
    /// Write the completions of a shell to standard output:
    /// `urikit completions bash > ~/.local/share/bash-completion/completions/urikit`,
    /// `urikit completions zsh > ~/.zfunc/_urikit`,
    /// `urikit completions fish > ~/.config/fish/completions/urikit.fish`.
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        #[arg(value_enum, value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
    /// Write shell completions or man pages to standard output, for
    /// `cargo xtask dist`.
    #[command(hide = true)]
    Generate {
        /// `man` (urikit.1), `man-NAME` (a subcommand's page),
        /// `subcommands` (their names), or a shell: bash, zsh, fish,
        /// elvish, powershell.
        #[arg(value_name = "WHAT")]
        what: String,
    },
    /// Percent-encode each text for one component: the output per line, or
    /// JSON lines with `--json`.
    Encode {
        /// The component to encode for: which bytes stay as they are.
        /// (`--set` is the old name of this flag.)
        #[arg(long, alias = "set", value_enum, value_name = "NAME")]
        encode_set: SetName,
        /// Copy `%XX` triplets already in the text instead of encoding their
        /// `%`, so that encoding encoded text changes nothing.
        #[arg(long)]
        keep_triplets: bool,
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// The texts.
        #[command(flatten)]
        texts: Texts,
    },
    /// Percent-decode each text to UTF-8: the output per line, or JSON lines
    /// with `--json`.
    Decode {
        /// Never fail: copy a `%` that starts no triplet, and replace bytes
        /// that are not UTF-8 by U+FFFD.
        #[arg(long)]
        lossy: bool,
        /// Read `+` as a space (form-urlencoded data).
        #[arg(long)]
        form: bool,
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// The texts.
        #[command(flatten)]
        texts: Texts,
    },
    /// Resolve each reference against a base URI (RFC 3986 §5.2): the
    /// target URI per line, or JSON lines with `--json`.
    Resolve {
        /// The base URI, with a scheme; an invalid or relative base is a
        /// usage error.
        #[arg(long, value_name = "BASE")]
        base: OsString,
        /// Read a reference with the base's scheme and no authority
        /// (`http:g`) as relative, as RFC 3986 §5.2.2 allows for backward
        /// compatibility.
        #[arg(long)]
        non_strict: bool,
        /// Print each target as a URI (RFC 3987 §3.1), also when the base
        /// or the reference is an IRI.
        #[arg(long)]
        to_uri: bool,
        /// Print one JSON object per reference, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// URI references; read one per line from standard input when none
        /// are given, and in place of `-`.
        #[arg(value_name = "REF")]
        refs: Vec<OsString>,
    },
    /// Find the reference from a base URI to each target URI (the inverse
    /// of `resolve`): the reference per line, or JSON lines with `--json`.
    Relativize {
        /// The base URI, with a scheme; an invalid or relative base is a
        /// usage error.
        #[arg(long, value_name = "BASE")]
        base: OsString,
        /// The kind of reference to answer with: the shortest such, or the
        /// target itself when there is none. (`--form` is the old name of
        /// this flag.)
        #[arg(long, alias = "form", value_enum, value_name = "KIND", default_value_t = FormName::Shortest)]
        kind: FormName,
        /// Print each reference as a URI (RFC 3987 §3.1), also when the
        /// base or the target is an IRI.
        #[arg(long)]
        to_uri: bool,
        /// Print one JSON object per target, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// URIs, with a scheme; read one per line from standard input when
        /// none are given, and in place of `-`.
        #[arg(value_name = "TARGET")]
        targets: Vec<OsString>,
    },
    /// Normalize each input by syntax (RFC 3986 §6.2.2): the normal form per
    /// line, or JSON lines with `--json`.
    Normalize {
        /// Then normalize each URI by its scheme's rules (RFC 3986 §6.2.3):
        /// default ports dropped, an empty http path as `/`, and so on.
        #[arg(long)]
        scheme: bool,
        /// Print each normal form as a URI (RFC 3987 §3.1), also for an
        /// IRI.
        #[arg(long)]
        to_uri: bool,
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// The inputs.
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Map each IRI reference to a URI reference (RFC 3987 §3.1): the URI
    /// per line, or JSON lines with `--json`.
    ToUri {
        /// Map a host name that is not ASCII to `xn--` labels (UTS #46
        /// `ToASCII`), not to percent-encoding; a name it refuses makes the
        /// input invalid.
        #[arg(long)]
        idna: bool,
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// IRI references; read one per line from standard input when none
        /// are given, and in place of `-`.
        #[arg(value_name = "IRI")]
        inputs: Vec<OsString>,
    },
    /// Map each URI reference to an IRI reference (RFC 3987 §3.2):
    /// percent-encoded UTF-8 decoded where an IRI may hold it; the IRI per
    /// line, or JSON lines with `--json`.
    ToIri {
        /// Also turn `xn--` labels of a host name into Unicode (UTS #46
        /// `ToUnicode`), where they decode. The result is the faithful
        /// mapping, for programs: `pаypal.com` with a Cyrillic `а` comes
        /// out as written. To show an IRI to people, use `--display`.
        #[arg(long)]
        idna: bool,
        /// Print the form to show people (`uri_iri::display`): Unicode
        /// where it cannot mislead, `xn--` for labels that mix scripts or
        /// are whole-script confusables, invisible and bidi formatting
        /// characters encoded, the password `***`. Not for parsing or
        /// sending. Warnings say what was kept encoded, with or without it.
        #[arg(long)]
        display: bool,
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// The inputs.
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Check each URI against its scheme's rules (http, mailto, urn, tel,
    /// file, data, ldap, news, ftp, …) and look its scheme up in the IANA
    /// registry: a table, or JSON lines with `--json`.
    Scheme {
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// URIs, with a scheme; read one per line from standard input when
        /// none are given, and in place of `-`.
        #[arg(value_name = "URI")]
        uris: Vec<OsString>,
    },
    /// Say whether two URI references are equivalent (RFC 3986 §6: the same
    /// text, syntax-based or scheme-based normal form): `true (RUNG)` or
    /// `false`, or JSON lines with `--json`.
    Equivalent {
        /// Print one JSON object per pair, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// The first URI reference; without it (or for `-` alone), pairs are
        /// read from standard input, one per line, separated by a tab.
        #[arg(value_name = "A")]
        a: Option<OsString>,
        /// The second URI reference.
        #[arg(value_name = "B")]
        b: Option<OsString>,
    },
    /// RFC 6570 URI Templates: expand a template from JSON variables, or
    /// match URIs against it and read the variables back.
    #[command(subcommand)]
    Template(TemplateCommand),
    /// Say where two parsers would read a URL differently (RFC 3986 and
    /// the WHATWG URL Standard, which browsers and most HTTP clients
    /// follow), and every other trap, before the URL is trusted: caret
    /// diagnostics and a summary, JSON lines with `--json`, or a SARIF
    /// 2.1.0 log with `--sarif`. Exit status 1 when a finding is at least
    /// as severe as `--deny`.
    Lint {
        /// Print one JSON object per finding: `input` (password hidden),
        /// `line`, `kind`, `group`, `severity`, `index`, `section`,
        /// `message`, `readings` (`rfc3986` and `whatwg`, or null).
        #[arg(long, conflicts_with = "sarif")]
        json: bool,
        /// Print one SARIF 2.1.0 log of every finding, for code-scanning
        /// tools.
        #[arg(long)]
        sarif: bool,
        /// The least severity that makes the exit status 1: `note`,
        /// `warning` or `error`.
        #[arg(long, value_name = "SEVERITY", default_value = "error", value_parser = parse_severity)]
        deny: urikit::lint::Severity,
        /// Do not report this kind (a kind name such as `Password`, or a
        /// scheme rule's name); may be repeated.
        #[arg(long, value_name = "KIND")]
        allow: Vec<String>,
        /// Expect relative references: no `RelativeReference` error (the
        /// WHATWG reading resolves them against `https://base.invalid/`).
        #[arg(long)]
        allow_relative: bool,
        /// A file of URLs, one per line (`-` for standard input); may be
        /// repeated.
        #[arg(long, short, value_name = "FILE")]
        file: Vec<PathBuf>,
        /// URLs; standard input is read, one per line, when there are
        /// neither URLs nor files.
        #[arg(value_name = "URL")]
        inputs: Vec<OsString>,
    },
    /// Map each file URI to the path it names on an OS (RFC 8089): the
    /// path per line, or JSON lines with `--json`.
    FilePath {
        /// The kind of path: `C:\a\b` and `\\host\share` for Windows.
        #[arg(long, value_enum, value_name = "OS")]
        os: OsName,
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// File URIs; read one per line from standard input when none are
        /// given, and in place of `-`.
        #[arg(value_name = "URI")]
        uris: Vec<OsString>,
    },
    /// Map each absolute path of an OS to its file URI (RFC 8089): the URI
    /// per line, or JSON lines with `--json`.
    FileUri {
        /// The kind of path: `C:\a\b` and `\\host\share` for Windows.
        #[arg(long, value_enum, value_name = "OS")]
        os: OsName,
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// Absolute paths; read one per line from standard input when none
        /// are given, and in place of `-`.
        #[arg(value_name = "PATH")]
        paths: Vec<OsString>,
    },
}

/// The subcommands of `urikit template`.
#[derive(Debug, Subcommand)]
enum TemplateCommand {
    /// Expand TEMPLATE (RFC 6570 §3, levels 1 to 4) with the variables of
    /// `--vars`: the URI reference, or `{"template", "expanded"}` with
    /// `--json`. An invalid template is a usage error (exit status 2).
    Expand {
        /// The template, such as `/users/{id}/files{/path*}{?page,size}`.
        #[arg(value_name = "TEMPLATE")]
        template: String,
        /// The variables, a JSON object: strings (numbers and booleans as
        /// their text), arrays (lists), objects (associative arrays, in
        /// their order); `null` is undefined.
        #[arg(long, value_name = "JSON", default_value = "{}")]
        vars: String,
        /// Expand to an IRI reference: characters outside ASCII that an
        /// IRI allows stay as they are instead of percent-encoded.
        #[arg(long)]
        iri: bool,
        /// Print one JSON object: `{"template", "expanded"}`.
        #[arg(long)]
        json: bool,
    },
    /// Match each URI against TEMPLATE, the inverse of expansion: a table
    /// of the variables per URI, or JSON lines `{"template", "uri",
    /// "matched", "ambiguous", "captures"}` with `--json`. Exit status 1
    /// when some URI does not match (or matches two ways).
    Match {
        /// The template.
        #[arg(value_name = "TEMPLATE")]
        template: String,
        /// Query parameters in any order, extra ones ignored, triplets in
        /// either case.
        #[arg(long)]
        lenient: bool,
        /// Print one JSON object per URI, in input order.
        #[arg(long)]
        json: bool,
        /// The URIs; read one per line from standard input when none are
        /// given, and in place of `-`.
        #[arg(value_name = "URI")]
        uris: Vec<OsString>,
    },
}

/// The inputs of a per-input subcommand.
#[derive(Debug, Args)]
struct Inputs {
    /// A file of inputs, one per line (`-` for standard input), read after
    /// the arguments; may be repeated.
    #[arg(long, short = 'f', value_name = "FILE")]
    file: Vec<PathBuf>,
    /// URI or IRI references; read one per line from standard input when
    /// none are given (nor files), and in place of `-`.
    #[arg(value_name = "INPUT")]
    inputs: Vec<OsString>,
}

impl Inputs {
    /// The inputs of `subcommand`; see [`stdin_at_most_once`]. The files
    /// are handed to [`input::set_files`].
    fn checked(self, subcommand: &str) -> Vec<OsString> {
        let stdin_files = self
            .file
            .iter()
            .filter(|f| f.as_os_str() == input::STDIN_ARG)
            .count();
        let stdin_args = self
            .inputs
            .iter()
            .filter(|a| *a == input::STDIN_ARG)
            .count();
        if stdin_files + stdin_args > 1 {
            command_of(subcommand)
                .error(
                    ErrorKind::ArgumentConflict,
                    "`-` (standard input) may be given only once",
                )
                .exit();
        }
        input::set_files(self.file);
        stdin_at_most_once(self.inputs, subcommand)
    }
}

/// The inputs of `encode` and `decode`: texts rather than URI references.
#[derive(Debug, Args)]
struct Texts {
    /// Texts; read one per line from standard input when none are given,
    /// and in place of `-`.
    #[arg(value_name = "TEXT")]
    texts: Vec<OsString>,
}

impl Texts {
    /// The texts of `subcommand`; see [`stdin_at_most_once`].
    fn checked(self, subcommand: &str) -> Vec<OsString> {
        stdin_at_most_once(self.texts, subcommand)
    }
}

/// `args`, the inputs of `subcommand`, after checking that `-` is given at
/// most once (standard input can be read only once); exits with a usage
/// error otherwise.
fn stdin_at_most_once(args: Vec<OsString>, subcommand: &str) -> Vec<OsString> {
    if args.iter().filter(|a| *a == input::STDIN_ARG).count() > 1 {
        command_of(subcommand)
            .error(
                ErrorKind::ArgumentConflict,
                "`-` (standard input) may be given only once",
            )
            .exit();
    }
    args
}

/// The `--base` of `subcommand`, parsed; for a base that is not a base URI
/// (invalid, relative, or not UTF-8), prints its caret error and the usage
/// to standard error and exits with status 2, before any input is read.
fn base_or_exit<'a>(base: &'a OsString, subcommand: &str) -> resolution::Base<'a> {
    let base = Input::new(base.as_encoded_bytes());
    match resolution::parse_base(base) {
        Ok(uri) => uri,
        Err(problem) => {
            let usage = command_of(subcommand).render_usage();
            eprintln!(
                "{}\n\n{usage}\n\nFor more information, try '--help'.",
                problem.caret(base.bytes())
            );
            std::process::exit(2)
        }
    }
}

/// `--query-separator`'s value: one character that may stand in a query
/// and is neither `=` nor `%`.
fn parse_separator(text: &str) -> Result<char, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None)
            if c.is_ascii_graphic()
                && !matches!(
                    c,
                    '=' | '%'
                        | '#'
                        | '['
                        | ']'
                        | '"'
                        | '<'
                        | '>'
                        | '\\'
                        | '^'
                        | '`'
                        | '{'
                        | '|'
                        | '}'
                ) =>
        {
            Ok(c)
        }
        _ => Err(format!(
            "`{text}` is not one character that may separate query pairs (such as `&` or `;`)"
        )),
    }
}

/// `--deny`'s value: a severity name.
fn parse_severity(name: &str) -> Result<urikit::lint::Severity, String> {
    name.parse()
        .map_err(|_| format!("`{name}` is not `note`, `warning` or `error`"))
}

/// The clap command of `subcommand`, for its error messages.
fn command_of(subcommand: &str) -> clap::Command {
    let mut cli = Cli::command();
    cli.build();
    cli.find_subcommand(subcommand).cloned().unwrap_or(cli)
}

/// What a subcommand found, and whether it could finish writing it.
#[derive(Debug)]
pub(crate) struct Outcome {
    /// Whether some input was invalid.
    pub(crate) invalid: bool,
    /// The first I/O error, which stopped the subcommand.
    pub(crate) result: io::Result<()>,
}

impl Outcome {
    /// The exit status: 0 all valid, 1 some input invalid, 2 on an I/O
    /// error. A closed standard output (`urikit … | head`) is not an error:
    /// the status then says what was found before it closed.
    fn exit_code(self) -> ExitCode {
        match self.result {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                eprintln!("urikit: error: {e}");
                ExitCode::from(2)
            }
            _ if self.invalid => ExitCode::from(1),
            _ => ExitCode::SUCCESS,
        }
    }
}

/// Runs the `urikit` command on the process's arguments, standard input
/// and output, and gives its exit status: 0 if every input is valid, 1 if
/// some input is not (RFC 3986 §4.1, or RFC 3987 §2.2 for an IRI), 2 on a
/// usage or I/O error. The whole of the `urikit` binary's `main`.
///
/// # Examples
///
/// ```no_run
/// fn main() -> std::process::ExitCode {
///     urikit_cli::run()
/// }
/// ```
pub fn run() -> ExitCode {
    let color = clap_color();
    let cli = match Cli::command()
        .color(color)
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => usage_error(&e, color),
    };
    let Global {
        allow_zone_id,
        show_password,
        color,
        ascii,
        max_line_bytes,
        uri_only,
        trim,
    } = cli.global;
    Settings::from_flags(allow_zone_id, show_password, color, ascii, max_line_bytes)
        .with_uri_only(uri_only)
        .with_trim(trim)
        .install();
    let outcome = match cli.command {
        Command::Parse { iri, json, inputs } => {
            commands::parse(&inputs.checked("parse"), iri, json)
        }
        Command::Explain { inputs } => commands::explain(&inputs.checked("explain")),
        Command::Check {
            json,
            quiet,
            no_progress,
            files,
        } => check::run(
            &files,
            check::Report {
                json,
                quiet,
                progress: !no_progress,
            },
        ),
        Command::Edit {
            set,
            set_if_absent,
            remove,
            append,
            trim_query,
            replace,
            replace_append,
            sort_query,
            query_separator,
            iterate,
            get,
            strict_get,
            json,
            normalize,
            keep_port,
            default_scheme,
            guess_scheme,
            to_uri,
            url,
            inputs,
        } => {
            let edit = edit::Edit {
                changes: remove
                    .into_iter()
                    .chain(set.into_iter().map(edit::Change::Set))
                    .chain(set_if_absent.into_iter().map(edit::Change::Set))
                    .collect(),
                iterate,
                appends: append,
                trims: trim_query,
                replaces: replace.into_iter().chain(replace_append).collect(),
                sort_query,
                template: get,
                strict: strict_get,
                normalize,
                keep_port,
                separator: query_separator,
                options: settings::get().parse_options(),
            };
            if let Err(message) = edit.check() {
                command_of("edit")
                    .error(ErrorKind::ArgumentConflict, message)
                    .exit();
            }
            let scheme = match (default_scheme, guess_scheme) {
                (Some(scheme), _) => {
                    if let Err(message) = edit::Assignment::parse(&format!("scheme={scheme}")) {
                        command_of("edit")
                            .error(
                                ErrorKind::ValueValidation,
                                format!("--default-scheme: {message}"),
                            )
                            .exit();
                    }
                    commands::SchemeGuess::Given(scheme)
                }
                (None, true) => commands::SchemeGuess::Guess,
                (None, false) => commands::SchemeGuess::Warn,
            };
            let mut all = url;
            let inputs = inputs.checked("edit");
            // `--url` alone: the positional inputs do not fall back to
            // standard input.
            if !all.is_empty() || inputs.is_empty() && input::has_files() {
                all.extend(inputs);
            } else {
                all = inputs;
            }
            let options = commands::EditOutput {
                json,
                spec: commands::OutputSpec::new(to_uri),
                scheme,
            };
            commands::edit(&all, &edit, &options)
        }
        Command::Curie {
            prefixes,
            default_prefix,
            compress,
            json,
            inputs,
        } => {
            let inputs = stdin_at_most_once(inputs, "curie");
            let map = match curie::load(&prefixes, default_prefix.as_deref()) {
                Ok(map) => map,
                Err(message) => command_of("curie")
                    .error(ErrorKind::ValueValidation, message)
                    .exit(),
            };
            commands::curie(&inputs, &map, compress, json)
        }
        Command::Generate { what } => return generate(&what),
        Command::Completions { shell } => return generate(&shell.to_string()),
        Command::Encode {
            encode_set: set,
            keep_triplets,
            json,
            texts,
        } => commands::encode(
            &texts.checked("encode"),
            Encoding::new(set, keep_triplets),
            json,
        ),
        Command::Decode {
            lossy,
            form,
            json,
            texts,
        } => commands::decode(&texts.checked("decode"), Decoding::new(lossy, form), json),
        Command::Resolve {
            base,
            non_strict,
            to_uri,
            json,
            refs,
        } => {
            let refs = stdin_at_most_once(refs, "resolve");
            let base = base_or_exit(&base, "resolve");
            let spec = commands::OutputSpec::new(to_uri);
            commands::resolve(&refs, base, non_strict, spec, json)
        }
        Command::Relativize {
            base,
            kind: form,
            to_uri,
            json,
            targets,
        } => {
            let targets = stdin_at_most_once(targets, "relativize");
            let base = base_or_exit(&base, "relativize");
            let spec = commands::OutputSpec::new(to_uri);
            commands::relativize(&targets, base, form, spec, json)
        }
        Command::Normalize {
            scheme,
            to_uri,
            json,
            inputs,
        } => commands::normalize(
            &inputs.checked("normalize"),
            scheme,
            commands::OutputSpec::new(to_uri),
            json,
        ),
        Command::ToUri { idna, json, inputs } => {
            let inputs = stdin_at_most_once(inputs, "to-uri");
            commands::to_uri(&inputs, idna, json)
        }
        Command::ToIri {
            idna,
            display,
            json,
            inputs,
        } => commands::to_iri(&inputs.checked("to-iri"), idna, display, json),
        Command::Scheme { json, uris } => {
            commands::scheme(&stdin_at_most_once(uris, "scheme"), json)
        }
        Command::Equivalent { json, a, b } => match (&a, &b) {
            (None, None) => commands::equivalent(None, json),
            (Some(stdin), None) if stdin == input::STDIN_ARG => commands::equivalent(None, json),
            (Some(a), Some(b)) => commands::equivalent(Some((a, b)), json),
            _ => command_of("equivalent")
                .error(
                    ErrorKind::WrongNumberOfValues,
                    "give two references, or none (or `-`) to read pairs from standard input",
                )
                .exit(),
        },
        Command::Template(TemplateCommand::Expand {
            template,
            vars,
            iri,
            json,
        }) => {
            let usage = command_of("template").render_usage().to_string();
            let parsed = template::template_or_exit(&template, &usage);
            match template::vars_from_json(&vars) {
                Ok(vars) => template::expand(&parsed, &vars, iri, json),
                Err(message) => command_of("template")
                    .error(ErrorKind::ValueValidation, message)
                    .exit(),
            }
        }
        Command::Template(TemplateCommand::Match {
            template,
            lenient,
            json,
            uris,
        }) => {
            let usage = command_of("template").render_usage().to_string();
            let parsed = template::template_or_exit(&template, &usage);
            let uris = stdin_at_most_once(uris, "template");
            template::match_uris(&parsed, &uris, lenient, json)
        }
        Command::Lint {
            json,
            sarif,
            deny,
            allow,
            allow_relative,
            file,
            inputs,
        } => lint::run(lint::Request {
            inputs,
            files: file,
            format: if sarif {
                lint::Format::Sarif
            } else if json {
                lint::Format::Json
            } else {
                lint::Format::Human
            },
            deny,
            allow,
            allow_relative,
        }),
        Command::FilePath { os, json, uris } => {
            commands::file_path(&stdin_at_most_once(uris, "file-path"), os, json)
        }
        Command::FileUri { os, json, paths } => {
            commands::file_uri(&stdin_at_most_once(paths, "file-uri"), os, json)
        }
    };
    outcome.exit_code()
}

/// Prints a command-line error of clap and exits with its status (2 for a
/// usage error, 0 for `--help` and `--version`). A usage error can repeat
/// an argument (`unexpected argument 'https://u:pw@h/'`): its text goes
/// through the password rule, as every diagnostic does, unless
/// `--show-password` is among the arguments.
fn usage_error(e: &clap::Error, color: clap::ColorChoice) -> ! {
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit()
    }
    let shown = std::env::args_os().any(|a| a == "--show-password");
    let painted = match color {
        clap::ColorChoice::Always => true,
        clap::ColorChoice::Never => false,
        clap::ColorChoice::Auto => {
            Settings::from_flags(false, false, ColorChoice::Auto, false, 0).color_stderr
        }
    };
    let text = if painted {
        e.render().ansi().to_string()
    } else {
        e.render().to_string()
    };
    let text = if shown {
        text
    } else {
        urikit::RedactedText::new(&text).to_string()
    };
    eprint!("{text}");
    std::process::exit(e.exit_code())
}

/// The `--color` of the command line, read before clap parses it, so that
/// clap's own help and errors follow it too (`--color=WHEN` or `--color
/// WHEN`; the last one counts); `auto` follows `NO_COLOR`, `CLICOLOR` and
/// `CLICOLOR_FORCE` as the rest of the output does.
fn clap_color() -> clap::ColorChoice {
    let args: Vec<OsString> = std::env::args_os().collect();
    let mut choice = None;
    for (i, arg) in args.iter().enumerate() {
        let value = match arg.to_str() {
            Some("--color") => args.get(i + 1).and_then(|v| v.to_str()),
            Some(a) => a.strip_prefix("--color="),
            None => None,
        };
        if let Some(value) = value {
            choice = Some(value.to_owned());
        }
    }
    match choice.as_deref() {
        Some("always") => clap::ColorChoice::Always,
        Some("never") => clap::ColorChoice::Never,
        _ => {
            let settings = Settings::from_flags(false, false, ColorChoice::Auto, false, 0);
            if settings.color_stderr && settings.color_stdout {
                clap::ColorChoice::Auto
            } else {
                clap::ColorChoice::Never
            }
        }
    }
}

/// `urikit generate WHAT`: the man page (`man`) or the completions of a
/// shell, from the clap definition, on standard output.
fn generate(what: &str) -> ExitCode {
    let mut cli = Cli::command();
    let mut out = io::stdout().lock();
    let result = match what {
        "man" => clap_mangen::Man::new(cli).render(&mut out),
        "subcommands" => {
            let names: String = cli
                .get_subcommands()
                .filter(|s| !s.is_hide_set())
                .map(|s| format!("{}\n", s.get_name()))
                .collect();
            out.write_all(names.as_bytes())
        }
        page if page.starts_with("man-") => {
            cli.build();
            match cli.find_subcommand(&page[4..]) {
                Some(sub) => {
                    // Once per run: the page's title, `urikit-NAME`.
                    let name: &'static str =
                        Box::leak(format!("urikit-{}", sub.get_name()).into_boxed_str());
                    let sub = sub.clone().name(name).bin_name(name);
                    clap_mangen::Man::new(sub).render(&mut out)
                }
                None => {
                    eprintln!("urikit: generate: no subcommand `{}`", &page[4..]);
                    return ExitCode::from(2);
                }
            }
        }
        shell => match shell.parse::<clap_complete::Shell>() {
            Ok(shell) => {
                clap_complete::generate(shell, &mut cli, "urikit", &mut out);
                Ok(())
            }
            Err(_) => {
                eprintln!("urikit: generate: `{what}` is not `man` or a shell");
                return ExitCode::from(2);
            }
        },
    };
    match result {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("urikit: error: {e}");
            ExitCode::from(2)
        }
        _ => ExitCode::SUCCESS,
    }
}
