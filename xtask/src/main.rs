//! Workspace automation for urikit, run as `cargo xtask <task>`.
//!
//! Standard library only, so it builds on a fresh machine with nothing but
//! a Rust toolchain. Each task is a module; cargo is found through `$CARGO`.

// a tool, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod audit;
mod bench;
mod ci;
mod dist;
mod docs_check;
mod fuzz;
mod generate;
mod json;
mod memory;
mod peers;
mod process;
mod release;
mod tidy;
mod workspace;

use workspace::root;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  ci      every gate CI runs, in order: fmt, clippy, doc, test, each
          library crate alone without default features, the feature
          matrix, audit, the docs.rs build, the oldest toolchain, what
          cargo package ships, tidy
  audit   the supply-chain policy of deny.toml with cargo-deny:
          licences, duplicate versions, sources (crates.io only); says
          how to install cargo-deny when it is missing
  tidy    repository rules: module docs, crate READMEs and changelogs,
          versions on internal dependencies, one MSRV; the docs check:
          docs/ARCHITECTURE.md's dependencies match cargo metadata, and
          every command in a README runs with the output it shows (or
          is marked `<!-- not run: REASON -->`; builds the CLI); the
          generated-file check: each file `generate` writes is what its
          data makes today; every file of the tests package's two test
          binaries is a `mod` of their main.rs
  fuzz [--time SECONDS] [--sanitizer NAME] [TARGET]
          run every fuzz target in fuzz/ (or one) for SECONDS each
          (default 60) with cargo-fuzz on nightly; print exec/s and
          total executions (see fuzz/README.md)
  generate
          write the source files made from outside data (the IANA
          special-purpose address registries in uri-core, the IANA URI
          Schemes registry in uri-schemes); tidy fails when one is out
          of date
  release [--execute] [--bump major|minor|patch|VERSION] [CRATE...]
          publish the crates (all publishable ones by default) in
          dependency order: a dry run by default, which prints the
          order, the version bump and changelog lines it would write,
          the crates.io name check and the tags, and runs cargo package
          and cargo publish --dry-run, changing nothing; --execute (on a
          clean tree) writes, commits, publishes and tags
  dist [--debug]
          build the `urikit` command (release profile) and write it,
          its man page and its shell completions into target/dist
  memory [--sizes MB,MB,...]
          peak RSS of `urikit check` and `urikit normalize` on inputs
          of each size (default 64 MB, 256 MB and 1 GB, written to a
          temporary directory), with GNU time; fails when the peak
          grows with the input (Linux; needs the release build and 1 GB
          of temporary space; not part of ci)
  bench [--quick] [--runs N] [--allow-old-peers] [FILTER]
          check that each peer is at its newest release (cargo info;
          stops when one is older, unless --allow-old-peers), run the
          benchmarks beside their peers (about 15 minutes; --quick
          about 2) and write docs/benchmarks.md
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci::run(),
        Some("tidy") => tidy::run(),
        Some("audit") => audit::run(&args[1..]),
        Some("fuzz") => fuzz::run(&args[1..]),
        Some("generate") => generate::run(),
        Some("bench") => bench::run(&args[1..]),
        Some("release") => release::run(&args[1..]),
        Some("dist") => dist::run(&args[1..]),
        Some("memory") => memory::run(&args[1..]),
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
