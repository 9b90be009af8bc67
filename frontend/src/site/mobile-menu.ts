/**
 * The phone menu is a <details> element, so it opens and closes without JavaScript and is
 * closed on every new page. With JavaScript it also closes when a link inside it is chosen
 * (same-page links included), on Escape (focus returns to the toggle) and on a click outside.
 * The <summary> gets no aria-expanded: the browser already exposes the <details> element's open
 * state on it, and the HTML checker forbids the attribute there.
 */
export function enhanceMobileMenu(root: Document): void {
  for (const menu of Array.from(root.querySelectorAll<HTMLDetailsElement>('details[data-mobile-menu]'))) {
    const toggle = menu.querySelector('summary');
    menu.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a')) menu.open = false;
    });
    menu.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && menu.open) {
        menu.open = false;
        toggle?.focus();
      }
    });
    root.addEventListener('click', (event) => {
      if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    });
  }
}
