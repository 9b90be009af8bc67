/**
 * Runs the shared test vectors (crates/core/tests/vectors.json) through the built WebAssembly
 * modules, imported through vite-plugin-wasm as the islands import them, and expects exactly the
 * outputs the native core gives (crates/core/tests/it/vectors.rs): the chat's groups through
 * the chat's own module, every other group through the islands' core. Build the modules first
 * with scripts/wasm.sh (`make wasm chat-wasm`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as wasm from '../wasm-pkg/onespace_wasm';
import * as chat from '../islands/chat/wasm-pkg/onespace_chat_wasm';
import type { ChatFacts } from '../islands/chat/wasm-pkg/onespace_chat_wasm';
import { loadChatModule } from '../islands/chat/answers';
import vectors from '../../../crates/core/tests/vectors.json';
import { loadCore } from './load';

const pkgDir = join(import.meta.dirname, '../wasm-pkg');
const chatPkgDir = join(import.meta.dirname, '../islands/chat/wasm-pkg');

interface Case {
  expected: unknown;
  [input: string]: unknown;
}

type Values = Parameters<typeof wasm.validateForm>[1];
type FormName = Parameters<typeof wasm.validateForm>[0];
type MailKind = Parameters<typeof wasm.mailLink>[0];
/** Names the vectors and the error cases pass, checked by the core rather than the type. */
const form = (name: string) => name as FormName;
const kind = (name: string) => name as MailKind;

/** The WebAssembly output for one case; thrown errors become { error: message } as natively. */
function output(group: string, c: Case): unknown {
  try {
    switch (group) {
      case 'formatPence':
        return wasm.formatPence(c['pence'] as number);
      case 'introOfferCountdown':
        return wasm.introOfferCountdown(c['nowMs'] as number, (c['storedEndMs'] as number | null) ?? undefined, (c['regularMs'] as number | undefined) ?? undefined);
      case 'timedOfferCountdown':
        return wasm.timedOfferCountdown(c['nowMs'] as number, (c['storedEndMs'] as number | null) ?? undefined);
      case 'validateForm':
        return wasm.validateForm(form(c['form'] as string), c['values'] as Values);
      case 'chatTopic':
        return chat.chatTopic(c['text'] as string);
      case 'chatReply': {
        const facts = (vectors.chatFacts as Record<string, ChatFacts | undefined>)[c['facts'] as string];
        if (!facts) throw new TypeError(`no chat facts ${String(c['facts'])}`);
        return chat.chatReply(c['text'] as string, facts, c['nowMs'] as number);
      }
      case 'offerState':
        return wasm.offerState(c['starts'] as string, c['ends'] as string, c['nowMs'] as number);
      case 'mailLink':
        return wasm.mailLink(kind(c['kind'] as string), c['values'] as Values, c['to'] as string);
      case 'timetableFilter': {
        const filter = wasm.timetableFilter(c['query'] as string);
        return { filter, query: wasm.timetableQuery(filter.type ?? undefined, filter.day ?? undefined) };
      }
      case 'timetableAdmits':
        return wasm.timetableAdmits(
          (c['type'] as string | null) ?? undefined,
          (c['day'] as string | null) ?? undefined,
          c['classType'] as string,
          c['classDay'] as string,
        );
      default:
        throw new TypeError(`unknown vector group ${group}`);
    }
  } catch (error) {
    if (error instanceof TypeError) throw error;
    return { error: (error as Error).message };
  }
}

describe('the WebAssembly core matches the shared vectors', () => {
  for (const [group, cases] of Object.entries(vectors)) {
    if (!Array.isArray(cases)) continue;
    it(group, () => {
      expect(cases.length).toBeGreaterThan(0);
      (cases as Case[]).forEach((c, index) => {
        expect(output(group, c), `${group}[${index}]`).toEqual(c.expected);
      });
    });
  }
});

describe('the WebAssembly core', () => {
  it('is what loadCore() answers with, instantiated by the plugin', async () => {
    const core = await loadCore();
    expect(core.formatPence).toBe(wasm.formatPence);
    expect(core.formatPence(6250)).toBe('£62.50');
  });

  it("leaves the chat's replies to the chat's module, which loadChatModule() answers with", async () => {
    const module = await loadChatModule();
    expect(module?.chatReply).toBe(chat.chatReply);
    expect(module?.chatTopic('where are you?')).toBe('location');
  });

  it('takes any JavaScript time for an offer state: NaN and negatives are the epoch', () => {
    expect(wasm.offerState('2025-08-01', '2025-08-31', Number.NaN).phase).toBe('upcoming');
    expect(wasm.offerState('2025-08-01', '2025-08-31', 8.64e15).phase).toBe('ended');
    expect(() => wasm.offerState('2025-08-01', '', 0)).toThrow(/'' is not a date like 2025-08-31/);
  });

  it('accepts null for a missing stored end', () => {
    expect(wasm.introOfferCountdown(1000, null as unknown as undefined)).toEqual(wasm.introOfferCountdown(1000));
    expect(wasm.timedOfferCountdown(0, null as unknown as undefined).display).toBe('05:00');
    expect(wasm.introOfferCountdown(Number.NaN).display).toBe('10:00');
  });

  it('reads numbers, booleans and null leniently and throws for unknown forms', () => {
    const lenient = (values: unknown) => values as Values;
    expect(
      wasm.validateForm(
        'membership',
        lenient({
          fullName: 'Kim',
          email: 'kim@example.com',
          selectedMembership: 'founder-lite',
          payAnnually: 'no',
          phone: null,
          additionalNotes: undefined,
        }),
      ),
    ).toEqual({ ok: true, errors: {} });
    expect(wasm.validateForm('contact', lenient(null)).ok).toBe(false);
    expect(() => wasm.validateForm('contact', lenient('not an object'))).toThrow(/Form values must be an object of strings/);
    expect(() => wasm.validateForm('contact', lenient(['Kim']))).toThrow(/Form values must be an object of strings/);
    expect(() => wasm.validateForm('contact', lenient({ message: {} }))).toThrow(
      /Form value 'message' must be text, a number or a boolean/,
    );
    const link = wasm.mailLink(
      'discount',
      lenient({ name: 'Kim', email: 'kim@example.com', phone: 7700900123, discountType: 'Student', additionalInfo: 1.5 }),
      'team@example.co.uk',
    );
    expect(link).toContain('7700900123');
    expect(link).toContain('1.5');
    expect(
      wasm.mailLink('discount', lenient({ name: 'Kim', email: 'k@example.com', phone: '1', discountType: true }), 'team@example.co.uk'),
    ).toContain('true');
    expect(() => wasm.validateForm(form('nope'), {})).toThrow(/Unknown form 'nope'\./);
  });

  it('exports schemas, messages and mail links', () => {
    const names = ['cancellation', 'chatContact', 'contact', 'discount', 'investmentInterest', 'investorContact', 'membership'];
    for (const name of names) {
      expect(wasm.formSchema(form(name)).form).toBe(name);
      expect(wasm.formSchema(form(name)).fields.length, name).toBeGreaterThan(0);
      expect(typeof wasm.formMessages(form(name)).submitLabel, name).toBe('string');
    }
    expect(() => wasm.formSchema(form('nope'))).toThrow(/Unknown form 'nope'\./);
    expect(wasm.formMessages('membership').submittingLabel).toBe('Confirming...');
    expect(wasm.oneToOneMailLink('Ross', 'team@example.co.uk')).toBe(
      wasm.mailLink('oneToOne', { coach: 'Ross' }, 'team@example.co.uk'),
    );
    expect(wasm.oneToOneMailLink('Ross', 'team@example.co.uk')).toMatch(/^mailto:team@example\.co\.uk\?subject=/);
    expect(() => wasm.mailLink(kind('fax'), {}, 'team@example.co.uk')).toThrow(/Unknown mail link kind 'fax'\./);
  });

  it('exports what the islands call, and formatPence for the shared price vectors', () => {
    expect(exportsOf(wasm)).toEqual([
      'countdownAt',
      'formMessages',
      'formSchema',
      'formatPence',
      'introOfferCountdown',
      'mailLink',
      'offerState',
      'oneToOneMailLink',
      'timedOfferCountdown',
      'timetableAdmits',
      'timetableFilter',
      'timetableQuery',
      'validateForm',
    ]);
  });

  it('has a .d.ts that declares every field the exports return', () => {
    const seen = new Set<string>();
    walk(seen, wasm.formMessages('membership'));
    walk(seen, wasm.formSchema('membership').fields);
    walk(seen, wasm.introOfferCountdown(0));
    walk(seen, wasm.offerState('2025-08-01', '2025-08-31', 0));
    expectDeclared(join(pkgDir, 'onespace_wasm.d.ts'), seen);
  });
});

describe("the chat's WebAssembly module", () => {
  it("refuses chat facts that are not the server's rather than answer from nothing", () => {
    expect(() => chat.chatReply('hot yoga', { plans: 'none' } as unknown as ChatFacts, 0)).toThrow(/plans/);
    expect(() => chat.chatReply('hot yoga', { ...vectors.chatFacts.live, classes: null } as unknown as ChatFacts, 0)).toThrow(/live/);
    expect(chat.chatReply('   ', vectors.chatFacts.live, 0)).toBeNull();
    expect(chat.chatTopic('   ')).toBeNull();
  });

  it('answers at any JavaScript time: NaN is the epoch, and the farthest dates get a reply', () => {
    const facts = vectors.chatFacts.live;
    expect(chat.chatReply('what are your opening hours', facts, Number.NaN)).toEqual(chat.chatReply('what are your opening hours', facts, 0));
    expect(chat.chatReply('hot yoga', facts, 8.64e15)?.topic).toBe('schedule');
    expect(chat.chatReply('hot yoga tomorrow', facts, -8.64e15)?.topic).toBe('schedule');
  });

  it('exports the chat topic and reply only', () => {
    expect(exportsOf(chat)).toEqual(['chatReply', 'chatTopic']);
  });

  it('has a .d.ts that declares every field a reply has', () => {
    const seen = new Set<string>();
    for (const text of ['hot yoga tomorrow', 'how much is unlimited', 'cancel my membership']) {
      walk(seen, chat.chatReply(text, vectors.chatFacts.live, Date.parse('2026-07-06T08:00:00Z')));
    }
    walk(seen, vectors.chatFacts.live);
    expectDeclared(join(chatPkgDir, 'onespace_chat_wasm.d.ts'), seen);
  });
});

/** A module's exported functions, sorted. The bundler glue also re-exports the functions the
 * module imports (__wbg_*, __wbindgen_*). */
function exportsOf(module: object): string[] {
  return Object.entries(module)
    .filter(([key, value]) => typeof value === 'function' && !/^__wb/.test(key))
    .map(([key]) => key)
    .sort();
}

/** Adds every key of `value`, at any depth, to `seen`. */
function walk(seen: Set<string>, value: unknown): void {
  if (Array.isArray(value)) return value.forEach((inner) => walk(seen, inner));
  if (value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    seen.add(key);
    walk(seen, inner);
  }
}

/** Every key in `seen` is declared as a field in the .d.ts at `path`, and nothing is `any`. */
function expectDeclared(path: string, seen: Set<string>): void {
  const dts = readFileSync(path, 'utf8');
  for (const key of seen) {
    expect(dts, `field ${key} is missing from ${path}`).toMatch(new RegExp(`\\b${key}\\??: `));
  }
  expect(dts).not.toMatch(/\): any;/);
}
