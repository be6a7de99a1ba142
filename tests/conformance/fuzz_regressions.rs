//! Replays every saved fuzz finding on stable, as part of `cargo test`.
//!
//! Each file under `tests/fuzz-regressions/<target>/` is the raw input of
//! a crash or hang the fuzz target `<target>` found (or a seed kept for a
//! past bug). It is run through the same property the target checks,
//! `tests/fuzz_props.rs`, shared with `fuzz/fuzz_targets/` by `#[path]`
//! (the `props` module of this binary).
//! See `tests/fuzz-regressions/README.md`.
//!
//! A file named `suspected-bug-*` holds a finding whose library bug is
//! still open: as with the `suspected_bug_*` tests of the other files, it is
//! replayed only by an `#[ignore]`d test (`cargo test -p urikit-tests
//! --test conformance -- fuzz_regressions:: --ignored`), so `cargo test`
//! stays green. Drop the prefix once the bug is fixed.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use crate::props;

/// `tests/fuzz-regressions/`.
fn regressions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz-regressions")
}

/// The prefix of the files whose bug is still open.
const SUSPECTED: &str = "suspected-bug-";

/// The regular files of `dir`, sorted, skipping dot files.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.is_file())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| !n.starts_with('.'))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_folder_is_a_fuzz_target() {
    let dir = regressions_dir();
    for entry in std::fs::read_dir(&dir).expect("tests/fuzz-regressions") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            assert!(
                props::TARGETS.iter().any(|(target, _)| *target == name),
                "tests/fuzz-regressions/{name}/ names no fuzz target"
            );
        }
    }
}

/// `fuzz/gen_corpus_seed.py` numbers the schemes of its `scheme_check`
/// seeds as the property does (the standard registry's names, sorted), so
/// a seed names the scheme its vector was written for.
#[test]
fn seed_generator_numbers_the_registry_schemes() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/gen_corpus_seed.py");
    let text = std::fs::read_to_string(&script).expect("fuzz/gen_corpus_seed.py");
    let list = text
        .split_once("SCHEMES = [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
        .expect("a SCHEMES list");
    let listed: Vec<&str> = list
        .split(',')
        .map(|name| name.trim().trim_matches('"'))
        .filter(|name| !name.is_empty())
        .collect();
    let names: Vec<&str> = urikit::schemes::Registry::standard().names().collect();
    assert_eq!(listed, names, "SCHEMES in {}", script.display());
}

/// `fuzz/Cargo.toml` declares one target per property, each with its
/// source file and its seed corpus.
#[test]
fn fuzz_targets_match_the_properties() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    let mut declared = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(value) = line.strip_prefix("name = ").filter(|_| in_bin) {
            declared.push(value.trim_matches('"').to_owned());
        }
    }
    let properties: Vec<&str> = props::TARGETS.iter().map(|(name, _)| *name).collect();
    assert_eq!(declared, properties, "fuzz/Cargo.toml [[bin]] names");
    for name in properties {
        let source = fuzz.join("fuzz_targets").join(format!("{name}.rs"));
        let text = std::fs::read_to_string(&source).expect("fuzz target source");
        assert!(
            text.contains(&format!("props::{name}(data)")),
            "{} does not check the property `{name}`",
            source.display()
        );
        let seeds = fuzz.join("corpus-seed").join(name);
        assert!(
            seeds.is_dir() && !files(&seeds).is_empty(),
            "fuzz/corpus-seed/{name}/ is empty"
        );
    }
}

#[test]
fn every_fuzz_target_has_regressions() {
    for (target, _) in props::TARGETS {
        let dir = regressions_dir().join(target);
        assert!(
            dir.is_dir() && !files(&dir).is_empty(),
            "tests/fuzz-regressions/{target}/ has no regression file"
        );
    }
}

/// The message of a panic caught by `catch_unwind`.
fn message(panic: &(dyn std::any::Any + Send)) -> &str {
    panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)")
}

/// Runs the files whose name does (`suspected`) or does not start with
/// [`SUSPECTED`]; reports every failure, not only the first.
fn replay(suspected: bool) {
    let mut failures = Vec::new();
    let mut count = 0;
    for (target, property) in props::TARGETS {
        let dir = regressions_dir().join(target);
        if !dir.is_dir() {
            continue;
        }
        for file in files(&dir) {
            let name = file.file_name().unwrap_or_default().to_string_lossy();
            if name.starts_with(SUSPECTED) != suspected {
                continue;
            }
            let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            count += 1;
            // The inputs are small and every property is linear-time, so
            // each file takes microseconds; a hang shows up as a test that
            // does not finish rather than as a flaky time limit.
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| property(&data))) {
                failures.push(format!("{target}/{name}: {}", message(&*panic)));
            }
        }
    }
    assert!(suspected || count > 0, "no regression files found");
    assert!(
        failures.is_empty(),
        "{} of {count} fuzz regression(s) fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn replay_fuzz_regressions() {
    replay(false);
}

#[test]
#[ignore = "replays the `suspected-bug-*` files: findings whose library bug is still open \
            (none today); see tests/fuzz-regressions/README.md"]
fn suspected_bug_fuzz_regressions() {
    replay(true);
}

/// `grammar_uri` on 4,000 buffers of a fixed pseudo-random stream
/// (xorshift64), 8 to 519 bytes each: on stable, the structure-aware
/// generator's references parse with the components they were built from,
/// and the well-formed bodies of schemes pass their checks. Reports the
/// first five failing buffers, in hex.
#[test]
fn grammar_uri_on_a_fixed_stream() {
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut failures = Vec::new();
    for n in 0..4000_usize {
        let len = 8 + n % 512;
        let data: Vec<u8> = (0..len).map(|_| next().to_le_bytes()[3]).collect();
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| props::grammar_uri(&data))) {
            let hex: String = data.iter().map(|b| format!("{b:02x}")).collect();
            failures.push(format!("buffer {n} ({hex}): {}", message(&*panic)));
            if failures.len() == 5 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
