import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCK_READERS } from './dock';

/** The selector lists of islands.css's rules that work out a reader's lift from the figures. */
function liftRules(): string[][] {
  const css = readFileSync(join(import.meta.dirname, '../islands/islands.css'), 'utf8');
  return [...css.matchAll(/([^{}]*)\{[^{}]*--dock-fab-lift:/g)].map((match) =>
    match[1]!
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(',')
      .map((selector) => selector.trim()),
  );
}

describe('the dock', () => {
  it('sets its figures on the elements whose stylesheet rule reads them, at every width', () => {
    const rules = liftRules();
    expect(rules).toHaveLength(2);
    for (const selectors of rules) expect(selectors).toEqual([...DOCK_READERS]);
  });
});
