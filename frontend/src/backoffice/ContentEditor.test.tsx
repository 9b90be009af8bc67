/**
 * The content editor with the real studio WebAssembly module (the core's check, schemas and
 * file writer) on the repository's default content: every file draws as a form, a price typed
 * as "5x" gets the core's message at its field, a corrected one reads as a change in pounds and
 * is saved into the file's text with its comments kept.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as studio from './wasm-pkg/onespace_editor_wasm';
import { ContentEditor, type EditorData } from './ContentEditor';
import { SAVE_AFTER_MS } from './autosave';
import { SchemaReader, helpText, pathName, setAt, type Schema } from './form/schema';

const contentDir = join(import.meta.dirname, '../../../content');

function defaultFiles(): Record<string, string> {
  return Object.fromEntries(studio.contentFiles().map((name) => [name, readFileSync(join(contentDir, name), 'utf8')]));
}

function editorData(file: string): EditorData {
  const files = defaultFiles();
  return { file, files, live: files[file] ?? '', base: 1, saveUrl: '/studio/content/edit/' + file, csrf: 'token' };
}

/** A sender that records what it is sent and answers as the server does. */
function recordingSender() {
  const sent: string[] = [];
  const send = (text: string) => {
    sent.push(text);
    return Promise.resolve(new Response(JSON.stringify({ savedAt: Date.UTC(2026, 10, 25, 10, 42), base: 1 }), { status: 200 }));
  };
  return { sent, send };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the content editor', () => {
  for (const file of studio.contentFiles()) {
    it(`draws ${file} as a form with a label for every input and no mistakes`, () => {
      const { send } = recordingSender();
      const { container } = render(<ContentEditor data={editorData(file)} studio={studio} send={send} />);
      // photos.toml places no photo by default: its form is the button that adds one.
      expect(container.querySelectorAll('.editor-form input, .editor-form button').length).toBeGreaterThan(0);
      const inputs = container.querySelectorAll('input:not([type=hidden]), select, textarea');
      for (const input of inputs) {
        const labelled = input.id !== '' && container.querySelector(`label[for="${input.id}"]`) !== null;
        expect(labelled || input.hasAttribute('aria-label') || input.closest('label') !== null, `${file}: ${input.outerHTML}`).toBe(true);
      }
      expect(screen.queryByText('To correct before publishing')).toBeNull();
      expect(screen.getByText('Nothing yet: this file is as it is live.')).toBeTruthy();
    });
  }

  it("shows the check's message at the Lite price for 5x, then saves £55 with the file's comments kept", async () => {
    vi.useFakeTimers();
    const { sent, send } = recordingSender();
    render(<ContentEditor data={editorData('prices.toml')} studio={studio} send={send} />);
    const lite = screen.getByRole('group', { name: 'Lite' });
    const price = within(lite).getByLabelText('Price');
    expect((price as HTMLInputElement).value).toBe('49');

    fireEvent.change(price, { target: { value: '5x' } });
    expect(price.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(`${price.id}-error`);
    expect(message?.textContent).toBe("Lite's price must be in pounds, like 49 or 62.50");
    const link = screen.getByRole('link', { name: "Lite's price must be in pounds, like 49 or 62.50" });
    expect(link.getAttribute('href')).toBe(`#${price.id}`);
    fireEvent.click(link);
    expect(document.activeElement).toBe(price);

    fireEvent.change(price, { target: { value: '55' } });
    expect(price.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Memberships › Lite › Price: £49 → £55')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes…');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS + 10);
    });
    expect(sent).toHaveLength(1);
    const live = editorData('prices.toml').live;
    expect(sent[0]).toBe(live.replace('name = "Lite"\nprice = 49', 'name = "Lite"\nprice = 55'));
    expect(screen.getByRole('status').textContent).toMatch(/^Draft saved at \d\d:\d\d\.$/);
  });

  it('finds a field by the words typed and moves to it', () => {
    const { send } = recordingSender();
    render(<ContentEditor data={editorData('prices.toml')} studio={studio} send={send} />);
    fireEvent.change(screen.getByLabelText('Find a field'), { target: { value: 'lite pri' } });
    const found = within(screen.getByRole('list', { name: 'Fields found' })).getAllByRole('link');
    expect(found.map((link) => link.textContent)).toEqual(['Memberships › Lite › Price']);
    fireEvent.click(found[0] as HTMLElement);
    expect(document.activeElement).toBe(within(screen.getByRole('group', { name: 'Lite' })).getByLabelText('Price'));
    fireEvent.change(screen.getByLabelText('Find a field'), { target: { value: 'nothing like it' } });
    expect(screen.getByText('No field is called that.')).toBeTruthy();
  });

  it('adds, moves and removes list items, and the text follows', () => {
    const { send } = recordingSender();
    render(<ContentEditor data={editorData('prices.toml')} studio={studio} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Core up' }));
    expect(screen.getByText('Memberships: order changed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Flex' }));
    expect(screen.getByText('Memberships › Flex: removed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Advanced: text' }));
    const text = (screen.getByLabelText('prices.toml') as HTMLTextAreaElement).value;
    expect(text.indexOf('id = "core"')).toBeLessThan(text.indexOf('id = "lite"'));
    expect(text).not.toContain('id = "flex"');
    expect(text).toContain('# Rolling Monthly Memberships.');
  });

  it('keeps the text view when the text does not read, and says where', () => {
    const { send } = recordingSender();
    render(<ContentEditor data={editorData('faq.toml')} studio={studio} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Advanced: text' }));
    fireEvent.change(screen.getByLabelText('faq.toml'), { target: { value: '[[questions]\n' } });
    expect(screen.getByRole('button', { name: 'Form' }).hasAttribute('disabled')).toBe(true);
    expect(document.getElementById('editor-text-error')?.textContent).toMatch(/^faq\.toml line 1: .* The form opens again once the text reads\.$/);
  });
});

describe('reading the schemas', () => {
  it('names money, dates, times and choices by their inputs', () => {
    const schema = studio.contentSchema('prices.toml') as Schema;
    const root = new SchemaReader(schema).file(schema);
    if (root.kind !== 'group') throw new Error('the file is a group');
    const trial = root.properties.find((property) => property.key === 'trial')?.field;
    if (trial?.kind !== 'group') throw new Error('trial is a group');
    const kinds = Object.fromEntries(trial.properties.map((property) => [property.key, property.field.kind]));
    expect(kinds).toMatchObject({ price: 'pounds', intro_countdown: 'choice', intro_discount: 'pounds' });
    // Sections are named as the site names them, not by the file's tables.
    expect(root.properties.map((property) => property.title)).toContain('Memberships');
  });

  it('writes help without the code’s link brackets', () => {
    expect(helpText('Founder plans are in\n[`crate::founder::PLANS`], by `id`.\n\nMore.')).toBe('Founder plans are in crate::founder::PLANS, by id.');
  });

  it('walks paths as the check names them', () => {
    expect(pathName(['monthly', 0, 'price'])).toBe('monthly[0].price');
    expect(setAt({ a: [{ b: 1 }] }, ['a', 0, 'b'], undefined)).toEqual({ a: [{}] });
  });
});
