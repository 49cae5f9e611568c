//! A small seeded random source (SplitMix64): every case is made from
//! `(seed, index)` alone, so a finding is replayed by its two numbers.

pub struct Rng(u64);

impl Rng {
    pub fn for_case(seed: u64, index: u64) -> Rng {
        let mut r = Rng(seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407));
        r.next();
        r
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A nesting depth: mostly shallow, often around the limits, sometimes
    /// far past them.
    pub fn depth(&mut self) -> usize {
        match self.below(100) {
            0..=79 => self.below(4),
            80..=94 => 28 + self.below(10),
            _ => 100 + self.below(5_000),
        }
    }
}
