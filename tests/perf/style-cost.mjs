// What a page's first style and layout pass costs, by what its inline rules hold: a harness that
// needs no Lighthouse. For each route (STYLE_ROUTES, default /hyrox /faq /contact) and variant of
// the page's inline rules, in alternating rounds, it opens the page at 390 px with scripts off,
// the stylesheet and the faces refused (so the inline rules alone style it, in the fallbacks),
// and times a full pass: the root set to `display: none`, which drops every element's style,
// then shown again and laid out (`offsetHeight`). The median of STYLE_PASSES passes a round, the
// median of STYLE_ROUNDS rounds a variant. A variant takes one thing out of the inline rules, to
// see its share; it is a measurement, not a page anyone is served (some variants are wrong on
// purpose). Run on a quiet machine: `node tests/perf/style-cost.mjs` after `make build`.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from '../support/free-port.mjs';
import { waitFor } from '../support/wait-for.mjs';

const root = resolve(import.meta.dirname, '../..');
const binary = join(root, 'target/release/onespace');
const routes = (process.env.STYLE_ROUTES ?? '/hyrox /faq /contact').split(/\s+/).filter(Boolean);
const PASSES = Number(process.env.STYLE_PASSES ?? 30);
const ROUNDS = Number(process.env.STYLE_ROUNDS ?? 5);

/** The block that starts at `open` (the index of its `{`), through its matching `}`. */
function blockEnd(css, open) {
  let depth = 0;
  for (let at = open; at < css.length; at += 1) {
    if (css[at] === '{') depth += 1;
    else if (css[at] === '}' && --depth === 0) return at + 1;
  }
  return css.length;
}

/** `css` without every rule whose prelude (the text before its `{`) `matches`. */
function without(css, matches) {
  let out = '';
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    if (open < 0) return out + css.slice(at);
    // A prelude starts after the last `}`, `{` or `;` before its `{`.
    const before = css.slice(at, open);
    const start = at + Math.max(before.lastIndexOf('}'), before.lastIndexOf(';')) + 1;
    const prelude = css.slice(start, open);
    if (matches(prelude.trim())) {
      out += css.slice(at, start);
      at = blockEnd(css, open);
    } else {
      out += css.slice(at, open + 1);
      at = open + 1;
    }
  }
  return out;
}

/** Custom property declarations on the theme's `:root` that no `var()` in `css` reads. */
function withoutUnreadTheme(css) {
  const read = new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]));
  return css.replace(/(:root,:host\{)([^}]*)\}/g, (_, open, body) => {
    const kept = body.split(';').filter((declaration) => {
      const name = declaration.split(':')[0].trim();
      return !name.startsWith('--') || read.has(name);
    });
    return `${open}${kept.join(';')}}`;
  });
}

const VARIANTS = {
  'as served': (css) => css,
  'no @property': (css) => without(css, (prelude) => prelude.startsWith('@property')),
  'no fallback block': (css) => without(css, (prelude) => prelude === '@layer properties'),
  'no universal rules': (css) => without(css, (prelude) => /^(\*|::?before|::?after|::backdrop)(,|$)/.test(prelude)),
  'no color-mix blocks': (css) => without(css, (prelude) => prelude.startsWith('@supports') && prelude.includes('color-mix')),
  'unread theme pruned': withoutUnreadTheme,
  'no inline rules': () => '',
};

const port = await freePort();
const data = mkdtempSync(join(tmpdir(), 'onespace-style-cost-'));
const server = spawn(binary, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data, '--stop-when-stdin-closes'], {
  stdio: ['pipe', 'ignore', 'inherit'],
  env: { ...process.env, RUST_LOG: 'error' },
});
const base = `http://127.0.0.1:${port}`;
await waitFor(`${base}/robots.txt`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const route of routes) {
    const served = await (await fetch(base + route)).text();
    const css = served.match(/<style>([\s\S]*?)<\/style>/)?.[1];
    if (css === undefined) {
      console.log(`${route}: links its stylesheet, no inline rules to vary`);
      continue;
    }
    const times = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, vary] of Object.entries(VARIANTS)) {
        const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        await page.route(/\.(css|woff2|js)(\?|$)/, (request) => request.abort());
        // Served without its Content-Security-Policy: a varied `<style>` has another hash.
        await page.route(base + route, (request) =>
          request.fulfill({ status: 200, contentType: 'text/html', body: served.replace(css, vary(css)) }),
        );
        await page.goto(base + route);
        const median = await page.evaluate((passes) => {
          const html = document.documentElement;
          const each = [];
          for (let pass = 0; pass < passes; pass += 1) {
            html.style.display = 'none';
            void html.offsetHeight;
            const start = performance.now();
            html.style.display = '';
            void html.offsetHeight;
            each.push(performance.now() - start);
          }
          each.sort((a, b) => a - b);
          return each[Math.floor(each.length / 2)];
        }, PASSES);
        times[name].push(median);
        await context.close();
      }
    }
    const elements = (served.match(/<[a-z]/g) ?? []).length;
    console.log(`${route} (${elements} elements; inline rules ${css.length} B):`);
    for (const [name, each] of Object.entries(times)) {
      const sorted = [...each].sort((a, b) => a - b);
      const kb = (VARIANTS[name](css).length / 1024).toFixed(1);
      console.log(`  ${name.padEnd(22)} ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} ms  (rounds ${each.map((t) => t.toFixed(1)).join(', ')}; ${kb} KB)`);
    }
  }
} finally {
  await browser.close();
  server.stdin.end();
}
