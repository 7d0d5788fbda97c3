/**
 * make-fonts.ts — builds the public site's two self-hosted web fonts and their
 * metric-matched fallback faces.
 *
 *   npm run fonts        (= node scripts/make-fonts.ts)
 *
 * Reads the latin, wght-only variable WOFF2 files that @fontsource-variable/inter and
 * @fontsource-variable/fraunces ship, and with harfbuzz (subset-font):
 *   - keeps only the characters the site can show (see CHARSET below, plus any other
 *     non-ASCII character found in app/ and server/db/seed-data.ts),
 *   - keeps the variable `wght` axis but limits it to 400–700 (the site uses
 *     font-normal/medium/semibold/bold only),
 * and writes app/fonts/{inter,fraunces}-latin-wght.woff2 (Vite hashes them when the CSS
 * that points at them is imported).
 *
 * It then writes app/styles/web-fonts.css (the two @font-face rules, which the admin
 * console imports), app/styles/web-fonts.ts (the same faces as data: public pages add
 * them with the FontFace API when that cannot shift their text, see lib/web-font-loader.ts)
 * and app/styles/fonts.css: for every fallback
 * (Arial and Roboto for Inter; Georgia, Times New Roman and Noto Serif for Fraunces) a
 * family of local() faces with size-adjust / ascent-override / descent-override /
 * line-gap-override computed the way Next.js (next/font) and Capsize do, so that text set
 * in the fallback (a page painted before this browser holds the font files) takes about
 * the same room as in the web font and the page looks alike in either:
 *   size-adjust     = (web font avg width / its unitsPerEm) / (fallback avg width / its unitsPerEm)
 *   ascent-override = ascent / (unitsPerEm * size-adjust)   (likewise descent, line gap)
 * "avg width" is Capsize's xWidthAvg: glyph advances weighted by English letter frequency.
 * The web font's is measured here at each weight (400, 500, 600, 700) on the subset file;
 * the fallbacks' come from @capsizecss/metrics (regular and bold faces). Weights 400/500
 * use the fallback's regular face and 600/700 its bold face, each with its own numbers.
 *
 * The output is checked before it is written: both files load, keep a wght axis of
 * 400–700, cover the character set, and at each weight give the same advances and
 * outlines as the source font.
 */
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import arial from "@capsizecss/metrics/arial";
import arialBold from "@capsizecss/metrics/arial/700";
import georgia from "@capsizecss/metrics/georgia";
import georgiaBold from "@capsizecss/metrics/georgia/700";
import notoSerif from "@capsizecss/metrics/notoSerif";
import notoSerifBold from "@capsizecss/metrics/notoSerif/700";
import roboto from "@capsizecss/metrics/roboto";
import robotoBold from "@capsizecss/metrics/roboto/700";
import timesNewRoman from "@capsizecss/metrics/timesNewRoman";
import timesNewRomanBold from "@capsizecss/metrics/timesNewRoman/700";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FONTS_DIR = path.join(ROOT, "app", "fonts");
const CSS_FILE = path.join(ROOT, "app", "styles", "fonts.css");
const WEB_CSS_FILE = path.join(ROOT, "app", "styles", "web-fonts.css");
const WEB_LIST_FILE = path.join(ROOT, "app", "styles", "web-fonts.ts");

// subset-font and fontkit ship no type declarations; the little used here is typed below.
const require = createRequire(import.meta.url);

interface SubsetOptions {
  targetFormat?: "woff2" | "woff" | "truetype" | "sfnt";
  variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  keepAllGlyphs?: boolean;
  keepFeatures?: string[];
}
const subsetFont = require("subset-font") as (
  font: Buffer,
  text: string,
  opts?: SubsetOptions,
) => Promise<Buffer>;

interface Glyph {
  advanceWidth: number;
  isMark: boolean;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
}
interface Font {
  postscriptName: string;
  unitsPerEm: number;
  /** hhea */
  ascent: number;
  descent: number;
  lineGap: number;
  numGlyphs: number;
  variationAxes: Record<string, { name: string; min: number; default: number; max: number }>;
  namedVariations: Record<string, Record<string, number>>;
  availableFeatures: string[];
  "OS/2": {
    typoAscender: number;
    typoDescender: number;
    typoLineGap: number;
    fsSelection: { useTypoMetrics: boolean };
  };
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): Glyph;
  glyphsForString(text: string): Glyph[];
}
const fontkit = require("fontkit") as { create(data: Buffer): Font };

// ───────────────────────────── characters ─────────────────────────────

/** What the site can show: English (en-AU), typographic punctuation, AUD/USD/EUR/GBP prices. */
const CHARSET_RANGES: [number, number][] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1 Supplement (nbsp, ©, °, ×, £, é, …)
];
const CHARSET_EXTRA =
  "\u2018\u2019\u201c\u201d" + // ‘ ’ “ ”
  "\u2013\u2014\u2026\u2022\u00b7" + // – — … • ·
  "\u20ac\u00a3" + // € £
  "\u2192\u2190\u2605\u2713\u00d7\u00b0\u2122" + // → ← ★ ✓ × ° ™
  "\u202f\u2009"; // narrow no-break space (Intl time formats), thin space

/** Files whose text the site shows; any other character they hold is added. */
const SCANNED = ["app", "server/db/seed-data.ts"];

// biome-ignore format: a table, kept compact
const ENTITIES: Record<string, number> = {
  nbsp: 0xa0, copy: 0xa9, reg: 0xae, deg: 0xb0, middot: 0xb7, times: 0xd7, pound: 0xa3, euro: 0x20ac,
  ndash: 0x2013, mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019, ldquo: 0x201c, rdquo: 0x201d,
  hellip: 0x2026, bull: 0x2022, trade: 0x2122, larr: 0x2190, rarr: 0x2192, thinsp: 0x2009,
};

async function listSourceFiles(rel: string): Promise<string[]> {
  const abs = path.join(ROOT, rel);
  if ((await stat(abs)).isFile()) return [abs];
  const out: string[] = [];
  for (const entry of await readdir(abs, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(tsx?|css)$/.test(entry.name)) out.push(path.join(entry.parentPath, entry.name));
  }
  return out;
}

/** Non-ASCII characters written literally or as HTML entities (JSX) in the site's source. */
async function scanSourceCharacters(): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  for (const rel of SCANNED) {
    for (const file of await listSourceFiles(rel)) {
      const text = await readFile(file, "utf8");
      const where = path.relative(ROOT, file);
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        if (cp > 0x7e && /[\p{L}\p{N}\p{P}\p{S}\p{Zs}]/u.test(ch) && !found.has(cp)) found.set(cp, where);
      }
      if (file.endsWith(".tsx")) {
        for (const m of text.matchAll(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi)) {
          const name = m[1];
          const cp = name.startsWith("#x")
            ? Number.parseInt(name.slice(2), 16)
            : name.startsWith("#")
              ? Number.parseInt(name.slice(1), 10)
              : ENTITIES[name];
          if (cp !== undefined && cp > 0x7e && !found.has(cp)) found.set(cp, where);
        }
      }
    }
  }
  return found;
}

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
const show = (cp: number) =>
  `${hex(cp)} ${cp === 0xa0 || cp === 0x202f || cp === 0x2009 ? "(space)" : String.fromCodePoint(cp)}`;

// ───────────────────────────── fonts ─────────────────────────────

interface FallbackFace {
  /** local() names: full name and PostScript name, then metric-compatible clones. */
  local: string[];
  metrics: { unitsPerEm: number; xWidthAvg: number; fullName: string };
}
interface Fallback {
  family: string;
  regular: FallbackFace;
  bold: FallbackFace;
}
interface WebFont {
  family: string;
  source: string;
  output: string;
  fallbacks: Fallback[];
  /** Generic families after the fallback faces, for font-family stacks. */
  generic: string;
}

const WEIGHTS = [400, 500, 600, 700] as const;
const AXIS = { min: 400, max: 700 };
/**
 * OpenType features kept: those browsers turn on by default, plus the figure styles that
 * Tailwind's tabular-nums / proportional-nums / lining-nums ask for (the site uses
 * tabular-nums). Fractions (frac/numr/dnom: Tailwind's diagonal-fractions) are dropped, which
 * saves Inter ~2 KB: add them here if the site starts to use them.
 */
const FEATURES = [
  "ccmp",
  "locl",
  "mark",
  "mkmk",
  "rlig",
  "liga",
  "clig",
  "calt",
  "kern",
  "rvrn",
  "tnum",
  "pnum",
  "lnum",
];

const FONTS: WebFont[] = [
  {
    family: "Inter Variable",
    source: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    output: "inter-latin-wght.woff2",
    generic: "ui-sans-serif, system-ui, sans-serif",
    fallbacks: [
      {
        // Windows, macOS, iOS; Liberation Sans and Arimo are metric-compatible with Arial (Linux, ChromeOS).
        family: "Inter Fallback",
        regular: {
          local: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo", "Arimo-Regular"],
          metrics: arial,
        },
        bold: {
          local: [
            "Arial Bold",
            "Arial-BoldMT",
            "Liberation Sans Bold",
            "LiberationSans-Bold",
            "Arimo Bold",
            "Arimo-Bold",
          ],
          metrics: arialBold,
        },
      },
      {
        // Android (no Arial there).
        family: "Inter Fallback Roboto",
        regular: { local: ["Roboto", "Roboto Regular", "Roboto-Regular"], metrics: roboto },
        bold: { local: ["Roboto Bold", "Roboto-Bold"], metrics: robotoBold },
      },
    ],
  },
  {
    family: "Fraunces Variable",
    source: "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
    output: "fraunces-latin-wght.woff2",
    generic: "ui-serif, Georgia, serif",
    fallbacks: [
      {
        // Windows, macOS, iOS; Gelasio is metric-compatible with Georgia.
        family: "Fraunces Fallback",
        regular: { local: ["Georgia", "Gelasio", "Gelasio Regular", "Gelasio-Regular"], metrics: georgia },
        bold: {
          local: ["Georgia Bold", "Georgia-Bold", "Gelasio Bold", "Gelasio-Bold"],
          metrics: georgiaBold,
        },
      },
      {
        // Where Georgia is missing; Liberation Serif and Tinos are metric-compatible with Times New Roman.
        family: "Fraunces Fallback Times",
        regular: {
          local: [
            "Times New Roman",
            "TimesNewRomanPSMT",
            "Liberation Serif",
            "LiberationSerif",
            "Tinos",
            "Tinos-Regular",
          ],
          metrics: timesNewRoman,
        },
        bold: {
          local: [
            "Times New Roman Bold",
            "TimesNewRomanPS-BoldMT",
            "Liberation Serif Bold",
            "LiberationSerif-Bold",
            "Tinos Bold",
            "Tinos-Bold",
          ],
          metrics: timesNewRomanBold,
        },
      },
      {
        // Android.
        family: "Fraunces Fallback Noto Serif",
        regular: { local: ["Noto Serif", "Noto Serif Regular", "NotoSerif-Regular"], metrics: notoSerif },
        bold: { local: ["Noto Serif Bold", "NotoSerif-Bold"], metrics: notoSerifBold },
      },
    ],
  },
];

// Capsize's latin character weightings (@capsizecss/unpack, src/weightings.ts, MIT): the
// frequency of each character in English text, used to average glyph widths.
// biome-ignore format: a table, kept compact
const LATIN_WEIGHTINGS: Record<string, number> = {
  "0": 0.0053, "1": 0.0023, "2": 0.0026, "3": 0.001, "4": 0.0008, "5": 0.0015, "6": 0.0007, "7": 0.0005,
  "8": 0.0007, "9": 0.0006, ",": 0.0083, " ": 0.154, t: 0.0672, h: 0.0351, e: 0.0922, o: 0.0571, f: 0.017,
  P: 0.0023, p: 0.0163, l: 0.0304, "'": 0.0014, s: 0.0469, R: 0.0015, u: 0.0207, b: 0.0114, i: 0.0588,
  c: 0.0232, C: 0.0031, n: 0.0578, a: 0.0668, d: 0.0298, y: 0.0123, w: 0.011, B: 0.002, r: 0.0526,
  z: 0.0011, G: 0.0011, j: 0.0009, T: 0.0041, ".": 0.0079, L: 0.0012, k: 0.0046, m: 0.0181, "]": 0.0007,
  J: 0.0009, F: 0.0015, v: 0.0076, g: 0.0155, A: 0.004, N: 0.0014, "-": 0.0018, H: 0.0013, D: 0.0013,
  M: 0.0025, I: 0.0022, E: 0.0011, '"': 0.0012, S: 0.0041, "(": 0.001, ")": 0.001, x: 0.0025, W: 0.0012,
  Q: 0.0001, Y: 0.0003, q: 0.0008, V: 0.0005, á: 0.0001, K: 0.0007, U: 0.0016, "=": 0.0007, "[": 0.0021,
  O: 0.0009, é: 0.0001, $: 0.0002, ":": 0.0008, "|": 0.0038, "/": 0.0001, "%": 0.0001, Z: 0.0002,
  ";": 0.0001, X: 0.0001,
};

/** Capsize's xWidthAvg (as @capsizecss/unpack computes it), in font units. */
function xWidthAvg(font: Font): number {
  const chars = Object.keys(LATIN_WEIGHTINGS);
  const glyphs = font.glyphsForString(chars.join(""));
  let sum = 0;
  glyphs.forEach((glyph, i) => {
    if (!glyph.isMark) sum += glyph.advanceWidth * LATIN_WEIGHTINGS[chars[i]];
  });
  return Math.round(sum);
}

/** A static instance of a variable font at one weight, as harfbuzz renders it. */
async function instance(font: Buffer, wght: number): Promise<Font> {
  return fontkit.create(
    await subsetFont(font, "", { keepAllGlyphs: true, targetFormat: "truetype", variationAxes: { wght } }),
  );
}

/** Percent, as next/font writes it. */
const pct = (value: number) => `${Math.abs(value * 100).toFixed(2)}%`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Overrides {
  weight: number;
  sizeAdjust: number;
  ascent: number;
  descent: number;
  lineGap: number;
}

function overrides(
  vertical: { unitsPerEm: number; ascent: number; descent: number; lineGap: number },
  avgWidth: number,
  fallback: FallbackFace["metrics"],
  weight: number,
): Overrides {
  const sizeAdjust = avgWidth / vertical.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = vertical.unitsPerEm * sizeAdjust;
  return {
    weight,
    sizeAdjust,
    ascent: vertical.ascent / em,
    descent: vertical.descent / em,
    lineGap: vertical.lineGap / em,
  };
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

interface Built {
  font: WebFont;
  before: number;
  /** Characters of the set that the source font has no glyph for. */
  missing: number[];
  after: number;
  faces: { fallback: Fallback; overrides: Overrides[] }[];
}

async function build(font: WebFont, codePoints: number[]): Promise<Built> {
  const sourcePath = path.join(ROOT, font.source);
  const source = await readFile(sourcePath);
  const src = fontkit.create(source);
  assert(src.variationAxes.wght, `${font.source} has no wght axis`);

  const missing = codePoints.filter((cp) => !src.hasGlyphForCodePoint(cp));
  const covered = codePoints.filter((cp) => src.hasGlyphForCodePoint(cp));
  if (missing.length) {
    console.log(
      `  not in the source font (the browser takes them from the next font in the stack): ${missing.map(show).join(", ")}`,
    );
  }

  const output = await subsetFont(source, String.fromCodePoint(...codePoints), {
    targetFormat: "woff2",
    variationAxes: { wght: AXIS },
    keepFeatures: FEATURES,
  });

  // ── check the output before writing it
  const out = fontkit.create(output);
  const axis = out.variationAxes.wght;
  assert(
    axis && axis.min === AXIS.min && axis.max === AXIS.max,
    `${font.output}: wght axis is ${JSON.stringify(axis)}`,
  );
  const lost = covered.filter((cp) => !out.hasGlyphForCodePoint(cp));
  assert(lost.length === 0, `${font.output}: lost ${lost.map(show).join(", ")}`);
  let worst = 0;
  const avgWidths = new Map<number, number>();
  for (const w of WEIGHTS) {
    const [a, b] = await Promise.all([instance(source, w), instance(output, w)]);
    for (const cp of covered) {
      const ga = a.glyphForCodePoint(cp);
      const gb = b.glyphForCodePoint(cp);
      // An empty glyph (a space) has an infinite bbox on both sides.
      const box = (k: keyof Glyph["bbox"]) =>
        Number.isFinite(ga.bbox[k]) || Number.isFinite(gb.bbox[k]) ? Math.abs(ga.bbox[k] - gb.bbox[k]) : 0;
      const d = Math.max(
        Math.abs(ga.advanceWidth - gb.advanceWidth),
        box("minX"),
        box("maxX"),
        box("minY"),
        box("maxY"),
      );
      worst = Math.max(worst, Number.isNaN(d) ? Number.POSITIVE_INFINITY : d);
    }
    avgWidths.set(w, xWidthAvg(b));
  }
  // Limiting the axis re-rounds the variation deltas; a unit or two of 2000 is invisible.
  assert(worst <= 2, `${font.output}: glyphs differ from the source by up to ${worst} units`);

  // Vertical metrics the browser uses: OS/2 typo metrics when USE_TYPO_METRICS is set, else hhea.
  const os2 = out["OS/2"];
  const vertical = os2.fsSelection.useTypoMetrics
    ? {
        unitsPerEm: out.unitsPerEm,
        ascent: os2.typoAscender,
        descent: os2.typoDescender,
        lineGap: os2.typoLineGap,
      }
    : { unitsPerEm: out.unitsPerEm, ascent: out.ascent, descent: out.descent, lineGap: out.lineGap };
  if (
    vertical.ascent !== out.ascent ||
    vertical.descent !== out.descent ||
    vertical.lineGap !== out.lineGap
  ) {
    console.log(
      `  note: hhea (${out.ascent}/${out.descent}/${out.lineGap}) differs from OS/2 typo metrics; using typo`,
    );
  }

  await writeFile(path.join(FONTS_DIR, font.output), output);

  console.log(
    `  ${font.output}: ${kb(source.length)} -> ${kb(output.length)} ` +
      `(${Math.round((1 - output.length / source.length) * 100)}% smaller); glyphs ${src.numGlyphs} -> ${out.numGlyphs}; ` +
      `wght ${src.variationAxes.wght.min}-${src.variationAxes.wght.max} -> ${axis.min}-${axis.max} (default ${axis.default}); ` +
      `features ${out.availableFeatures.join(" ")}`,
  );
  console.log(
    `  unitsPerEm ${vertical.unitsPerEm}, ascent ${vertical.ascent}, descent ${vertical.descent}, lineGap ${vertical.lineGap}; ` +
      `xWidthAvg ${WEIGHTS.map((w) => `${w}: ${avgWidths.get(w)}`).join(", ")}; max glyph difference vs source ${worst} units`,
  );

  const faces = font.fallbacks.map((fallback) => ({
    fallback,
    overrides: WEIGHTS.map((w) =>
      overrides(vertical, avgWidths.get(w)!, (w >= 600 ? fallback.bold : fallback.regular).metrics, w),
    ),
  }));
  for (const { fallback, overrides: list } of faces) {
    console.log(
      `  ${fallback.family}: ${list.map((o) => `${o.weight} size-adjust ${pct(o.sizeAdjust)} ascent ${pct(o.ascent)} descent ${pct(o.descent)}`).join("; ")}`,
    );
  }
  return { font, before: source.length, after: output.length, missing, faces };
}

// ───────────────────────────── CSS ─────────────────────────────

const GENERATED = [
  " * GENERATED by `npm run fonts` (scripts/make-fonts.ts). Do not edit by hand: change the",
  " * script and run it again.",
];

/**
 * The web fonts' own faces. Public pages never reference them from their
 * stylesheet: they paint in the fallback faces (fonts.css) and load these after
 * the first paint (web-fonts.ts, components/PublicStyles.tsx); the admin
 * console imports this file.
 */
function webCss(built: Built[]): string {
  const lines: string[] = [
    "/*",
    ...GENERATED,
    " *",
    " * The site's two web fonts, self-hosted and subset to the characters the site shows",
    " * (Latin-1, typographic punctuation, € £ ™ …) with the wght axis limited to 400–700,",
    " * so each is one small file that Vite hashes. The admin console imports this file;",
    " * public pages add the same faces only when they cannot shift text (web-fonts.ts), so a",
    " * slow phone paints without waiting for them.",
    " */",
    "",
  ];
  for (const { font } of built) {
    lines.push(
      "@font-face {",
      `  font-family: "${font.family}";`,
      `  src: url("../fonts/${font.output}") format("woff2");`,
      `  font-weight: ${AXIS.min} ${AXIS.max};`,
      "  font-style: normal;",
      "  font-display: swap;",
      "}",
      "",
    );
  }
  return lines.join("\n");
}

/** The same faces as data, for the FontFace API. */
function webList(built: Built[]): string {
  const name = (font: WebFont) => `${font.output.split("-")[0]}Url`;
  return [
    "/*",
    ...GENERATED,
    " *",
    " * The web fonts' faces (the same as web-fonts.css) for the FontFace API: public pages add",
    " * them when that cannot shift their text (lib/web-font-loader.ts).",
    " */",
    ...built
      .map(({ font }) => `import ${name(font)} from "../fonts/${font.output}?url";`)
      .sort((a, b) => (a.split('"')[1] < b.split('"')[1] ? -1 : 1)),
    "",
    "export const WEB_FONTS = [",
    ...built.map(
      ({ font }) =>
        `  { family: ${JSON.stringify(font.family)}, url: ${name(font)}, weight: "${AXIS.min} ${AXIS.max}" },`,
    ),
    "] as const;",
    "",
  ].join("\n");
}

function css(built: Built[]): string {
  const lines: string[] = [
    "/*",
    ...GENERATED,
    " *",
    " * The metric-matched fallbacks of the site's two web fonts (web-fonts.css).",
    " *",
    ' * The "… Fallback" families are local system fonts resized (size-adjust) and given the',
    " * web font's vertical metrics (ascent/descent/line-gap overrides), so text shown in",
    " * them (a page painted before this browser holds the font files) takes about the same",
    " * room, so the page looks alike in either. Weights 400/500 use the system font's regular face, 600/700",
    " * its bold face, each with its own numbers. Use them in the font stacks, in order:",
  ];
  for (const { font } of built) {
    lines.push(
      ` *   "${font.family}", ${font.fallbacks.map((f) => `"${f.family}"`).join(", ")}, ${font.generic}`,
    );
  }
  lines.push(
    " *",
    " * Characters the site may show that a source font has no glyph for (the browser draws them",
  );
  lines.push(" * with the next font in the stack):");
  for (const { font, missing } of built) {
    lines.push(` *   ${font.family}: ${missing.map(hex).join(" ") || "none"}`);
  }
  lines.push(" */", "");

  for (const { font, faces } of built) {
    for (const { fallback, overrides: list } of faces) {
      lines.push(
        `/* ${fallback.family}: ${fallback.regular.metrics.fullName} / ${fallback.bold.metrics.fullName} sized to ${font.family} */`,
      );
      for (const o of list) {
        const face = o.weight >= 600 ? fallback.bold : fallback.regular;
        lines.push(
          "@font-face {",
          `  font-family: "${fallback.family}";`,
          `  src: ${face.local.map((name) => `local("${name}")`).join(", ")};`,
          `  font-weight: ${o.weight};`,
          "  font-style: normal;",
          `  size-adjust: ${pct(o.sizeAdjust)};`,
          `  ascent-override: ${pct(o.ascent)};`,
          `  descent-override: ${pct(o.descent)};`,
          `  line-gap-override: ${pct(o.lineGap)};`,
          "}",
        );
      }
      lines.push("");
    }
  }
  return lines.join("\n");
}

// ───────────────────────────── main ─────────────────────────────

async function main() {
  const set = new Set<number>();
  for (const [from, to] of CHARSET_RANGES) for (let cp = from; cp <= to; cp++) set.add(cp);
  for (const ch of CHARSET_EXTRA) set.add(ch.codePointAt(0)!);
  const scanned = await scanSourceCharacters();
  const added = [...scanned].filter(([cp]) => !set.has(cp));
  for (const [cp] of added) set.add(cp);
  const codePoints = [...set].sort((a, b) => a - b);
  console.log(
    `Character set: ${codePoints.length} characters; found in the source but not in the base set: ${
      added.length ? added.map(([cp, file]) => `${show(cp)} (${file})`).join(", ") : "none"
    }`,
  );

  await mkdir(FONTS_DIR, { recursive: true });
  await mkdir(path.dirname(CSS_FILE), { recursive: true });

  const built: Built[] = [];
  for (const font of FONTS) {
    console.log(`${font.family} (${font.source}):`);
    built.push(await build(font, codePoints));
  }
  await writeFile(CSS_FILE, css(built));
  await writeFile(WEB_CSS_FILE, webCss(built));
  await writeFile(WEB_LIST_FILE, webList(built));

  const before = built.reduce((n, b) => n + b.before, 0);
  const after = built.reduce((n, b) => n + b.after, 0);
  console.log(
    `Total: ${kb(before)} -> ${kb(after)}; wrote ${[CSS_FILE, WEB_CSS_FILE, WEB_LIST_FILE].map((f) => path.relative(ROOT, f)).join(", ")}`,
  );
}

await main();
