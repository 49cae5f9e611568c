//! Mutations of a query string or body: grammar tokens inserted, spans cut,
//! spans or nesting tokens repeated up to thousands of times, the tail dropped.

use super::rng::Rng;
use super::vocab::TOKENS;

/// Cuts, repeats and inserts at character boundaries of `s`.
pub fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(5) {
            0 => {
                let token: Vec<char> = rng.pick(&TOKENS).chars().collect();
                chars.splice(at..at, token);
            }
            1 => {
                let end = (at + rng.below(8)).min(chars.len());
                chars.drain(at..end);
            }
            2 => {
                let end = (at + 1 + rng.below(12)).min(chars.len());
                let span: Vec<char> = chars[at..end].to_vec();
                let most = if rng.chance(10) { 3_000 } else { 4 };
                let times = 1 + rng.below(most);
                let repeated: Vec<char> = span
                    .iter()
                    .copied()
                    .cycle()
                    .take(span.len() * times)
                    .collect();
                chars.splice(at..at, repeated);
            }
            3 => {
                let token: Vec<char> = rng
                    .pick(&["or(", "a(", "->k", "not.and("])
                    .chars()
                    .collect();
                let times = 30 + rng.below(3_000);
                let repeated: Vec<char> = token
                    .iter()
                    .copied()
                    .cycle()
                    .take(token.len() * times)
                    .collect();
                chars.splice(at..at, repeated);
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}
