//! Marks in a preview render: the content field that produced an element, written as
//! `data-field="prices.toml#lite.price"` (the file, then a list item by its `id` and the item's
//! field), so the staff area's preview can open the field in the editor when it is tapped and
//! scroll to what a draft changed. Only a render inside [`marking`] (the staff area's preview)
//! writes them: a public page never carries one. A photo's place is already marked on every
//! page (`data-photo-place`, `pages::components::photo`).

use std::cell::Cell;

thread_local! {
    static MARKING: Cell<bool> = const { Cell::new(false) };
}

/// Runs `render` with marks written, on this thread only.
pub fn marking<T>(render: impl FnOnce() -> T) -> T {
    /// Turns marking off again however `render` ends.
    struct Off;
    impl Drop for Off {
        fn drop(&mut self) {
            MARKING.with(|marking| marking.set(false));
        }
    }
    MARKING.with(|marking| marking.set(true));
    let _off = Off;
    render()
}

/// The `data-field` value for `field` of `file`, while marking; none otherwise, which leaves
/// the attribute out.
pub fn field(file: &str, field: &str) -> Option<String> {
    MARKING.with(Cell::get).then(|| format!("{file}#{field}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_written_only_while_marking() {
        assert_eq!(field("prices.toml", "lite.price"), None);
        let marked = marking(|| field("prices.toml", "lite.price"));
        assert_eq!(marked.as_deref(), Some("prices.toml#lite.price"));
        assert_eq!(field("prices.toml", "lite.price"), None);
    }
}
