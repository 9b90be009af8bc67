/**
 * The form of one content file, drawn from its schema (./schema.ts): a section per part of the
 * file, lists whose items can be added, removed and moved, and an input per field that suits
 * it: money in pounds, dates with the browser's date picker, times on the 24-hour clock,
 * choices as a menu. The form holds no rules: what it is given is written into the file as
 * typed (a price of "5x" stays "5x"), and the core's check, run on every change, puts its
 * message under the field it names.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { blank, fieldName, itemName, pathName, type Field, type Step } from './schema';

/** The check's messages by field path (`monthly[0].price`). */
export type MistakesByField = ReadonlyMap<string, readonly string[]>;

export interface FormProps {
  /** The file's fields. */
  root: Field;
  /** The file's values. */
  values: Record<string, unknown>;
  /** A value set (or removed, with `undefined`) at `path`. */
  onChange: (path: Step[], value: unknown) => void;
  mistakes: MistakesByField;
}

/** The id of the input at `path`, which the list of mistakes links to. */
export function fieldId(path: readonly Step[]): string {
  return `field-${pathName(path).replace(/[^A-Za-z0-9]+/g, '-')}`;
}

/** Moves to the form's field `id` (its first input, for a group) and puts the cursor in it. */
export function focusField(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  for (let parent = target.parentElement; parent; parent = parent.parentElement) {
    if (parent instanceof HTMLDetailsElement) parent.open = true;
  }
  const input = target.matches('input, select, textarea') ? target : target.querySelector<HTMLElement>('input, select, textarea');
  if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
  (input ?? target).focus({ preventScroll: true });
  return true;
}

/** A field of the form with its place as the staff area names it (`Memberships › Lite › Price`). */
export interface FoundField {
  id: string;
  place: string;
}

/** Every field under `field` (at `path`, named `names`), with its place, in the form's order. */
export function fieldsOf(field: Field, path: Step[], value: unknown, names: string[]): FoundField[] {
  if (field.kind === 'group') {
    const values = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    return field.properties.flatMap((property) =>
      fieldsOf(property.field, [...path, property.key], values[property.key], [...names, path.length === 0 ? property.title : fieldName(property.key)]),
    );
  }
  if (field.kind === 'list' && field.item.kind === 'group') {
    const items = Array.isArray(value) ? (value as unknown[]) : [];
    return items.flatMap((item, index) => fieldsOf(field.item, [...path, index], item, [...names, itemName(item, index)]));
  }
  return [{ id: fieldId(path), place: names.join(' › ') }];
}

/** The most fields the search lists at once: typing more narrows them. */
const FOUND_MOST = 12;

/**
 * Finds fields by name as the owner types ("price", "Lite"), each linking to its field; every
 * word typed must be in the field's place. The jump list beside it stays for browsing.
 */
function FieldSearch({ root, values }: { root: Field; values: Record<string, unknown> }) {
  const [query, setQuery] = useState('');
  const all = useMemo(() => fieldsOf(root, [], values, []), [root, values]);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = words.length === 0 ? [] : all.filter((field) => words.every((word) => field.place.toLowerCase().includes(word)));
  return (
    <div role="search" className="editor-search">
      <label className="field-label" htmlFor="editor-search">
        Find a field
      </label>
      <input
        id="editor-search"
        className="field-input"
        type="search"
        autoComplete="off"
        placeholder="Price, Lite, opening hours…"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {words.length > 0 && (
        <p className="editor-help" role="status">
          {found.length === 0 ? 'No field is called that.' : found.length > FOUND_MOST ? `${found.length} fields: the first ${FOUND_MOST}.` : `${found.length === 1 ? '1 field' : `${found.length} fields`}.`}
        </p>
      )}
      {found.length > 0 && (
        <ul className="editor-found" aria-label="Fields found">
          {found.slice(0, FOUND_MOST).map((field) => (
            <li key={field.id}>
              <a
                href={`#${field.id}`}
                onClick={(event) => {
                  if (focusField(field.id)) event.preventDefault();
                }}
              >
                {field.place}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The file's sections, each closed to one line saying what it holds until opened (a file such as
 * prices has nearly a hundred fields), with a search for fields by name and a list to jump to
 * any section. A section with a
 * mistake opens by itself; a field reached from a mistake's link opens its section
 * (`focusField`).
 */
export function SchemaForm({ root, values, onChange, mistakes }: FormProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const withMistakes = [...mistakes.keys()].map((field) => field.split(/[.[]/)[0] ?? '');
  const mistaken = withMistakes.join(' ');
  useEffect(() => {
    if (mistaken === '') return;
    setOpen((now) => new Set([...now, ...mistaken.split(' ')]));
  }, [mistaken]);
  if (root.kind !== 'group') return null;
  const toggle = (key: string, isOpen: boolean) =>
    setOpen((now) => {
      if (now.has(key) === isOpen) return now;
      const next = new Set(now);
      if (isOpen) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <div className="editor-form">
      <FieldSearch root={root} values={values} />
      <nav className="editor-jump" aria-label="Sections">
        <ul>
          {root.properties.map((property) => (
            <li key={property.key}>
              <a
                href={`#${fieldId([property.key])}-section`}
                onClick={(event) => {
                  event.preventDefault();
                  toggle(property.key, true);
                  document.getElementById(`${fieldId([property.key])}-section`)?.scrollIntoView?.({ block: 'start' });
                }}
              >
                {property.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {root.properties.map((property) => {
        const path = [property.key];
        const value = values[property.key];
        const label = property.title;
        const titled = property.field.kind === 'group' || (property.field.kind === 'list' && property.field.item.kind === 'group');
        return (
          <details
            key={property.key}
            id={`${fieldId(path)}-section`}
            className="editor-section"
            open={open.has(property.key)}
            onToggle={(event) => toggle(property.key, event.currentTarget.open)}
          >
            <summary className="editor-summary">
              <h2 className="studio-subtitle" id={`${fieldId(path)}-title`}>
                {label}
              </h2>
              <span className="editor-summary-line">{summaryOf(property.field, value)}</span>
            </summary>
            {titled && property.field.help && <p className="editor-help">{property.field.help}</p>}
            <FieldView field={property.field} path={path} value={value} label={label} onChange={onChange} mistakes={mistakes} bare={titled} />
          </details>
        );
      })}
    </div>
  );
}

/** What a section holds, in a line: its entries by name, or its first values. */
export function summaryOf(field: Field, value: unknown): string {
  if (field.kind === 'list' && Array.isArray(value)) {
    const items = value as unknown[];
    const names = items.slice(0, 3).map((item, index) => (field.item.kind === 'group' ? itemName(item, index) : shown(item)));
    const count = `${items.length} ${items.length === 1 ? 'entry' : 'entries'}`;
    return items.length === 0 ? 'No entries' : `${count}: ${names.join(', ')}${items.length > 3 ? ', …' : ''}`;
  }
  if (field.kind === 'group' && value && typeof value === 'object') {
    return field.properties
      .map((property) => [property, (value as Record<string, unknown>)[property.key]] as const)
      .filter(([, inner]) => inner !== undefined && (typeof inner !== 'object' || inner === null))
      .slice(0, 3)
      .map(([property, inner]) => `${property.title}: ${property.field.kind === 'pounds' ? `£${shown(inner)}` : shown(inner)}`)
      .join(' · ');
  }
  return shown(value);
}

/** A value in a summary line. */
function shown(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return '';
}

interface FieldProps {
  field: Field;
  path: Step[];
  value: unknown;
  label: string;
  onChange: (path: Step[], value: unknown) => void;
  mistakes: MistakesByField;
  /** Drawn without its own heading (a section's heading names it). */
  bare?: boolean;
}

function FieldView(props: FieldProps) {
  const { field } = props;
  switch (field.kind) {
    case 'group':
      return <Group {...props} />;
    case 'list':
      return field.item.kind === 'group' ? <ItemList {...props} /> : <ScalarList {...props} />;
    case 'yes-no':
      return <YesNo {...props} />;
    case 'choice':
      return <Choice {...props} />;
    case 'validity':
      return <Validity {...props} />;
    default:
      return <Typed {...props} />;
  }
}

/** The check's messages at exactly `path`. */
function Mistakes({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p className="field-error" id={id}>
      {messages.join(' ')}
    </p>
  );
}

/** A field's frame: label, help, the control, the check's message. */
function Frame({
  props,
  control,
  label = true,
}: {
  props: FieldProps;
  control: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  label?: boolean;
}) {
  const id = fieldId(props.path);
  const messages = props.mistakes.get(pathName(props.path));
  const invalid = Boolean(messages?.length);
  const describedBy = [props.field.help ? `${id}-help` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={invalid ? 'field field-invalid' : 'field'}>
      {label && (
        <label className="field-label" htmlFor={id}>
          {props.label}
          {props.field.optional && <span className="editor-optional"> (optional)</span>}
        </label>
      )}
      {control({ id, describedBy, invalid })}
      {props.field.help && (
        <p className="editor-help" id={`${id}-help`}>
          {props.field.help}
        </p>
      )}
      <Mistakes id={`${id}-error`} messages={messages} />
    </div>
  );
}

function Group({ field, path, value, onChange, mistakes, label, bare }: FieldProps) {
  if (field.kind !== 'group') return null;
  const values = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const fields = (
    <div className="editor-fields">
      <Mistakes id={`${fieldId(path)}-error`} messages={mistakes.get(pathName(path))} />
      {field.properties.map((property) => (
        <FieldView
          key={property.key}
          field={property.field}
          path={[...path, property.key]}
          value={values[property.key]}
          label={property.title}
          onChange={onChange}
          mistakes={mistakes}
        />
      ))}
    </div>
  );
  if (bare) return fields;
  return (
    <fieldset className="editor-group">
      <legend className="editor-legend">{label}</legend>
      {field.help && <p className="editor-help">{field.help}</p>}
      {fields}
    </fieldset>
  );
}

/** A list of groups (plans, packs, questions): each item its own box, movable. */
function ItemList({ field, path, value, onChange, mistakes, label }: FieldProps) {
  if (field.kind !== 'list') return null;
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const set = (next: unknown[]) => onChange(path, next);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    set(next);
  };
  return (
    <div className="editor-list">
      <Mistakes id={`${fieldId(path)}-error`} messages={mistakes.get(pathName(path))} />
      {items.map((item, index) => {
        const name = itemName(item, index);
        return (
          <fieldset className="editor-item" key={index}>
            <legend className="editor-legend">{name}</legend>
            <div className="editor-item-actions">
              <button type="button" className="btn btn-sm btn-outline" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move ${name} up`}>
                Up
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
                aria-label={`Move ${name} down`}
              >
                Down
              </button>
              <button type="button" className="btn btn-sm btn-outline" onClick={() => set(items.filter((_, at) => at !== index))} aria-label={`Remove ${name}`}>
                Remove
              </button>
            </div>
            <Group field={field.item} path={[...path, index]} value={item} label={name} onChange={onChange} mistakes={mistakes} bare />
          </fieldset>
        );
      })}
      <button type="button" className="btn btn-sm btn-dark editor-add" onClick={() => set([...items, blank(field.item)])}>
        Add to {label}
      </button>
    </div>
  );
}

/** A list of plain values (`bonus_pack_sizes = [20, 30, 50]`), typed with commas between. */
function ScalarList(props: FieldProps) {
  const { field, path, value, onChange } = props;
  if (field.kind !== 'list') return null;
  const numbers = field.item.kind === 'whole' || field.item.kind === 'decimal' || field.item.kind === 'pounds';
  const shown = Array.isArray(value) ? (value as unknown[]).map(String).join(', ') : '';
  const parse = (text: string): unknown[] =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => (numbers && /^\d+(\.\d+)?$/.test(part) ? Number(part) : part));
  return (
    <Frame
      props={{ ...props, field: { ...field, help: [field.help, 'Separate them with commas.'].filter(Boolean).join(' ') } }}
      control={({ id, describedBy, invalid }) => (
        <TypedInput id={id} describedBy={describedBy} invalid={invalid} shown={shown} parse={(text) => parse(text)} onValue={(next) => onChange(path, next)} />
      )}
    />
  );
}

function YesNo(props: FieldProps) {
  const { path, value, onChange, field } = props;
  const id = fieldId(path);
  const messages = props.mistakes.get(pathName(path));
  return (
    <div className={messages?.length ? 'field field-invalid' : 'field'}>
      <label className="editor-check" htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          checked={value === true}
          aria-describedby={[field.help ? `${id}-help` : '', messages?.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
          // A box left unticked is the field's default: the file need not say it.
          onChange={(event) => onChange(path, event.target.checked ? true : field.optional ? undefined : false)}
        />
        <span className="field-label">{props.label}</span>
      </label>
      {field.help && (
        <p className="editor-help" id={`${id}-help`}>
          {field.help}
        </p>
      )}
      <Mistakes id={`${id}-error`} messages={messages} />
    </div>
  );
}

function Choice(props: FieldProps) {
  const { field, path, value, onChange } = props;
  if (field.kind !== 'choice') return null;
  const chosen = field.options.find((option) => option.value === value);
  return (
    <Frame
      props={props}
      control={({ id, describedBy, invalid }) => (
        <>
          <select
            className="field-input"
            id={id}
            value={typeof value === 'string' ? value : ''}
            aria-describedby={chosen?.help ? `${describedBy ?? ''} ${id}-choice`.trim() : describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => onChange(path, event.target.value === '' ? undefined : event.target.value)}
          >
            {(field.optional || chosen === undefined) && <option value="">{field.optional ? 'None' : 'Choose…'}</option>}
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value}
              </option>
            ))}
          </select>
          {chosen?.help && (
            <p className="editor-help editor-choice-help" id={`${id}-choice`}>
              {chosen.help}
            </p>
          )}
        </>
      )}
    />
  );
}

/** "30 days", "3 months": a number and a unit. */
function Validity(props: FieldProps) {
  const { path, value, onChange, field } = props;
  const matched = typeof value === 'string' ? /^(\d+) (day|days|month|months)$/.exec(value) : null;
  const count = matched?.[1] ?? (typeof value === 'string' ? value : '');
  const unit = matched?.[2]?.startsWith('month') ? 'months' : 'days';
  const write = (nextCount: string, nextUnit: string) => {
    const trimmed = nextCount.trim();
    if (trimmed === '' && field.optional) return onChange(path, undefined);
    const singular = trimmed === '1' ? nextUnit.replace(/s$/, '') : nextUnit;
    onChange(path, /^\d+$/.test(trimmed) ? `${trimmed} ${singular}` : trimmed);
  };
  return (
    <Frame
      props={props}
      control={({ id, describedBy, invalid }) => (
        <div className="editor-validity">
          <input
            className="field-input"
            id={id}
            inputMode="numeric"
            value={count}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => write(event.target.value, unit)}
          />
          <select className="field-input" aria-label={`${props.label}: unit`} value={unit} onChange={(event) => write(count, event.target.value)}>
            <option value="days">days</option>
            <option value="months">months</option>
          </select>
        </div>
      )}
    />
  );
}

/** Text, money, whole numbers, dates, times and months. */
function Typed(props: FieldProps) {
  const { field, path, value, onChange } = props;
  const empty = field.optional ? undefined : '';
  const shown = value === undefined || value === null ? '' : typeof value === 'number' && field.kind === 'pounds' ? pounds(value) : String(value);
  const parse = (text: string): unknown => {
    const trimmed = text.trim();
    if (trimmed === '') return empty;
    switch (field.kind) {
      case 'pounds': {
        // "£55", "55", "62.50" are money; anything else is kept as typed for the check to name.
        const amount = /^£?\s*(\d+(?:\.\d{1,2})?)$/.exec(trimmed.replace(/,/g, ''));
        return amount ? Number(amount[1]) : text;
      }
      case 'whole':
        return /^\d+$/.test(trimmed) ? Number(trimmed) : text;
      case 'decimal':
        return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
      case 'text':
        return text;
      default:
        return trimmed;
    }
  };
  const type = field.kind === 'date' ? 'date' : field.kind === 'time' ? 'time' : field.kind === 'month' ? 'month' : 'text';
  const long = field.kind === 'text' && (shown.length > 70 || shown.includes('\n'));
  return (
    <Frame
      props={props}
      control={({ id, describedBy, invalid }) =>
        field.kind === 'pounds' ? (
          <div className="editor-money">
            <span aria-hidden="true">£</span>
            <TypedInput id={id} describedBy={describedBy} invalid={invalid} shown={shown} parse={parse} onValue={(next) => onChange(path, next)} inputMode="decimal" />
          </div>
        ) : (
          <TypedInput
            id={id}
            describedBy={describedBy}
            invalid={invalid}
            shown={shown}
            parse={parse}
            onValue={(next) => onChange(path, next)}
            type={type}
            long={long}
            inputMode={field.kind === 'whole' ? 'numeric' : field.kind === 'decimal' ? 'decimal' : undefined}
          />
        )
      }
    />
  );
}

/** Pounds as the studio writes them: whole pounds bare, pence with two decimals. */
function pounds(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/**
 * An input that keeps what is being typed ("62." on the way to "62.50") and reports its value
 * as parsed; a value changed from outside (the text view) replaces what is shown.
 */
function TypedInput({
  id,
  describedBy,
  invalid,
  shown,
  parse,
  onValue,
  type = 'text',
  long = false,
  inputMode,
}: {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  shown: string;
  parse: (text: string) => unknown;
  onValue: (value: unknown) => void;
  type?: string;
  long?: boolean;
  inputMode?: 'decimal' | 'numeric' | undefined;
}) {
  const [typed, setTyped] = useState(shown);
  // Decided once, so the control does not change under the cursor as the text grows.
  const [multiline] = useState(long);
  // Only a change from outside matters: what is typed is kept while it means the same value.
  useEffect(() => {
    setTyped((current) => (JSON.stringify(parse(current)) === JSON.stringify(parse(shown)) ? current : shown));
  }, [shown]);
  const change = (text: string) => {
    setTyped(text);
    onValue(parse(text));
  };
  const common = {
    id,
    className: 'field-input',
    value: typed,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
  };
  if (multiline) {
    return <textarea {...common} rows={4} onChange={(event) => change(event.target.value)} />;
  }
  return (
    <input
      {...common}
      type={type}
      inputMode={inputMode}
      autoComplete="off"
      spellCheck={type === 'text' && !inputMode}
      onChange={(event) => change(event.target.value)}
    />
  );
}
