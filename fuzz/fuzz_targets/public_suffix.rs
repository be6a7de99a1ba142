//! Fuzz target `public_suffix`: the property of the same name in
//! `tests/fuzz_props.rs`, which `tests/conformance/fuzz_regressions.rs` replays
//! on stable for every file in `tests/fuzz-regressions/public_suffix/`.

#![no_main]

#[allow(dead_code)]
#[path = "../../tests/fuzz_props.rs"]
mod props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| props::public_suffix(data));
