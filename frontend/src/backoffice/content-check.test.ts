/**
 * The staff editor's WebAssembly module (crates/editor-wasm, built by `make editor-wasm`) checks
 * content exactly as `onespace content check` does: the core's shared check vectors
 * (crates/core/tests/vectors/content-check.json, which the native tests pass) give the same
 * printed mistakes here, and every content file has a schema to draw its form from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as studio from './wasm-pkg/onespace_editor_wasm';
import vectors from '../../../crates/core/tests/vectors/content-check.json';

const contentDir = join(import.meta.dirname, '../../../content');

/** The repository's default content, by file name. */
function defaultFiles(): Record<string, string> {
  return Object.fromEntries(studio.contentFiles().map((name) => [name, readFileSync(join(contentDir, name), 'utf8')]));
}

describe('the content check in the browser', () => {
  for (const vector of vectors.cases) {
    it(vector.name, () => {
      const files = defaultFiles();
      for (const edit of vector.edits) {
        const text = files[edit.file];
        expect(text, `${edit.file} is a content file`).toBeDefined();
        expect(text?.includes(edit.find), `${JSON.stringify(edit.find)} is in ${edit.file}`).toBe(true);
        files[edit.file] = (text ?? '').replace(edit.find, () => edit.replace);
      }
      expect(studio.checkContent(files).map((mistake) => mistake.text)).toEqual(vector.errors);
    });
  }

  it('gives each mistake its file, line and field, and in the owner\'s words with its field\'s id', () => {
    const files = defaultFiles();
    files['prices.toml'] = (files['prices.toml'] ?? '').replace('name = "Lite"\nprice = 49', 'name = "Lite"\nprice = "£5x"');
    expect(studio.checkContent(files)).toEqual([
      {
        file: 'prices.toml',
        line: 41,
        field: 'monthly[0].price',
        message: 'must be in pounds, like 49 or 62.50',
        text: 'prices.toml line 41: monthly[0].price: must be in pounds, like 49 or 62.50',
        said: "Lite's price must be in pounds, like 49 or 62.50",
        anchor: 'field-monthly-0-price',
      },
    ]);
  });

  it('names a file left out', () => {
    const files = defaultFiles();
    delete files['faq.toml'];
    expect(studio.checkContent(files).map((mistake) => mistake.text)).toEqual(['faq.toml: is missing: every content file is needed']);
  });
});

describe('the content schemas', () => {
  it('has a schema for every content file, with the fields the file is read into', () => {
    for (const name of studio.contentFiles()) {
      const schema = studio.contentSchema(name);
      expect(schema['type'], name).toBe('object');
      expect(Object.keys(schema['properties'] as object).length, name).toBeGreaterThan(0);
    }
    const prices = studio.contentSchema('prices.toml') as { properties: Record<string, { description?: string }> };
    expect(prices.properties['monthly']?.description).toMatch(/\w/);
  });

  it('refuses a name that is not a content file', () => {
    expect(() => studio.contentSchema('prices.tmol')).toThrow('prices.tmol is not a content file');
  });
});
