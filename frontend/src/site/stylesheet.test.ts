import { describe, expect, it } from 'vitest';
import { dropFontFaces, wholeStylesheet } from './stylesheet';

function page(stylesheets?: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const start = doc.createElement('script');
  if (stylesheets !== undefined) start.dataset['stylesheets'] = stylesheets;
  doc.head.append(start);
  return doc;
}

const links = (doc: Document) => Array.from(doc.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));

describe('wholeStylesheet', () => {
  it('adds each named stylesheet once and resolves when all have arrived or failed', async () => {
    const doc = page('/assets/main-a.css /assets/extra-b.css');
    let settled = false;
    const first = wholeStylesheet(doc).then(() => {
      settled = true;
    });
    const again = wholeStylesheet(doc);
    expect(links(doc).map((link) => link.getAttribute('href'))).toEqual(['/assets/main-a.css', '/assets/extra-b.css']);
    // Read but applied to nothing until its faces are gone.
    expect(links(doc).map((link) => link.media)).toEqual(['not all', 'not all']);
    const [main, extra] = links(doc);
    main?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    extra?.dispatchEvent(new Event('error'));
    await first;
    await again;
    expect(settled).toBe(true);
    expect(links(doc)).toHaveLength(2);
    expect(main?.media).toBe('all');
  });

  it('resolves at once on a page that links its stylesheet itself', async () => {
    const doc = page();
    await wholeStylesheet(doc);
    expect(links(doc)).toHaveLength(0);
  });
});

/** A rule list as the CSSOM gives it, from rule texts (a nested list for a grouping rule). */
type Rules = (string | { prelude: string; rules: Rules })[];

function ruleList(rules: Rules): { cssRules: CSSRuleList; deleteRule(index: number): void; texts(): Rules } {
  const items = rules.map((rule) =>
    typeof rule === 'string' ? { cssText: rule } : Object.assign(ruleList(rule.rules), { cssText: `${rule.prelude}{…}`, prelude: rule.prelude }),
  );
  return {
    get cssRules() {
      return items as unknown as CSSRuleList;
    },
    deleteRule(index: number) {
      items.splice(index, 1);
    },
    texts(): Rules {
      return items.map((item) => ('texts' in item ? { prelude: item.prelude, rules: item.texts() } : item.cssText));
    },
  };
}

describe('dropFontFaces', () => {
  it('removes the face declarations, nested ones too, and keeps every other rule in order', () => {
    const sheet = ruleList([
      '@font-face { font-family: Archivo; }',
      '.a { color: red; }',
      { prelude: '@layer base', rules: ['@font-face { font-family: Figtree; }', 'h1 { margin: 0; }'] },
      '@font-face { font-family: Figtree fallback; }',
      '.b { color: blue; }',
    ]);
    dropFontFaces(sheet);
    expect(sheet.texts()).toEqual(['.a { color: red; }', { prelude: '@layer base', rules: ['h1 { margin: 0; }'] }, '.b { color: blue; }']);
  });
});
