// `make audit`: Lighthouse (mobile and desktop) on every route of the route table, and on the staff
// area at phone size (below), against the release binary in Debian's Chromium. Prints and writes
// (target/audit/report.md) a table of the four category scores, LCP, CLS, TBT, the back/forward
// cache audit and the compressed bytes of HTML, CSS, JavaScript and WebAssembly each route
// transfers by the time it is idle (Lighthouse never clicks, so that is the JavaScript before
// interaction), then checks the targets: 100 in every category, CLS 0, the page eligible for the
// back/forward cache, JavaScript before interaction <= 15 KB on every route (no island loads React
// before the visitor reaches for it: the countdowns, the timetable's filters and the dated offers'
// islands are framework-free), phone LCP <= 1.0 s with the element that is the LCP named,
// WebAssembly <= 60 KB and only where an island needs it. AUDIT_ROUTES="/ /faq" limits the routes;
// AUDIT_STRICT=1 exits 1 when a target is missed; AUDIT_TRACES=1 keeps each run's trace (audit()).
//
// Each route is measured AUDIT_RUNS times on the phone (3 by default) and the median run is
// reported, as Lighthouse's own guide to variability advises: one simulated phone run's Total
// Blocking Time moves by 100 ms from run to run on an unchanged page (the first layout falls
// before or after the simulation's estimate of the first paint), which is a point of the score.
// The median run is Lighthouse's `computeMedianRun` (the run nearest the median FCP and time to
// interactive), and the table shows every run's performance score beside it, so a spread is
// never hidden. The desktop, whose simulation has little to vary, runs AUDIT_DESKTOP_RUNS times
// (1 by default), and the staff area's pages run as the phone does.
//
// The public pages are measured through Caddy (tests/support/caddy.mjs: HTTPS from Caddy's local
// authority, which the audit's browser profile trusts, and HTTP/2), as production serves them
// (docs/deploy.md): over HTTP/1.1 a page that needs two requests after its document (a photo
// and the headline face) pays a new connection's handshake for one of them, which no visitor
// of the real site does. AUDIT_DIRECT=1 measures the server itself over HTTP/1.1, as before.
// The staff area is measured from its server directly (its sign-in runs over the server's own
// origin).
//
// Playwright starts Chromium with --disable-back-forward-cache (so that its own page.goBack()
// is predictable); Lighthouse's bf-cache audit then fails on every page whatever the page does.
// The audit's browser leaves that switch out, so the audit measures the pages.
//
// A dated offer's page is audited on the first day of its offer (a server with --preview-date
// then): once the offer has ended its page is deliberately noindex, which Lighthouse's SEO
// category counts against it.
//
// The timetable's schedule widget comes from a third party that this machine may not reach. The
// audit measures our pages, so it points the server (ONESPACE_SCHEDULE_SCRIPT_URL) at a local
// stand-in that builds a widget element the way the provider's script does; in production the
// provider's own script adds its bytes and whatever it logs. The classes listed on /timetable and
// the home page come from the provider's API stand-in (tests/support/teamup_standin.py,
// ONESPACE_SCHEDULE_API_URL), so those pages are measured with a week of classes in them.
//
// The staff area (/studio) is audited at phone size only, performance and accessibility (its pages
// are kept out of search, and staff use it on their phones at the front desk): the sign-in page
// signed out, and signed in as an owner the inbox (with a few enquiries in it) and the content
// editor's form for the prices. The owner is made the way the studio's end-to-end tests make one
// (`onespace studio add-user`, the set-up page, the sign-in and its code from the key shown), on a
// server of its own whose public URL is its own origin (the area's forms must come from it);
// Lighthouse then sends the session's cookie with every request (its `extraHeaders`), and a page
// it was redirected away from (to the sign-in) is reported as not measured. Its targets: 100 in
// both categories and CLS 0; the rest is reported. AUDIT_ROUTES may name these paths too.
//
// Every server serves a content folder with photos (tests/support/photos.mjs: /hot-yoga's hero
// and studio photos, /about's, the share picture and a portrait of each coach on
// /meet-the-team), so the pages that show photos are measured with them: their weight, their
// Largest Contentful Paint and CLS 0.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { saveAssets } from 'lighthouse/core/lib/asset-saver.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { Secret, TOTP } from 'otpauth';
import { homeTrusting, startCaddy } from '../support/caddy.mjs';
import { freePort } from '../support/free-port.mjs';
import { contentWithPhotos, waitForPhotos } from '../support/photos.mjs';
import { PROVIDER_API_KEY, startProvider, waitForClasses } from '../support/provider.mjs';
import { waitFor } from '../support/wait-for.mjs';

const root = resolve(import.meta.dirname, '../..');
const binary = join(root, 'target/release/onespace');
const KB = 1024;
const TARGETS = { score: 100, cls: 0, jsBytes: 15 * KB, mobileLcpMs: 1000, wasmBytes: 60 * KB };

/** How many runs a route has on each form factor, the median of which is reported. */
function runsFrom(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of runs, at least 1 (it is "${process.env[name]}")`);
  return value;
}
const RUNS = { mobile: runsFrom('AUDIT_RUNS', 3), desktop: runsFrom('AUDIT_DESKTOP_RUNS', 1) };

/**
 * The phone's CPU slowdown for a machine of `benchmarkIndex` (Lighthouse's measure of the host's
 * speed, in every report's `environment`): Lighthouse's CPU throttling calculator, which its
 * throttling guide points to for calibrating the multiplier. The default 4x is right for a host
 * of about 1,533; a slower host slowed 4x emulates a phone slower than Lighthouse's reference
 * one (this two-core machine read from 737 to 1,180 in one afternoon, and at 737 its phone's
 * Total Blocking Time tripled). Linear between the calculator's points: 150 = 1x, 800 = 2x,
 * 1,300 = 3x, 1,533 = 4x, 2,000 = 6x.
 */
function cpuSlowdownFor(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/**
 * What Lighthouse names as the Largest Contentful Paint's element (its LCP breakdown insight's
 * node): its text or image, and its selector.
 */
function lcpElement(lhr) {
  const items = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const node = items.find((item) => item.type === 'node');
  if (!node) return '?';
  return `${node.nodeLabel ?? ''} (${node.selector ?? '?'})`.replace(/\|/g, '/').replace(/\s+/g, ' ').slice(0, 90);
}

/** Whether every island on the page waits for the visitor (data-load="interaction"). */
async function clickOnly(url) {
  const html = await (await fetch(url)).text();
  const strategies = [...html.matchAll(/data-island="[^"]*" data-load="([^"]*)"/g)].map((match) => match[1]);
  return strategies.every((strategy) => strategy === 'interaction');
}
/**
 * What Lighthouse clears before each run: its own list (it empties the HTTP cache anyway) plus
 * localStorage, so every run is a first visit. Lighthouse keeps localStorage by default, and the
 * runs share one origin: the first route's run would record the brand's faces
 * (crates/site/src/start.rs) and every later route would be measured as a returning
 * visitor whose cache had lost them.
 */
const FIRST_VISIT = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage'];
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

function bytesByKind(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const sums = { html: 0, css: 0, js: 0, wasm: 0 };
  for (const item of items) {
    const size = item.transferSize ?? 0;
    if (item.url.endsWith('.wasm')) sums.wasm += size;
    else if (item.resourceType === 'Document') sums.html += size;
    else if (item.resourceType === 'Stylesheet') sums.css += size;
    else if (item.resourceType === 'Script') sums.js += size;
  }
  return sums;
}

const all = JSON.parse(execFileSync(binary, ['routes'], { encoding: 'utf8' }));
const only = process.env.AUDIT_ROUTES?.split(/\s+/).filter(Boolean);
const routes = only ? all.filter((route) => only.includes(route.path)) : all;

/** The staff area's pages audited, and whether each is seen signed in (as an owner). */
const STUDIO_PAGES = [
  { path: '/studio/sign-in', signedIn: false },
  { path: '/studio/enquiries', signedIn: true },
  { path: '/studio/content/edit/prices.toml', signedIn: true },
];
const studioPages = only ? STUDIO_PAGES.filter((page) => only.includes(page.path)) : STUDIO_PAGES;
/** The categories a staff page is audited in. */
const STUDIO_CATEGORIES = ['performance', 'accessibility'];

const STAND_IN_SCRIPT = `window.TeamUp = { init(config) {
  const widget = document.createElement('div');
  widget.className = 'teamup-widget';
  widget.textContent = 'Schedule stand-in (' + config.view + ')';
  document.body.append(widget);
} };`;
const standInPort = await freePort();
const standIn = createHttpServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=31536000' });
  response.end(STAND_IN_SCRIPT);
});
await new Promise((done) => standIn.listen(standInPort, '127.0.0.1', done));

/** The booking provider's API stand-in, read by every server the audit starts. */
const scheduleApi = await startProvider();

/** The content every server serves: the built-in content with photos placed. */
const content = contentWithPhotos(binary, join(mkdtempSync(join(tmpdir(), 'onespace-audit-content-')), 'content'));
/** One data folder for every server, so the photos are encoded once into its cache. */
const data = mkdtempSync(join(tmpdir(), 'onespace-audit-'));

/** Starts a server (on `previewDate`, or the real clock) and returns its origin and process. */
async function startServer(previewDate) {
  const port = await freePort();
  const preview = previewDate ? ['--preview-date', previewDate] : [];
  const server = spawn(binary, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data, '--content', content, '--stop-when-stdin-closes', ...preview], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: {
      ...process.env,
      RUST_LOG: 'warn',
      // The pages as a settled server serves them: compressed at brotli's best setting at once.
      ONESPACE_BEST_COMPRESSION_AFTER: '0',
      ONESPACE_SCHEDULE_SCRIPT_URL: `http://127.0.0.1:${standInPort}/widget.js`,
      ONESPACE_SCHEDULE_API_URL: `http://127.0.0.1:${scheduleApi.port}/api/v2`,
      ONESPACE_TEAMUP_API_KEY: PROVIDER_API_KEY,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/robots.txt`);
  // A preview-dated server lists the classes of its day's week, which the stand-in (classes
  // from today on) does not have: only the real clock's /timetable and home page show them.
  if (!previewDate) await waitForClasses(base, Date.now() + 60_000);
  await waitForPhotos(base, '/hot-yoga', Date.now() + 300_000);
  return { base, server };
}
const servers = new Map();
for (const date of new Set(routes.map((route) => route.liveFrom ?? null))) {
  servers.set(date, await startServer(date));
}

/**
 * Whether the public pages are measured through Caddy (HTTPS and HTTP/2, as production serves
 * them) or from the server itself (AUDIT_DIRECT=1: plain HTTP/1.1). Each server's `visited` is
 * the origin Lighthouse opens; `base`, the server's own, is what the audit itself reads.
 */
const PROXIED = process.env.AUDIT_DIRECT !== '1';
const proxies = [];
for (const entry of servers.values()) {
  if (PROXIED) {
    const proxy = await startCaddy(new URL(entry.base).host);
    proxies.push(proxy);
    entry.visited = proxy.origin;
  } else entry.visited = entry.base;
}

/**
 * The staff area's server: a data folder of its own (SQLite, whatever DATABASE_URL says, so that
 * `onespace studio add-user` reaches the same accounts), its own origin as its public URL, and no
 * content folder: the editor edits the content kept in the database, and a server started with
 * `--content` answers it with 409 (the content is that folder's).
 */
async function startStudioServer() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const studioData = mkdtempSync(join(tmpdir(), 'onespace-audit-studio-'));
  const server = spawn(binary, ['serve', '--addr', `127.0.0.1:${port}`, '--data', studioData, '--public-url', base, '--stop-when-stdin-closes'], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...process.env, RUST_LOG: 'warn', DATABASE_URL: '' },
  });
  await waitFor(`${base}/robots.txt`);
  return { base, server, data: studioData };
}

/** A few contact enquiries posted as the site's form posts them, so the inbox lists some. */
async function postEnquiries(base) {
  for (const [index, interest] of ['Room Hire', 'Membership Information', '6-Week Challenge'].entries()) {
    const response = await fetch(`${base}/api/enquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        formType: 'contact',
        firstName: 'Audit',
        lastName: `Visitor ${index + 1}`,
        email: `visitor+${index + 1}@example.com`,
        phone: '01506 238 238',
        interest,
        message: 'Could I come to a class this Saturday morning? I have not done hot yoga before.',
      }),
    });
    if (response.status !== 201) throw new Error(`enquiry ${index + 1} was answered ${response.status}: ${await response.text()}`);
  }
}

const TOTP_PERIOD_MS = 30_000;
/**
 * An owner account made with `onespace studio add-user`, set up from its link and signed in, in a
 * browser context of its own; returns the Cookie header of its session. The area takes each
 * 30-second step's code once and accepts the next step's (one step of clock drift): set-up uses
 * the current step's code, sign-in the next one's.
 */
async function ownerSessionCookie(studio) {
  const email = 'owner@example.com';
  const password = 'ember sauna plunge lantern 42';
  const out = execFileSync(binary, ['studio', 'add-user', email, '--role', 'owner', '--data', studio.data, '--public-url', studio.base], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });
  const link = out.split('\n')[1]?.trim() ?? '';
  if (!link.startsWith(`${studio.base}/studio/set-up/`)) throw new Error(`no set-up link on the second line of:\n${out}`);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(link);
    const key = ((await page.locator('code.studio-secret').textContent()) ?? '').replace(/\s+/g, '');
    const totp = new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_MS / 1000 });
    const step = Math.floor(Date.now() / TOTP_PERIOD_MS);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('New password again').fill(password);
    await page.getByLabel('The six-digit code the app now shows').fill(totp.generate({ timestamp: step * TOTP_PERIOD_MS }));
    await page.getByRole('button', { name: 'Set up my account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account is ready' }).waitFor();
    await page.goto(`${studio.base}/studio/sign-in`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/studio\/sign-in\/code$/);
    const next = Math.max(step + 1, Math.floor(Date.now() / TOTP_PERIOD_MS));
    await page.getByLabel('Six-digit code').fill(totp.generate({ timestamp: next * TOTP_PERIOD_MS }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/studio\/enquiries$/);
    return (await context.cookies(studio.base)).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  } finally {
    await context.close();
  }
}
const debugPort = await freePort();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
  ignoreDefaultArgs: ['--disable-back-forward-cache'],
  // A profile that trusts Caddy's local authority, as a phone trusts a public one: a certificate
  // error would make Lighthouse refuse the page.
  env: proxies.length ? { ...process.env, HOME: homeTrusting(proxies.map((proxy) => proxy.rootCertificate)) } : process.env,
});

/**
 * Lighthouse's report on `url` as the form factor's device; `flags` add to the audit's own
 * (the staff pages' cookie and categories). Lighthouse now and then fails to record a trace
 * (NO_NAVSTART and the like); such a run measured nothing, so it is repeated once before being
 * reported. Each report is kept (target/audit/lhr/) for a closer look: the trace's LCP phases,
 * what blocked rendering. With AUDIT_TRACES=1 the browser's trace and network log are kept too
 * (target/audit/traces/, for DevTools' Performance panel: what each long task spent), and with
 * LANTERN_DEBUG=1 beside it, Lighthouse's simulated timelines (where its phone put each task
 * against its estimated first paint: what Total Blocking Time counts).
 */
async function audit(url, path, formFactor, flags = {}) {
  const config = formFactor === 'desktop' ? desktopConfig : phoneConfig;
  const name = `${path.replace(/\W+/g, '_') || 'home'}-${formFactor}`;
  const results = [];
  for (let run = 1; run <= RUNS[formFactor]; run += 1) {
    let result;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      result = await lighthouse(url, { port: debugPort, output: 'json', logLevel: 'error', clearStorageTypes: FIRST_VISIT, ...flags }, config);
      if (!result.lhr.runtimeError) break;
    }
    results.push(result);
  }
  const valid = filterToValidRuns(results.map((result) => result.lhr));
  // No run measured anything (each a runtime error): the last one is reported, error and all.
  const median = valid.length ? computeMedianRun(valid) : results.at(-1).lhr;
  const chosen = results.find((result) => result.lhr === median);
  mkdirSync(join(root, 'target/audit/lhr'), { recursive: true });
  results.forEach((result, index) => writeFileSync(join(root, 'target/audit/lhr', `${name}-run${index + 1}.json`), JSON.stringify(result.lhr)));
  writeFileSync(join(root, 'target/audit/lhr', `${name}.json`), JSON.stringify(median));
  if (process.env.AUDIT_TRACES === '1') {
    mkdirSync(join(root, 'target/audit/traces'), { recursive: true });
    await saveAssets(chosen.artifacts, median.audits, join(root, 'target/audit/traces', name));
  }
  const score = (lhr) => lhr.categories.performance?.score;
  const performanceRuns = results.map(({ lhr }) => (score(lhr) == null ? '?' : Math.round(score(lhr) * 100))).join(' ');
  return { lhr: median, performanceRuns };
}

/** A row of the table from a report; a category that was not audited is null. */
function rowOf(lhr, path, formFactor, waitsForClick) {
  const score = (id) => (lhr.categories[id] ? Math.round((lhr.categories[id].score ?? 0) * 100) : null);
  return {
    path,
    formFactor,
    clickOnly: waitsForClick,
    bfCache: lhr.audits['bf-cache']?.score === 1,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN,
    lcpElement: lcpElement(lhr),
    cls: lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time'].numericValue ?? Number.NaN,
    runtimeError: lhr.runtimeError?.message ?? lhr.audits['largest-contentful-paint'].errorMessage ?? null,
    failed: Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id),
    ...bytesByKind(lhr),
  };
}

/**
 * The phone's configuration: Lighthouse's default (its slow 4G and CPU slowdown) with the
 * slowdown calibrated to this machine ([`cpuSlowdownFor`] of the median benchmark index of three
 * short runs of the home page, or of the staff sign-in page when only the staff area is
 * audited), or AUDIT_CPU_SLOWDOWN outright (4 is Lighthouse's default).
 */
async function calibratedPhone() {
  const given = process.env.AUDIT_CPU_SLOWDOWN;
  if (given !== undefined) {
    const slowdown = Number(given);
    if (!(slowdown >= 1)) throw new Error(`AUDIT_CPU_SLOWDOWN must be a number of at least 1 (it is "${given}")`);
    return { slowdown, benchmarkIndex: null };
  }
  // The home page, or with only the staff area audited its sign-in page.
  const url = servers.size ? `${servers.values().next().value.base}/` : `${studio.base}/studio/sign-in`;
  const indexes = [];
  for (let run = 0; run < 3; run += 1) {
    const result = await lighthouse(url, { port: debugPort, output: 'json', logLevel: 'error', onlyAudits: ['first-contentful-paint'] });
    indexes.push(result.lhr.environment.benchmarkIndex);
  }
  const benchmarkIndex = indexes.sort((a, b) => a - b)[1];
  return { slowdown: Math.round(cpuSlowdownFor(benchmarkIndex) * 10) / 10, benchmarkIndex };
}
const studio = studioPages.length ? await startStudioServer() : null;
const phone = await calibratedPhone();
const phoneConfig = { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: phone.slowdown } } };
process.stdout.write(`Phone CPU slowdown ${phone.slowdown}x${phone.benchmarkIndex === null ? ' (AUDIT_CPU_SLOWDOWN)' : ` (benchmark index ${phone.benchmarkIndex})`}\n`);

const rows = [];
try {
  for (const route of routes) {
    const { base, visited } = servers.get(route.liveFrom ?? null);
    const waitsForClick = await clickOnly(`${base}${route.path}`);
    for (const formFactor of ['mobile', 'desktop']) {
      const { lhr, performanceRuns } = await audit(`${visited}${route.path}`, route.path, formFactor);
      rows.push({ ...rowOf(lhr, route.path, formFactor, waitsForClick), performanceRuns });
      process.stdout.write('.');
    }
  }
  if (studio) {
    await postEnquiries(studio.base);
    // Made even when only the sign-in page is audited: the area answers 404 until it has staff.
    const cookie = await ownerSessionCookie(studio);
    for (const { path, signedIn } of studioPages) {
      const headers = signedIn ? { Cookie: cookie } : {};
      const { lhr, performanceRuns } = await audit(`${studio.base}${path}`, path, 'mobile', { extraHeaders: headers, onlyCategories: STUDIO_CATEGORIES });
      // The staff area has no islands: its scripts are its own, so the column shows a dash.
      const row = { ...rowOf(lhr, path, 'mobile', null), performanceRuns, staff: true };
      // Sent to the sign-in after all (the session refused): that page was measured, not this one.
      const landed = new URL(lhr.finalDisplayedUrl ?? `${studio.base}${path}`).pathname;
      if (landed !== path) row.runtimeError ??= `redirected to ${landed}`;
      rows.push(row);
      process.stdout.write('.');
    }
  }
} finally {
  await browser.close();
  for (const { server } of [...servers.values(), ...(studio ? [studio] : [])]) {
    server.stdin.end();
    server.kill('SIGTERM');
  }
  proxies.forEach((proxy) => proxy.stop());
  standIn.close();
  scheduleApi.stop();
}
process.stdout.write('\n');

const kb = (bytes) => (bytes / KB).toFixed(1);
/** A score, or a dash for a category not audited (the staff pages have two). */
const cell = (score) => score ?? '-';
const lines = [
  `Phone CPU slowdown: ${phone.slowdown}x, ${phone.benchmarkIndex === null ? 'given by AUDIT_CPU_SLOWDOWN' : `calibrated to this machine's benchmark index of ${phone.benchmarkIndex} (Lighthouse's default 4x is for an index of about 1,533)`}.`,
  PROXIED
    ? 'Public pages measured through Caddy (HTTPS, HTTP/2), as production serves them; the staff area from the server itself (HTTP/1.1). AUDIT_DIRECT=1 measures every page from the server.'
    : 'Every page measured from the server itself (HTTP/1.1, AUDIT_DIRECT=1).',
  `Each row is the median of its runs (phone ${RUNS.mobile}, desktop ${RUNS.desktop}: AUDIT_RUNS, AUDIT_DESKTOP_RUNS); "perf runs" is every run's performance score.`,
  '',
  '| route | form | perf | perf runs | a11y | best | seo | LCP ms | CLS | TBT ms | bf-cache | HTML KB | CSS KB | islands | JS before interaction KB | wasm KB | LCP element |',
  '| --- | --- | --: | --- | --: | --: | --: | --: | --: | --: | --- | --: | --: | --- | --: | --: | --- |',
  ...rows.map((r) => `| ${r.path} | ${r.formFactor} | ${cell(r.performance)} | ${r.performanceRuns} | ${cell(r.accessibility)} | ${cell(r.bestPractices)} | ${cell(r.seo)} | ${Math.round(r.lcp)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${r.bfCache ? 'yes' : 'no'} | ${kb(r.html)} | ${kb(r.css)} | ${r.clickOnly === null ? '-' : r.clickOnly ? 'click only' : 'some earlier'} | ${kb(r.js)} | ${kb(r.wasm)} | ${r.lcpElement} |`),
];
const misses = [];
for (const r of rows) {
  if (r.runtimeError) misses.push(`${r.path} (${r.formFactor}): Lighthouse could not measure: ${r.runtimeError}`);
  for (const key of ['performance', 'accessibility', 'bestPractices', 'seo']) {
    if (r[key] !== null && r[key] < TARGETS.score) misses.push(`${r.path} (${r.formFactor}): ${key} ${r[key]} [${r.failed.join(', ')}]`);
  }
  if (!(r.cls <= TARGETS.cls)) misses.push(`${r.path} (${r.formFactor}): CLS ${r.cls.toFixed(3)}`);
  // The staff area's targets end there: its weight, LCP and caching are reported, not aimed at.
  if (r.staff) continue;
  if (!r.bfCache) misses.push(`${r.path} (${r.formFactor}): not eligible for the back/forward cache`);
  if (r.js > TARGETS.jsBytes) misses.push(`${r.path} (${r.formFactor}): JavaScript before interaction ${kb(r.js)} KB (target ${kb(TARGETS.jsBytes)} KB)`);
  if (r.formFactor === 'mobile' && !(r.lcp <= TARGETS.mobileLcpMs)) misses.push(`${r.path} (mobile): LCP ${Math.round(r.lcp)} ms on ${r.lcpElement} (target ${TARGETS.mobileLcpMs} ms)`);
  if (r.wasm > TARGETS.wasmBytes) misses.push(`${r.path} (${r.formFactor}): WebAssembly ${kb(r.wasm)} KB`);
}
const site = rows.filter((r) => !r.staff);
const staff = rows.filter((r) => r.staff);
const wasmRoutes = [...new Set(site.filter((r) => r.wasm > 0).map((r) => r.path))];
const heaviestOf = (list) => list.reduce((a, b) => (b.js > a.js ? b : a));
const slowestOf = (list) => list.reduce((a, b) => (b.lcp > a.lcp ? b : a));
if (site.length) {
  const heaviest = heaviestOf(site);
  lines.push('', `JavaScript before interaction: at most ${kb(heaviest.js)} KB, on ${heaviest.path} (target ${kb(TARGETS.jsBytes)} KB on every route)`);
  const slowest = slowestOf(site.filter((r) => r.formFactor === 'mobile'));
  lines.push(`Phone LCP: at most ${Math.round(slowest.lcp)} ms, on ${slowest.path} (${slowest.lcpElement}; target ${TARGETS.mobileLcpMs} ms)`);
}
if (staff.length) {
  const heaviest = heaviestOf(staff);
  const slowest = slowestOf(staff);
  lines.push('', `Staff area at phone size (performance and accessibility audited; targets 100 and CLS 0): JavaScript before interaction at most ${kb(heaviest.js)} KB, on ${heaviest.path}; WebAssembly at most ${kb(Math.max(...staff.map((r) => r.wasm)))} KB; LCP at most ${Math.round(slowest.lcp)} ms, on ${slowest.path}`);
}
lines.push('', `Routes that load WebAssembly: ${wasmRoutes.join(', ') || 'none'}`);
lines.push(misses.length ? `Targets missed (${misses.length}):\n${misses.map((m) => `- ${m}`).join('\n')}` : 'All targets met.');
const report = lines.join('\n');
console.log(report);
mkdirSync(join(root, 'target/audit'), { recursive: true });
writeFileSync(join(root, 'target/audit/report.md'), `${report}\n`);
writeFileSync(join(root, 'target/audit/rows.json'), JSON.stringify(rows, null, 2));
if (process.env.AUDIT_STRICT === '1' && misses.length) process.exit(1);
