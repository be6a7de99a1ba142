//! A pseudo-random stream for the unit tests that draw their inputs
//! (xorshift64: fixed, so a failure repeats; no dependency). The same
//! generator as uri-core's test module of that name: the crates do not
//! share test code.

/// The stream of xorshift64 from `seed` (which must not be zero).
pub(crate) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
