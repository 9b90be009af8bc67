/**
 * The brand's two typefaces, prepared at build time from their Fontsource packages:
 *
 * - display, for headings: Archivo (Omnibus-Type), a grotesque with a width axis, pinned here to
 *   a slightly extended cut (`wdth` 112) for the confident, athletic headline of a boutique
 *   studio, weights 400-800;
 * - text, for everything else: Figtree (Erik Kennedy), a clean geometric sans that stays friendly
 *   and legible at body sizes, weights 400-800.
 *
 * Each is cut down with `subset-font` (HarfBuzz's subsetter) to [`CHARACTERS`], the characters
 * the site and its content can show, and its variation space to the axes' used range, then
 * written as `woff2` to `frontend/.fonts/` with `fonts.css`: the `@font-face` of each face
 * (`font-display: optional`, the subset's `unicode-range`) and, for each, metric-matched fallbacks
 * computed by fontaine from the subset file's own metrics against the local fonts a device has
 * before the face arrives (Arial and its metric twins, Roboto on Android, DejaVu Sans on Linux):
 * `size-adjust` makes the fallback's average character as wide as the face's, and the ascent,
 * descent and line-gap overrides give its lines the face's height. Average widths still differ
 * per word (a busy phone swapping faces mid-load widened 'Start Today' by 4 px and moved the
 * header), so the faces are `optional`: a page that starts without them keeps its fallbacks and
 * nothing moves (CLS 0). A visitor's first page paints its text in the fallbacks on purpose and
 * fetches the faces once it has loaded, for every page after it (crates/site/src/start.rs):
 * the faces' bytes no longer stand before an ad visitor's first paint. Only its headline is set
 * in the brand from the start, in a small face of its own ([`HEADLINE`]). The stylesheet imports
 * `fonts.css`; Vite hashes the `woff2` files into `assets/` like any other asset (served
 * immutable), and the server names them to the page's start script (every `woff2` the entry's
 * stylesheet names, `crates/site/src/assets.rs`).
 *
 * Files are rewritten only when their bytes change, so `vite build --watch` does not loop.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateFontFace, getMetricsForFamily, readMetrics } from 'fontaine';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/** Where the prepared files go (ignored by git; the stylesheet imports `fonts.css` from it). */
export const FONTS_DIR = resolve(import.meta.dirname, '../.fonts');

/** Code point ranges as `[first, last]`. */
type Ranges = ReadonlyArray<readonly [number, number]>;

/**
 * What the faces must draw: printable ASCII; Latin-1 (the £, ©, °, ·, × the pages use and any
 * accented letter of a coach's or member's name in the content, `Ólafur`, `Zoë`); Œ œ; the
 * typographer's punctuation (curly quotes, en and em dashes, the non-breaking hyphen headings use,
 * thin and narrow no-break spaces, the ellipsis, bullet); the euro, trade mark, right arrow and
 * minus. Anything else (an emoji in a chat reply) falls through to the device's fonts by
 * `unicode-range`.
 */
export const CHARACTERS: Ranges = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x152, 0x153],
  [0x2009, 0x2011],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x202f, 0x202f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2192, 0x2192],
  [0x2212, 0x2212],
];

/**
 * What the headline face draws: ASCII, the few Latin-1 signs a headline may use (no-break space,
 * £, ©, °, ·, ×) and the rest of [`CHARACTERS`] above Latin-1 (the typographer's punctuation, €).
 * Not the accented letters, which took a quarter of its bytes and which the pages' headlines do
 * not use; a headline that has one draws that letter in the fallback (the face's `unicode-range`
 * leaves it out), on the first page only.
 */
export const HEADLINE_CHARACTERS: Ranges = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa3, 0xa3],
  [0xa9, 0xa9],
  [0xb0, 0xb0],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  ...CHARACTERS.filter(([first]) => first > 0xff),
];

/** A local font a device may have, with the metrics its fallback face is matched against. */
interface LocalFont {
  /** Suffix of the fallback family's name. */
  key: string;
  /** `local()` names sharing these metrics (Arial's metric-compatible twins). */
  locals: string[];
  /** The family in `@capsizecss/metrics` (through fontaine). */
  metricsOf?: string;
  /** Metrics read once from the font file where capsize has none. */
  metrics?: FallbackMetrics;
}

type FallbackMetrics = NonNullable<Awaited<ReturnType<typeof getMetricsForFamily>>>;

/**
 * DejaVu Sans 2.37 (Debian's default sans), read with `@capsizecss/unpack` from
 * DejaVuSans.ttf; `@capsizecss/metrics` does not list it.
 */
const DEJAVU_SANS: FallbackMetrics = {
  ascent: 1901,
  descent: -483,
  lineGap: 0,
  unitsPerEm: 2048,
  xWidthAvg: 1041,
};

/** The fallbacks, in the order the font stacks try them. */
const LOCAL_FONTS: LocalFont[] = [
  { key: 'arial', locals: ['Arial', 'Helvetica', 'Arimo', 'Liberation Sans'], metricsOf: 'Arial' },
  { key: 'roboto', locals: ['Roboto'], metricsOf: 'Roboto' },
  { key: 'dejavu', locals: ['DejaVu Sans'], metrics: DEJAVU_SANS },
];

/** One brand face. */
interface Face {
  /** The CSS family name. */
  family: string;
  /** File name (before Vite's hash). */
  file: string;
  /** The Fontsource package and the file in it (its Latin subset, normal style). */
  source: string;
  /** Axes pinned or narrowed; the default is the weight most used, so the metrics match it. */
  axes: Record<string, number | { min: number; max: number; default: number }>;
  /** `font-weight` range of the `@font-face`. */
  weights: string;
  /** What it draws, when not [`CHARACTERS`]. */
  characters?: Ranges;
}

export const FACES: Face[] = [
  {
    family: 'Archivo',
    file: 'brand-display-archivo.woff2',
    source: '@fontsource-variable/archivo/files/archivo-latin-wdth-normal.woff2',
    axes: { wdth: 112, wght: { min: 400, max: 800, default: 600 } },
    weights: '400 800',
  },
  {
    family: 'Figtree',
    file: 'brand-text-figtree.woff2',
    source: '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2',
    axes: { wght: { min: 400, max: 800, default: 400 } },
    weights: '400 800',
  },
];

/** How the headline face's file name starts (crates/site/src/assets.rs, HEADLINE_FACE_PREFIX). */
export const HEADLINE_FILE_PREFIX = 'brand-headline-';

/**
 * The headline face: the display face at the one weight the pages' headlines use (600), a static
 * instance of the same cut, drawing what headlines use ([`HEADLINE_CHARACTERS`]): 8.9 KB against
 * the display face's 29 KB. A visitor's first page paints its text in the fallbacks, but its
 * headline in this face (crates/site/src/start.rs preloads it there; `html.faces-later h1`
 * in `src/styles.css`): the brand meets an advert's visitor on the one page they may see. Its
 * metrics are the display face's at its default weight, so the display face's fallbacks serve it
 * too. The server tells it from the other faces by [`HEADLINE_FILE_PREFIX`].
 */
export const HEADLINE: Face = {
  family: 'Archivo headline',
  file: `${HEADLINE_FILE_PREFIX}archivo.woff2`,
  source: '@fontsource-variable/archivo/files/archivo-latin-wdth-normal.woff2',
  axes: { wdth: 112, wght: 600 },
  weights: '600',
  characters: HEADLINE_CHARACTERS,
};

/** The name of `family`'s fallback face on `local`. */
export function fallbackName(family: string, local: LocalFont): string {
  return `${family} fallback ${local.key}`;
}

function text(ranges: Ranges): string {
  const points: number[] = [];
  for (const [first, last] of ranges) for (let point = first; point <= last; point += 1) points.push(point);
  return String.fromCodePoint(...points);
}

function unicodeRange(ranges: Ranges): string {
  const hex = (point: number) => point.toString(16).toUpperCase();
  return ranges.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(', ');
}

async function writeIfChanged(path: string, body: Buffer | string): Promise<void> {
  const current = await readFile(path).catch(() => null);
  if (current && current.equals(Buffer.from(body))) return;
  await writeFile(path, body);
}

async function fallbackMetrics(local: LocalFont): Promise<FallbackMetrics> {
  const metrics = local.metrics ?? (local.metricsOf ? await getMetricsForFamily(local.metricsOf) : null);
  if (!metrics) throw new Error(`no metrics for the fallback ${local.key}`);
  return metrics;
}

/** Subsets every face into [`FONTS_DIR`] and writes `fonts.css`. */
export async function prepareFonts(): Promise<void> {
  const require = createRequire(import.meta.url);
  await mkdir(FONTS_DIR, { recursive: true });
  const rules: string[] = [
    '/* Written by frontend/build/fonts.ts at build time: do not edit. */',
  ];
  const write = async (face: Face): Promise<string> => {
    const original = await readFile(require.resolve(face.source));
    const characters = face.characters ?? CHARACTERS;
    const subset = await subsetFont(original, text(characters), { targetFormat: 'woff2', variationAxes: face.axes });
    const path = join(FONTS_DIR, face.file);
    await writeIfChanged(path, subset);
    rules.push(
      `@font-face {\n  font-family: "${face.family}";\n  src: url("./${face.file}") format("woff2");\n` +
        `  font-weight: ${face.weights};\n  font-style: normal;\n  font-display: optional;\n  unicode-range: ${unicodeRange(characters)};\n}`,
    );
    return path;
  };
  await write(HEADLINE);
  for (const face of FACES) {
    const path = await write(face);
    const metrics = await readMetrics(pathToFileURL(path));
    if (!metrics) throw new Error(`cannot read the metrics of ${face.file}`);
    for (const local of LOCAL_FONTS) {
      const css = generateFontFace(metrics, {
        name: fallbackName(face.family, local),
        font: local.locals[0] ?? local.key,
        metrics: await fallbackMetrics(local),
      });
      // fontaine names one local font; the metric twins share its overrides.
      rules.push(css.replace(/src: [^;]*;/, `src: ${local.locals.map((name) => `local("${name}")`).join(', ')};`).trim());
    }
  }
  await writeIfChanged(join(FONTS_DIR, 'fonts.css'), `${rules.join('\n')}\n`);
}

/** The Vite plugin: prepares the fonts before each build reads the stylesheet. */
export function fonts(): Plugin {
  return {
    name: 'onespace-fonts',
    async buildStart() {
      await prepareFonts();
    },
  };
}
