// The preview's "edit what you see": a tap on an element the preview marked with the editor's
// address of its content field (a price, a plan's card, a photo: `data-edit`, written by the
// staff area's `marks` module, never on a public page) opens that field in the editor, the
// cursor in it. A tap on a link or button inside it (a card's "Choose Plan") stays theirs.
// Served by the staff area itself (`/studio/content/preview-edit.js`), so the site's build and
// its pages carry none of it.
document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target.closest('a, button, summary, input, select, textarea, label')) return;
  const marked = target.closest('[data-edit]');
  const link = marked && marked.getAttribute('data-edit');
  // Only ever the staff area's own editor (`marks` writes nothing else; a page that somehow
  // carried another address is not followed).
  if (!link || !link.startsWith('/studio/content/')) return;
  event.preventDefault();
  window.location.assign(link);
});

// The preview opens at the first change (`#preview-changed`); a changed answer of a question
// that is closed opens with its question, so the owner sees it.
{
  const changed = document.getElementById('preview-changed');
  const closed = changed && changed.closest('details:not([open])');
  if (closed) {
    closed.open = true;
    changed.scrollIntoView({ block: 'center' });
  }
}
