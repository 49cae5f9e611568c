//! Near-miss suggestions for the "Perhaps you meant …" hints, scored the way
//! PostgREST's fuzzy sets score them: cosine similarity of character trigrams (then
//! bigrams when no trigram is shared), rescored by Levenshtein distance.

use std::collections::HashMap;

/// Lower case, keeping letters, digits, spaces and commas (so `_` does not count).
fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace() || *c == ',')
        .flat_map(char::to_lowercase)
        .collect()
}

fn grams(normalized: &str, size: usize) -> HashMap<String, f64> {
    let mut chars: Vec<char> = format!("-{normalized}-").chars().collect();
    while chars.len() < size {
        chars.push('-');
    }
    let mut out = HashMap::new();
    for window in chars.windows(size) {
        *out.entry(window.iter().collect()).or_insert(0.0) += 1.0;
    }
    out
}

fn cosine(a: &HashMap<String, f64>, b: &HashMap<String, f64>) -> f64 {
    let dot: f64 = a.iter().filter_map(|(g, n)| b.get(g).map(|m| n * m)).sum();
    let norm = |v: &HashMap<String, f64>| v.values().map(|n| n * n).sum::<f64>().sqrt();
    dot / (norm(a) * norm(b))
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Scored candidates for `query`, best first, each at least `min_score`; an exact
/// match (after normalising) scores 1.
pub fn matches<'a>(query: &str, candidates: &[&'a str], min_score: f64) -> Vec<(f64, &'a str)> {
    let q = normalize(query);
    if let Some(exact) = candidates.iter().find(|c| normalize(c) == q) {
        return vec![(1.0, exact)];
    }
    for size in [3, 2] {
        let qg = grams(&q, size);
        let mut scored: Vec<(f64, &str)> = candidates
            .iter()
            .filter_map(|c| {
                let score = cosine(&qg, &grams(&normalize(c), size));
                (score > 0.0).then_some((score, *c))
            })
            .collect();
        if scored.is_empty() {
            continue;
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.truncate(50);
        let mut rescored: Vec<(f64, &str)> = scored
            .into_iter()
            .map(|(_, c)| {
                let n = normalize(c);
                let longest = q.chars().count().max(n.chars().count()).max(1);
                (1.0 - levenshtein(&q, &n) as f64 / longest as f64, c)
            })
            .filter(|(s, _)| *s >= min_score)
            .collect();
        rescored.sort_by(|a, b| b.0.total_cmp(&a.0));
        return rescored;
    }
    Vec::new()
}

/// The best match scoring at least `min_score`.
pub fn best<'a>(query: &str, candidates: &[&'a str], min_score: f64) -> Option<&'a str> {
    matches(query, candidates, min_score)
        .first()
        .map(|(_, c)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        let tables = ["books", "authors", "book_genres", "genres", "reviews"];
        assert_eq!(best("bookz", &tables, 0.75), Some("books"));
        assert_eq!(best("bks", &tables, 0.75), None);
        assert_eq!(best("book", &tables, 0.75), Some("books"));
        assert_eq!(best("author", &tables, 0.33), Some("authors"));
        assert_eq!(best("xyz", &tables, 0.33), None);
        assert_eq!(matches("Books", &tables, 0.33), vec![(1.0, "books")]);
        assert_eq!(levenshtein("kitten", "sitting"), 3);
    }
}
