/**
 * Turns a content file's JSON Schema (derived from the core's types by schemars, served by the
 * studio's WebAssembly module) into the fields the form draws. Our own reader rather than a
 * JSON Schema form library: the content's schemas use a handful of shapes (objects, lists,
 * `$ref`, optionals as `anyOf [X, null]` or `type: [X, "null"]`, choices as `oneOf` of
 * constants), and the inputs the studio needs (money in pounds, UK dates, 24-hour times,
 * validities) are named by the core's own `x-input` keyword, which no library knows. Validation
 * is not done here at all: the core's check decides, with the messages `content check` prints.
 */

/** A JSON Schema node, as schemars writes it. */
export type Schema = { readonly [keyword: string]: unknown };

/** One property of a group. */
export interface Property {
  key: string;
  /** How the staff area names it: the site's name for a file's section (the schema's `title`,
   * set by the core: `Memberships` for `monthly`), else the key in words. */
  title: string;
  field: Field;
  /** The file must have it (schemars lists it as required: no default). */
  required: boolean;
}

/** A choice's option. */
export interface Option {
  value: string;
  help: string;
}

interface Common {
  /** The field's help: its type's doc comment, first paragraph. */
  help: string;
  /** Whether the field may be left out (an optional, or one with a default). */
  optional: boolean;
}

/** What a field is drawn as. */
export type Field = Common &
  (
    | { kind: 'group'; properties: Property[] }
    | { kind: 'list'; item: Field }
    | { kind: 'text' }
    | { kind: 'pounds' }
    | { kind: 'date' }
    | { kind: 'time' }
    | { kind: 'month' }
    | { kind: 'validity' }
    | { kind: 'whole'; minimum: number | null }
    | { kind: 'decimal' }
    | { kind: 'yes-no' }
    | { kind: 'choice'; options: Option[] }
  );

const INPUTS = new Set(['pounds', 'date', 'time', 'month', 'validity']);

/** The most `$ref`s followed for one field: the content's types do not nest this deep. */
const MOST_REFS = 16;

/** Reads schemas through their root's `$defs`. */
export class SchemaReader {
  private readonly defs: Record<string, Schema>;

  constructor(root: Schema) {
    this.defs = (root['$defs'] as Record<string, Schema> | undefined) ?? {};
  }

  /** The fields of the whole file (its root is a group). */
  file(root: Schema): Field {
    return this.field(root, '');
  }

  /** `schema` as a field; `help` is the description given where it is used. */
  field(schema: Schema, help: string, optional = false, depth = 0): Field {
    const described = typeof schema['description'] === 'string' ? schema['description'] : help;
    const nullable = 'default' in schema || optional;
    const ref = schema['$ref'];
    if (typeof ref === 'string' && depth < MOST_REFS) {
      const target = this.defs[ref.replace('#/$defs/', '')] ?? {};
      // The description where it is used says more than the type's own.
      const field = this.field(target, '', nullable, depth + 1);
      return { ...field, help: helpText(described || String(target['description'] ?? '')), optional: nullable };
    }
    const anyOf = schema['anyOf'];
    if (Array.isArray(anyOf)) {
      const inner = (anyOf as Schema[]).find((alternative) => alternative['type'] !== 'null');
      return this.field({ ...(inner ?? {}), description: described }, described, true, depth + 1);
    }
    const common: Common = { help: helpText(described), optional: nullable };
    const oneOf = schema['oneOf'];
    if (Array.isArray(oneOf)) {
      const options = (oneOf as Schema[])
        .filter((alternative) => typeof alternative['const'] === 'string')
        .map((alternative) => ({ value: String(alternative['const']), help: helpText(String(alternative['description'] ?? '')) }));
      return { ...common, kind: 'choice', options };
    }
    const enumerated = schema['enum'];
    if (Array.isArray(enumerated)) {
      return { ...common, kind: 'choice', options: enumerated.map((value) => ({ value: String(value), help: '' })) };
    }
    const input = schema['x-input'];
    if (typeof input === 'string' && INPUTS.has(input)) {
      return { ...common, kind: input as 'pounds' | 'date' | 'time' | 'month' | 'validity' };
    }
    const types = Array.isArray(schema['type']) ? (schema['type'] as string[]) : [schema['type']];
    const type = types.find((name) => name !== 'null');
    if (types.includes('null')) common.optional = true;
    switch (type) {
      case 'object': {
        const properties = (schema['properties'] as Record<string, Schema> | undefined) ?? {};
        const listed = (schema['required'] as string[] | undefined) ?? [];
        const required = new Set(listed);
        // schemars lists the properties by name but the required ones in the order the type
        // declares them, which is the order the files are written in: those first, then the
        // optional ones.
        const order = (key: string) => (required.has(key) ? listed.indexOf(key) : listed.length);
        const keys = Object.keys(properties).sort((a, b) => order(a) - order(b));
        return {
          ...common,
          kind: 'group',
          properties: keys.map((key) => [key, properties[key] ?? {}] as const).map(([key, property]) => ({
            key,
            title: typeof property['title'] === 'string' ? property['title'] : fieldName(key),
            required: required.has(key),
            field: this.field(property, '', !required.has(key), depth + 1),
          })),
        };
      }
      case 'array':
        return { ...common, kind: 'list', item: this.field((schema['items'] as Schema | undefined) ?? {}, '', false, depth + 1) };
      case 'integer':
        return { ...common, kind: 'whole', minimum: typeof schema['minimum'] === 'number' ? schema['minimum'] : null };
      case 'number':
        return { ...common, kind: 'decimal' };
      case 'boolean':
        return { ...common, kind: 'yes-no' };
      default:
        return { ...common, kind: 'text' };
    }
  }
}

/**
 * A doc comment as help for a studio owner: its first paragraph on one line, without the
 * code's link brackets and backticks.
 */
export function helpText(description: string): string {
  const first = description.split(/\n\s*\n/)[0] ?? '';
  return first
    .replace(/\[`?([^\]`]+)`?\]\([^)]*\)/g, '$1')
    .replace(/\[`([^`]+)`\]/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `purchase_url` → `Purchase url`, as the core's change list names fields. */
export function fieldName(key: string): string {
  const spaced = key.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A list item's own name (as the core's change list names it), else its position. */
export function itemName(item: unknown, index: number): string {
  if (item && typeof item === 'object') {
    for (const key of ['name', 'title', 'question', 'label', 'place', 'id']) {
      const value = (item as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return `Item ${index + 1}`;
}

/** A new value for `field`: what a new list item starts with (required fields empty). */
export function blank(field: Field): unknown {
  switch (field.kind) {
    case 'group':
      return Object.fromEntries(
        field.properties.filter((property) => property.required).map((property) => [property.key, blank(property.field)]),
      );
    case 'list':
      return [];
    case 'yes-no':
      return false;
    case 'whole':
    case 'decimal':
    case 'pounds':
      return 0;
    case 'choice':
      return field.options[0]?.value ?? '';
    default:
      return '';
  }
}

/** A path segment: a key of a group or a position in a list. */
export type Step = string | number;

/** The path as the core's check names fields: `monthly[0].price`. */
export function pathName(path: readonly Step[]): string {
  return path.reduce<string>(
    (name, step) => (typeof step === 'number' ? `${name}[${step}]` : name === '' ? step : `${name}.${step}`),
    '',
  );
}

/** `values` with the value at `path` replaced (or removed, for `undefined`), the rest shared. */
export function setAt(values: unknown, path: readonly Step[], value: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return value;
  if (typeof step === 'number') {
    const items = Array.isArray(values) ? [...(values as unknown[])] : [];
    items[step] = setAt(items[step], rest, value);
    return items;
  }
  const table = { ...((values && typeof values === 'object' ? values : {}) as Record<string, unknown>) };
  const next = setAt(table[step], rest, value);
  if (next === undefined) delete table[step];
  else table[step] = next;
  return table;
}
