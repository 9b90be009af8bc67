/**
 * Reading the JSON props the server wrote for a framework-free island: each reader returns a
 * value of the expected type, or an empty one, so a malformed prop never throws at a visitor.
 */

export const text = (props: Record<string, unknown>, key: string): string => {
  const value = props[key];
  return typeof value === 'string' ? value : '';
};

export const numberOr = <T>(props: Record<string, unknown>, key: string, fallback: T): number | T => {
  const value = props[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
};

/** A link or a choice: a label and a value (`href`, `key`...). */
export const pairs = <K extends string>(props: Record<string, unknown>, key: string, valueKey: K): Array<{ label: string } & Record<K, string>> => {
  const list = props[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (item === null || typeof item !== 'object') return [];
    const record = item as Record<string, unknown>;
    const label = record['label'];
    const value = record[valueKey];
    return typeof label === 'string' && typeof value === 'string' ? [{ label, [valueKey]: value } as { label: string } & Record<K, string>] : [];
  });
};

/** An element with a class and text, the building block of the plain islands' markup. */
export function create<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  content?: string,
): HTMLElementTagNameMap[K] {
  const created = doc.createElement(tag);
  if (className) created.className = className;
  if (content !== undefined) created.textContent = content;
  return created;
}
