//! A small deterministic pseudo-random number generator (SplitMix64), so
//! that the generated corpus is the same on every run and every machine,
//! without a dependency.

/// SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state, good enough
/// statistics to drive a test-input generator, and fully reproducible.
///
/// # Examples
///
/// ```
/// use urikit_differential::rng::Rng;
///
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `seed`.
    ///
    /// # Examples
    ///
    /// ```
    /// let _rng = urikit_differential::rng::Rng::new(1);
    /// ```
    pub const fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut rng = urikit_differential::rng::Rng::new(1);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; 0 when `n` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut rng = urikit_differential::rng::Rng::new(1);
    /// assert!(rng.below(3) < 3);
    /// assert_eq!(rng.below(0), 0);
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        // The modulo bias is irrelevant for test inputs.
        (self.next_u64() % n as u64) as usize
    }

    /// `true` with a probability of `percent` in a hundred.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut rng = urikit_differential::rng::Rng::new(1);
    /// assert!(rng.chance(100));
    /// assert!(!rng.chance(0));
    /// ```
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// A copy of one element of `items`, which must not be empty.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut rng = urikit_differential::rng::Rng::new(1);
    /// assert_eq!(rng.pick(&["a"]), "a");
    /// ```
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}
