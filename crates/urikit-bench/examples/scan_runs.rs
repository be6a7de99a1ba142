//! The cost of [`Scanner::span`] by the number of runs in the class: the
//! measurement behind the most runs uri-core's SWAR scanner is used for
//! (`MAX_SWAR_RUNS` in `crates/uri-core/src/scanner/swar.rs`; above it,
//! the table).
//!
//! For one to twelve runs of two bytes each (`!"`, `$%`, …), with and
//! without the letters, it times `span` over 4,096 bytes of members and
//! prints the fastest of seven rounds, in ns per sixteen bytes. Build it
//! three ways and compare:
//!
//! ```sh
//! cargo run --release -p urikit-bench --example scan_runs        # SSE2
//! RUSTFLAGS="--cfg urikit_portable_scan" CARGO_TARGET_DIR=target/portable \
//!     cargo run --release -p urikit-bench --example scan_runs    # SWAR, or the table
//! RUSTFLAGS="--cfg urikit_table_scan" CARGO_TARGET_DIR=target/table \
//!     cargo run --release -p urikit-bench --example scan_runs    # the table
//! ```
//!
//! (To time SWAR above the limit, raise `MAX_SWAR_RUNS` for the run.) Each
//! scanner is a `const`, as every scanner of the crates is, so that its
//! runs are constants in the compiled test.

// a measurement, not shipped code: it may unwrap and panic (the workspace denies both in the
// libraries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::hint::black_box;
use std::time::Instant;

use uri_core::grammar::{ALPHA, CharClass, Scanner};

/// `k` runs of two bytes from `!`, a byte apart, and the letters if
/// `letters`.
const fn runs(k: usize, letters: bool) -> CharClass {
    let mut class = if letters { ALPHA } else { CharClass::new(b"") };
    let mut j = 0;
    while j < k {
        let first = (0x21 + 3 * j) as u8;
        class = class.union(CharClass::range(first, first + 1));
        j += 1;
    }
    class
}

/// Times a `const` scanner of `k` runs, with and without the letters.
macro_rules! time {
    ($($k:literal),*) => {
        $(
            {
                const SCAN: Scanner = Scanner::new(&runs($k, false));
                time($k, false, &SCAN);
            }
            {
                const SCAN: Scanner = Scanner::new(&runs($k, true));
                time($k, true, &SCAN);
            }
        )*
    };
}

fn main() {
    time!(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
}

/// Prints the fastest of seven rounds of `span` over 4,096 members of
/// `scan`'s class and one byte outside.
#[inline(always)]
fn time(k: usize, letters: bool, scan: &Scanner) {
    let members: Vec<u8> = (0..=255u8).filter(|&b| scan.class().contains(b)).collect();
    let mut text: Vec<u8> = (0..4096).map(|i| members[i * 7 % members.len()]).collect();
    text.push(b' ');
    assert_eq!(scan.span(&text), 4096);
    let rounds = 2000;
    let mut best = f64::MAX;
    for _ in 0..7 {
        let start = Instant::now();
        let mut sum = 0;
        for _ in 0..rounds {
            sum += scan.span(black_box(&text));
        }
        black_box(sum);
        let per_16 = start.elapsed().as_secs_f64() * 1e9 / f64::from(rounds) / 256.0;
        best = best.min(per_16);
    }
    println!("{k:2} runs, letters {letters:5}: {best:.2} ns per sixteen bytes");
}
