//! How the chat reads a message: lower-cased words split on every non-alphanumeric character,
//! keywords matched as whole words (a plural `s`/`es` allowed), phrases as consecutive words,
//! and misspellings within one letter understood.
//!
//! A misspelling is a word one edit from a keyword: for keywords of five letters or more, one
//! letter added, dropped, changed, or two neighbours swapped ('tomorow', 'pilates' as 'pilatse',
//! 'wensday' is two and is not); for four-letter keywords only a swap ('yoag'), since one changed
//! letter of a short word is usually another real word ('book' and 'look', 'park' and 'part');
//! shorter keywords must be exact.

/// Lower-cased words of `text`, split on every non-alphanumeric character.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Everyday words one letter from a keyword that are never read as its misspelling ('hi there'
/// is not 'where', 'is it yours' not 'hours').
const COMMON: [&str; 27] = [
    "there", "these", "those", "time", "what", "when", "yours", "ours", "other", "here", "were",
    "whee", "hour", "your", "tonne", "nights", "prize", "pride", "mornings", "evenings", "class",
    "glass", "classy", "parks", "opens", "times", "dimes",
];

/// Whether `word` is `keyword` or its plural, exactly.
fn exact(word: &str, keyword: &str) -> bool {
    word.strip_prefix(keyword)
        .is_some_and(|rest| rest.is_empty() || rest == "s" || rest == "es")
}

/// Whether `a` and `b` are one edit apart (one insertion, deletion or substitution, or one swap
/// of neighbouring letters).
fn one_edit(a: &[char], b: &[char]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.len() - short.len() {
        0 => {
            let differ: Vec<usize> = (0..short.len()).filter(|&i| short[i] != long[i]).collect();
            match differ.as_slice() {
                [_] => true,
                [i, j] => *j == i + 1 && short[*i] == long[*j] && short[*j] == long[*i],
                _ => false,
            }
        }
        1 => {
            let first = (0..short.len())
                .find(|&i| short[i] != long[i])
                .unwrap_or(short.len());
            short[first..] == long[first + 1..]
        }
        _ => false,
    }
}

/// Whether `a` is `b` with two neighbouring letters swapped.
fn swapped(a: &[char], b: &[char]) -> bool {
    a.len() == b.len() && a != b && one_edit(a, b) && {
        let differ = (0..a.len()).filter(|&i| a[i] != b[i]).count();
        differ == 2
    }
}

/// Whether `word` is `keyword` (or its plural), allowing the misspellings this module's
/// comment describes.
pub fn word_matches(word: &str, keyword: &str) -> bool {
    if exact(word, keyword) {
        return true;
    }
    if COMMON.contains(&word) {
        return false;
    }
    let key: Vec<char> = keyword.chars().collect();
    let seen: Vec<char> = word.chars().collect();
    // Digits are figures, never misspelt.
    if key.iter().any(char::is_ascii_digit) || seen.iter().any(char::is_ascii_digit) {
        return false;
    }
    match key.len() {
        0..=3 => false,
        4 => swapped(&seen, &key),
        _ => {
            one_edit(&seen, &key) || {
                // A misspelt plural: 'clases'.
                seen.len() > key.len()
                    && (seen.ends_with(&['s']) && one_edit(&seen[..seen.len() - 1], &key))
            }
        }
    }
}

/// Where the phrase `keyword` (one or more words separated by single spaces) starts in
/// `words`; every word may be misspelt, only the last may take a plural.
pub fn find_phrase(words: &[String], keyword: &str) -> Option<usize> {
    let parts: Vec<&str> = keyword.split(' ').collect();
    let (last, leading) = parts.split_last()?;
    words.windows(parts.len()).position(|window| {
        window.iter().zip(leading).all(|(word, part)| {
            word == part || (part.len() >= 4 && word_matches(word, part) && !word.ends_with('s'))
        }) && window.last().is_some_and(|word| word_matches(word, last))
    })
}

/// Whether the phrase `keyword` occurs in `words`.
pub fn has_phrase(words: &[String], keyword: &str) -> bool {
    find_phrase(words, keyword).is_some()
}

/// Whether any of `keywords` occurs in `words`.
pub fn has_any(words: &[String], keywords: &[&str]) -> bool {
    keywords.iter().any(|keyword| has_phrase(words, keyword))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspellings_within_one_letter_are_understood() {
        for (word, keyword) in [
            ("tomorow", "tomorrow"),
            ("tommorrow", "tomorrow"),
            ("pilatse", "pilates"),
            ("pilates", "pilates"),
            ("scheduel", "schedule"),
            ("memebrship", "membership"),
            ("yoag", "yoga"),
            ("classes", "class"),
            ("clases", "class"),
            ("wednesdays", "wednesday"),
        ] {
            assert!(word_matches(word, keyword), "{word} ~ {keyword}");
        }
        for (word, keyword) in [
            ("wensday", "wednesday"),
            ("look", "book"),
            ("part", "park"),
            ("there", "where"),
            ("yours", "hours"),
            ("cancellations", "cancel"),
            ("at", "pt"),
            ("nice", "ice"),
            ("59", "49"),
        ] {
            assert!(!word_matches(word, keyword), "{word} !~ {keyword}");
        }
    }

    #[test]
    fn phrases_match_consecutive_words() {
        let said = words("Any HOT-yoga tomorrow?");
        assert_eq!(find_phrase(&said, "hot yoga"), Some(1));
        assert!(!has_phrase(&words("yoga hot"), "hot yoga"));
        assert!(has_phrase(&words("a drop-in"), "drop in"));
    }
}
