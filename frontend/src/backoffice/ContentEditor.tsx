/**
 * One content file in the studio: its form (drawn from the file's schema) or its TOML text,
 * checked by the core's WebAssembly as the owner types, with the mistakes at their fields and
 * what the draft changes against the live site beside them, saved as the person's draft as they
 * go. The server checks again before anything is published; the browser's check only says it
 * sooner, in the same words.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { DraftSaver, formSender, type SaveState } from './autosave';
import { SchemaForm, focusField, type MistakesByField } from './form/SchemaForm';
import { SchemaReader, setAt, type Schema, type Step } from './form/schema';
import type { ContentChange, ContentMistake } from './wasm-pkg/onespace_editor_wasm';

/** What the page gives the editor (the server's `EditorData`). */
export interface EditorData {
  file: string;
  files: Record<string, string>;
  live: string;
  base: number;
  saveUrl: string;
  csrf: string;
}

/** The studio module's functions the editor uses. */
export interface StudioModule {
  checkContent(files: Record<string, string>): ContentMistake[];
  contentSchema(file: string): Record<string, unknown>;
  readContent(file: string, text: string): { ok: true; values: Record<string, unknown> } | { ok: false; mistake: ContentMistake };
  writeContent(text: string, values: Record<string, unknown>): string;
  contentChanges(file: string, before: string, after: string): ContentChange[];
}

type View = 'form' | 'text';

const REVIEW_URL = '/studio/content/draft';

/** Throws the person's draft away (every content area's changes in it). */
const DISCARD_URL = '/studio/content/draft/discard';

/** The draft shown as the site, at the page and element of its first change (the server's preview). */
const PREVIEW_URL = '/studio/content/preview?changed';

export function ContentEditor({ data, studio, send }: { data: EditorData; studio: StudioModule; send?: ConstructorParameters<typeof DraftSaver>[0] }) {
  const [text, setText] = useState(data.files[data.file] ?? '');
  const [values, setValues] = useState<Record<string, unknown> | null>(() => {
    const read = studio.readContent(data.file, data.files[data.file] ?? '');
    return read.ok ? read.values : null;
  });
  const [view, setView] = useState<View>(() => (values === null ? 'text' : 'form'));
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saved', at: null });
  const saver = useRef<DraftSaver | null>(null);
  saver.current ??= new DraftSaver(send ?? formSender(data.saveUrl, data.csrf), setSaveState);

  const root = useMemo(() => {
    const schema = studio.contentSchema(data.file) as Schema;
    return new SchemaReader(schema).file(schema);
  }, [studio, data.file]);
  const mistakes = useMemo(() => studio.checkContent({ ...data.files, [data.file]: text }), [studio, data.files, data.file, text]);
  const here = useMemo(() => mistakes.filter((mistake) => mistake.file === data.file), [mistakes, data.file]);
  const elsewhere = mistakes.length - here.length;
  const byField = useMemo(() => {
    const found = new Map<string, string[]>();
    for (const mistake of here) found.set(mistake.field, [...(found.get(mistake.field) ?? []), mistake.said]);
    return found as MistakesByField;
  }, [here]);
  const changes = useMemo(() => studio.contentChanges(data.file, data.live, text), [studio, data.file, data.live, text]);
  const readError = useMemo(() => {
    const read = studio.readContent(data.file, text);
    return read.ok ? null : read.mistake;
  }, [studio, data.file, text]);

  // A mistake's link from another screen (`/studio/content/edit/prices.toml#field-monthly-0-price`)
  // opens the form at its field, ready to type.
  useEffect(() => {
    if (window.location.hash) focusField(window.location.hash.slice(1));
  }, []);

  useEffect(() => {
    const current = saver.current;
    const hidden = () => {
      if (document.visibilityState === 'hidden') void current?.flush(true);
    };
    const leaving = (event: BeforeUnloadEvent) => {
      if (!current?.unsaved) return;
      void current.flush(true);
      event.preventDefault();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('beforeunload', leaving);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('beforeunload', leaving);
      current?.stop();
    };
  }, []);

  const changed = (next: string) => {
    setText(next);
    saver.current?.change(next);
  };
  const formChanged = (path: Step[], value: unknown) => {
    if (values === null) return;
    const next = setAt(values, path, value) as Record<string, unknown>;
    setValues(next);
    changed(studio.writeContent(text, next));
  };
  const textChanged = (next: string) => {
    const read = studio.readContent(data.file, next);
    if (read.ok) setValues(read.values);
    changed(next);
  };
  /** Follows a link once the draft is saved, so the page it opens shows what was typed. */
  const afterSaving = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = event.currentTarget.href;
    if (await saver.current?.flush()) window.location.assign(target);
  };

  return (
    <div className="editor">
      <div className="editor-bar">
        <div className="editor-views" role="group" aria-label="Edit as">
          <button type="button" className="btn btn-sm btn-outline" aria-pressed={view === 'form'} disabled={readError !== null} onClick={() => setView('form')}>
            Form
          </button>
          <button type="button" className="btn btn-sm btn-outline" aria-pressed={view === 'text'} onClick={() => setView('text')}>
            Advanced: text
          </button>
        </div>
        <p className="editor-status" role="status">
          {describe(saveState)}
        </p>
      </div>

      <MistakeList mistakes={here} elsewhere={elsewhere} view={view} />

      <div className="editor-columns">
        <div className="editor-main">
          {view === 'form' && values !== null ? (
            <SchemaForm root={root} values={values} onChange={formChanged} mistakes={byField} />
          ) : (
            <div className={readError ? 'field field-invalid' : 'field'}>
              <label className="field-label" htmlFor="editor-text">
                {data.file}
              </label>
              <p className="editor-help" id="editor-text-help">
                The comment at the top of the file says how each field is written.
              </p>
              <textarea
                id="editor-text"
                className="field-input studio-code"
                rows={28}
                spellCheck={false}
                autoCapitalize="off"
                autoComplete="off"
                value={text}
                aria-describedby={readError ? 'editor-text-help editor-text-error' : 'editor-text-help'}
                onChange={(event) => textChanged(event.target.value)}
              />
              {readError && (
                <p className="field-error" id="editor-text-error">
                  {readError.text} The form opens again once the text reads.
                </p>
              )}
            </div>
          )}
        </div>
        <aside className="editor-aside" aria-labelledby="editor-changes-title">
          <h2 className="studio-subtitle" id="editor-changes-title">
            What you changed
          </h2>
          {changes.length === 0 ? (
            <p>Nothing yet: this file is as it is live.</p>
          ) : (
            <ul className="studio-changes">
              {changes.map((change) => (
                <li key={change.text}>{change.text}</li>
              ))}
            </ul>
          )}
        </aside>
      </div>

      <div className="editor-actions" role="region" aria-label="Your draft" data-changed={changes.length === 0 ? undefined : ''}>
        <p className="editor-actions-summary">
          {changes.length === 0 ? 'No changes yet' : `${changes.length === 1 ? '1 change' : `${changes.length} changes`}: ${changes.map((change) => change.text).join('; ')}`}
        </p>
        <div className="editor-actions-buttons">
          <a className="btn btn-outline btn-sm" href={PREVIEW_URL} onClick={(event) => void afterSaving(event)}>
            Preview
          </a>
          <a className="btn btn-dark btn-sm" href={REVIEW_URL} onClick={(event) => void afterSaving(event)}>
            Review and publish
          </a>
          <form method="post" action={DISCARD_URL} onSubmit={() => saver.current?.stop()}>
            <input type="hidden" name="csrf" value={data.csrf} />
            <button type="submit" className="btn btn-outline btn-sm">
              Discard
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}

/** The draft's save state, in words. */
function describe(state: SaveState): string {
  switch (state.kind) {
    case 'saved':
      return state.at === null ? 'Changes are saved as your draft as you type.' : `Draft saved at ${clock(state.at)}.`;
    case 'waiting':
      return 'Unsaved changes…';
    case 'saving':
      return 'Saving your draft…';
    case 'failed':
      return `Not saved yet: ${state.reason}. Trying again shortly.`;
  }
}

/** `14:05`, UK time, as the studio reads times. */
function clock(at: number): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }).format(at);
}

/** This file's mistakes in the owner's words, each moving to its field in the form. */
function MistakeList({ mistakes, elsewhere, view }: { mistakes: ContentMistake[]; elsewhere: number; view: View }) {
  if (mistakes.length === 0 && elsewhere === 0) return null;
  return (
    <section className="studio-panel studio-danger" aria-labelledby="editor-mistakes-title">
      <h2 className="studio-subtitle" id="editor-mistakes-title">
        To correct before publishing
      </h2>
      <ul className="studio-mistakes">
        {mistakes.map((mistake) => (
          <li key={mistake.text}>
            {view === 'form' && mistake.anchor ? (
              <a
                href={`#${mistake.anchor}`}
                onClick={(event) => {
                  if (focusField(mistake.anchor)) event.preventDefault();
                }}
              >
                {mistake.said}
              </a>
            ) : (
              mistake.said
            )}
          </li>
        ))}
      </ul>
      {elsewhere > 0 && (
        <p>
          {elsewhere} mistake(s) in other files: <a href={REVIEW_URL}>see them all</a>.
        </p>
      )}
    </section>
  );
}
