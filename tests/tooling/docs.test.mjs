// The README stays the short way in: its first block is the two commands (CI runs the second,
// .ci/run), it keeps within 200 lines, and the guides it points to are there. Every relative link
// of README.md and docs/*.md names a file that exists and, with a #fragment, a heading of it (as
// GitHub makes a heading's anchor).
//
// Run with `node --test tests/tooling/` (`make test-tooling`); it reads files only.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const root = resolve(import.meta.dirname, '../..');
const README = join(root, 'README.md');
const MAX_README_LINES = 200;
const COMMANDS = [
  '```sh',
  'make run    # builds everything and serves the site on http://127.0.0.1:8080',
  'make test   # runs every test',
  '```',
].join('\n');

const documents = () => [
  README,
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name)),
];

/** The text outside fenced code blocks, with inline code spans blanked. */
function prose(markdown) {
  const kept = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      kept.push('');
      continue;
    }
    kept.push(fenced ? '' : line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length)));
  }
  return kept;
}

/** The anchors GitHub gives a document's headings (`#what-it-is`, and `-1` for a repeat). */
function anchors(markdown) {
  const seen = new Map();
  const result = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

test('the README starts with the two commands and keeps within 200 lines', () => {
  const text = readFileSync(README, 'utf8');
  const firstBlock = text.slice(text.indexOf('```'), text.indexOf('```', text.indexOf('```') + 3) + 3);
  assert.equal(firstBlock, COMMANDS, 'the first code block of README.md is the two commands');
  const lines = text.replace(/\n$/, '').split('\n').length;
  assert.ok(lines <= MAX_README_LINES, `README.md has ${lines} lines; the guides in docs/ take the rest`);
  const makefile = readFileSync(join(root, 'Makefile'), 'utf8');
  for (const target of ['run', 'test']) assert.match(makefile, new RegExp(`^${target}:`, 'm'), `make ${target} exists`);
  assert.match(readFileSync(join(root, '.ci/run'), 'utf8'), /^make test$/m, 'CI runs the README\'s test command');
});

test('every relative link of the README and the guides resolves', () => {
  const broken = [];
  for (const document of documents()) {
    const lines = prose(readFileSync(document, 'utf8'));
    lines.forEach((line, index) => {
      for (const [, target] of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [path, fragment] = target.split('#', 2);
        const file = path === '' ? document : resolve(dirname(document), decodeURIComponent(path));
        const where = `${relative(root, document)}:${index + 1}: ${target}`;
        if (!existsSync(file)) {
          broken.push(`${where} (no such file)`);
          continue;
        }
        if (fragment === undefined || statSync(file).isDirectory() || !file.endsWith('.md')) continue;
        if (!anchors(readFileSync(file, 'utf8')).has(decodeURIComponent(fragment))) {
          broken.push(`${where} (no such heading in ${relative(root, file)})`);
        }
      }
    });
  }
  assert.deepEqual(broken, [], `broken links:\n${broken.join('\n')}`);
});
