/**
 * The whole stylesheet, for what scripts add to a page. A prepared page carries inline only the
 * rules its own markup uses (crates/site/src/render/critical_css.rs), so it paints without
 * waiting for the stylesheet; the start script names the whole one in `data-stylesheets`. Markup
 * an island builds (a dialog, the chat, the timetable's filters) may use rules the page did not
 * need, so the islands runtime waits for this before mounting one. Loading it only then spares a
 * page that nobody reaches into a second style pass over the whole stylesheet.
 *
 * The page's inline rules already declare the brand's faces. Declared again, a face is a second
 * one, which the browser fetches (from its cache) and swaps in, moving the page's lines: the
 * text of a page that painted in the fallbacks would change face under the reader. So the
 * stylesheet arrives with `media="not all"` (fetched and read, applied to nothing), loses its
 * `@font-face` rules, and only then applies.
 */

/** Per document: the stylesheets' arrival, once asked for. */
const arrivals = new WeakMap<Document, Promise<void>>();

/** What holds rules: a stylesheet, or a grouping rule (`@media`, `@layer`, `@supports`). */
interface RuleList {
  readonly cssRules: CSSRuleList;
  deleteRule(index: number): void;
}

function holdsRules(rule: CSSRule): rule is CSSRule & RuleList {
  return 'cssRules' in rule && 'deleteRule' in rule;
}

/**
 * Removes every `@font-face` rule from `list`, inside grouping rules too. A rule that holds rules
 * is never a face, so only the others are serialised to tell: serialising a layer serialises
 * every rule in it, and the whole stylesheet's were a 9 ms task on a fast desktop's load.
 */
export function dropFontFaces(list: RuleList): void {
  for (let index = list.cssRules.length - 1; index >= 0; index -= 1) {
    const rule = list.cssRules[index];
    if (!rule) continue;
    if (holdsRules(rule)) dropFontFaces(rule);
    else if (rule.cssText.startsWith('@font-face')) list.deleteRule(index);
  }
}

/**
 * Resolves once the stylesheets named by the start script's `data-stylesheets` apply (or
 * failed to load: an island without its styles beats no island), adding them to the head on the
 * first call. At once when the page links its stylesheets itself (no `data-stylesheets`).
 */
export function wholeStylesheet(doc: Document): Promise<void> {
  const known = arrivals.get(doc);
  if (known) return known;
  const names = doc.querySelector<HTMLScriptElement>('script[data-stylesheets]')?.dataset['stylesheets'] ?? '';
  const arrival = Promise.all(
    names
      .split(' ')
      .filter(Boolean)
      .map(
        (href) =>
          new Promise<void>((done) => {
            const link = doc.createElement('link');
            link.rel = 'stylesheet';
            link.media = 'not all';
            link.href = href;
            link.addEventListener('load', () => {
              try {
                if (link.sheet) dropFontFaces(link.sheet);
              } catch {
                // A sheet the page may not read: apply it as it is.
              }
              link.media = 'all';
              done();
            });
            link.addEventListener('error', () => done());
            doc.head.append(link);
          }),
      ),
  ).then(() => undefined);
  arrivals.set(doc, arrival);
  return arrival;
}
