/**
 * make-seed-images.ts — draws the site's seed artwork as SVG and renders it with sharp.
 *
 * Every picture is an original flat "travel poster" illustration built from simple
 * vector shapes (gradients, waves, silhouettes). Output is deterministic: any
 * scattering (stars, bubbles, fish) uses a seeded PRNG.
 *
 *   npx node scripts/make-seed-images.ts
 *
 * Writes public/images/{adventures,gallery,site}/*.webp (+ the -960 / -768 / -480 copies of lib/image-variants.ts),
 * public/images/site/og-default.jpg, public/images/placeholder.svg,
 * public/logo.svg, public/favicon.ico and public/apple-touch-icon.png.
 */
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { IMAGE_FULL_WIDTH, IMAGE_VARIANT_WIDTHS } from "../app/lib/image-variants.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC = path.join(ROOT, "public");
const IMAGES = path.join(PUBLIC, "images");

// ───────────────────────────── palette ─────────────────────────────

const C = {
  navy: "#0b2545",
  navyDeep: "#061529",
  navyMid: "#13315c",
  blue: "#1d4e89",
  teal: "#13a3a3",
  tealDark: "#0e7c86",
  tealDeep: "#0a5563",
  aqua: "#5fd3c6",
  foam: "#c8f4ea",
  sand: "#f4d6a0",
  sandDeep: "#e2b877",
  sandShade: "#c9975a",
  coral: "#e63946",
  orange: "#f4845f",
  amber: "#f7a440",
  gold: "#ffd166",
  peach: "#fbc49a",
  pink: "#f7a6a0",
  purple: "#3d2c6e",
  plum: "#6b3f87",
  violet: "#8e5ea2",
  night: "#120e2b",
  dusk: "#2a1f4d",
  bush: "#28594f",
  bushDark: "#1b3f3a",
  white: "#ffffff",
  ink: "#0a1a2f",
  skin: "#c98e6b",
  skinDark: "#8d5a3b",
  skinLight: "#e8b996",
};

// ───────────────────────────── PRNG ─────────────────────────────

type Rng = () => number;

/** mulberry32: tiny deterministic PRNG returning floats in [0, 1). */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = (r: Rng, a: number, b: number) => a + (b - a) * r();
const pick = <T>(r: Rng, list: T[]): T => list[Math.floor(r() * list.length)];

// ───────────────────────────── SVG primitives ─────────────────────────────

type P = [number, number];
type Stop = [offset: number, color: string, opacity?: number];
type Attrs = Record<string, string | number | undefined>;

/** Compact number formatting for SVG output. */
const n = (v: number) => String(Math.round(v * 100) / 100);
const pt = (p: P) => `${n(p[0])},${n(p[1])}`;

function el(tag: string, attrs: Attrs, inner?: string): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${typeof v === "number" ? n(v) : v}"`)
    .join(" ");
  return inner === undefined ? `<${tag} ${a}/>` : `<${tag} ${a}>${inner}</${tag}>`;
}
const rect = (x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}) =>
  el("rect", { x, y, width: w, height: h, fill, ...a });
const circ = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}) =>
  el("circle", { cx, cy, r, fill, ...a });
const ell = (cx: number, cy: number, rx: number, ry: number, fill: string, a: Attrs = {}) =>
  el("ellipse", { cx, cy, rx, ry, fill, ...a });
const shape = (d: string, fill: string, a: Attrs = {}) => el("path", { d, fill, ...a });
const line = (d: string, color: string, width: number, a: Attrs = {}) =>
  el("path", {
    d,
    fill: "none",
    stroke: color,
    "stroke-width": width,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    ...a,
  });
const group = (inner: string, a: Attrs = {}) => el("g", a, inner);
/** translate → rotate → scale (negative x scale when flipped). */
const tf = (x: number, y: number, s = 1, rot = 0, flip = false) =>
  `translate(${n(x)},${n(y)}) rotate(${n(rot)}) scale(${n(flip ? -s : s)},${n(s)})`;
const at = (x: number, y: number, s: number, inner: string, rot = 0, flip = false) =>
  group(inner, { transform: tf(x, y, s, rot, flip) });

/** Map a local point through tf(x, y, s, rot, flip) into scene coordinates. */
function toScene(x: number, y: number, s: number, rot: number, flip: boolean, lx: number, ly: number): P {
  const a = (rot * Math.PI) / 180;
  const px = lx * s * (flip ? -1 : 1);
  const py = ly * s;
  return [x + px * Math.cos(a) - py * Math.sin(a), y + px * Math.sin(a) + py * Math.cos(a)];
}

// ── per-scene <defs> registry (gradients, clips, filters) ──
let defs: string[] = [];
let uid = 0;
function resetDefs() {
  defs = [];
  uid = 0;
}
const stopsXml = (stops: Stop[]) =>
  stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${n(o)}" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${n(op)}"`}/>`,
    )
    .join("");
/** Linear gradient in bounding-box units (default: top → bottom). */
function lin(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const id = `g${uid++}`;
  defs.push(
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsXml(stops)}</linearGradient>`,
  );
  return `url(#${id})`;
}
/** Linear gradient in scene units. */
function linU(stops: Stop[], x1: number, y1: number, x2: number, y2: number): string {
  const id = `g${uid++}`;
  defs.push(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stopsXml(stops)}</linearGradient>`,
  );
  return `url(#${id})`;
}
/** Radial gradient in bounding-box units. */
function rad(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  const id = `g${uid++}`;
  defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsXml(stops)}</radialGradient>`);
  return `url(#${id})`;
}
/** Radial gradient in scene units. */
function radU(stops: Stop[], cx: number, cy: number, r: number): string {
  const id = `g${uid++}`;
  defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${stopsXml(stops)}</radialGradient>`,
  );
  return `url(#${id})`;
}
function clip(d: string): string {
  const id = `c${uid++}`;
  defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  return `url(#${id})`;
}
function blur(sd: number): string {
  const id = `f${uid++}`;
  defs.push(
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
  );
  return `url(#${id})`;
}

// ───────────────────────────── path builders ─────────────────────────────

/** Smooth curve through points (Catmull-Rom converted to cubic Béziers). */
function smooth(pts: P[], closed = false): string {
  const N = pts.length;
  const get = (i: number) => (closed ? pts[(i + N) % N] : pts[Math.max(0, Math.min(N - 1, i))]);
  let d = `M${pt(pts[0])}`;
  const segs = closed ? N : N - 1;
  for (let i = 0; i < segs; i++) {
    const [p0, p1, p2, p3] = [get(i - 1), get(i), get(i + 1), get(i + 2)];
    const c1: P = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: P = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return closed ? `${d}Z` : d;
}

/** Closed outline of a tapered ribbon following a spine; width(t) for t in 0..1. */
function ribbon(spine: P[], width: (t: number) => number): string {
  const L: P[] = [];
  const R: P[] = [];
  spine.forEach((p, i) => {
    const a = spine[Math.max(0, i - 1)];
    const b = spine[Math.min(spine.length - 1, i + 1)];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const nx = -(b[1] - a[1]) / len;
    const ny = (b[0] - a[0]) / len;
    const w = width(i / (spine.length - 1)) / 2;
    L.push([p[0] + nx * w, p[1] + ny * w]);
    R.push([p[0] - nx * w, p[1] - ny * w]);
  });
  return smooth([...L, ...R.reverse()], true);
}

/** Sine-like wave line from x0 to past x1 at height y (quadratic "T" chain). */
function waveD(x0: number, x1: number, y: number, amp: number, len: number, phase = 0): string {
  let x = x0 - len * (((phase % 1) + 1) % 1);
  let d = `M${n(x)},${n(y)}Q${n(x + len / 4)},${n(y - amp)} ${n(x + len / 2)},${n(y)}`;
  x += len / 2;
  while (x < x1) {
    x += len / 2;
    d += `T${n(x)},${n(y)}`;
  }
  return d;
}
/** Filled band whose top edge is a wave and which extends down to `bottom`. */
const waveBand = (
  W: number,
  y: number,
  amp: number,
  len: number,
  phase: number,
  fill: string,
  bottom: number,
  a: Attrs = {},
) => shape(`${waveD(0, W, y, amp, len, phase)}V${n(bottom)}H${n(-len * 2)}Z`, fill, a);
/** Land silhouette: smooth top edge through pts, closed down to `bottom`. */
function land(pts: P[], bottom: number, fill: string, a: Attrs = {}, sharp = false): string {
  const top = sharp ? `M${pts.map(pt).join("L")}` : smooth(pts);
  return shape(`${top}L${n(pts[pts.length - 1][0])},${n(bottom)}L${n(pts[0][0])},${n(bottom)}Z`, fill, a);
}
const landD = (pts: P[], bottom: number) =>
  `M${pts.map(pt).join("L")}L${n(pts[pts.length - 1][0])},${n(bottom)}L${n(pts[0][0])},${n(bottom)}Z`;

// ───────────────────────────── sky / water / sand ─────────────────────────────

const sky = (W: number, y0: number, y1: number, stops: Stop[]) => rect(0, y0, W, y1 - y0, lin(stops));

function sun(
  cx: number,
  cy: number,
  r: number,
  core: string,
  glow: string,
  glowR = r * 4,
  glowOp = 0.55,
): string {
  return (
    circ(
      cx,
      cy,
      glowR,
      radU(
        [
          [0, glow, glowOp],
          [0.3, glow, glowOp * 0.45],
          [1, glow, 0],
        ],
        cx,
        cy,
        glowR,
      ),
    ) + circ(cx, cy, r, core)
  );
}

/** Alternating light wedges radiating from a point (poster sun-burst). */
function sunRays(
  cx: number,
  cy: number,
  count: number,
  len: number,
  color: string,
  op: number,
  from = Math.PI,
  to = Math.PI * 2,
): string {
  let d = "";
  const step = (to - from) / count;
  for (let i = 0; i < count; i++) {
    const a0 = from + step * i;
    const a1 = a0 + step * 0.5;
    d += `M${n(cx)},${n(cy)}L${n(cx + Math.cos(a0) * len)},${n(cy + Math.sin(a0) * len)}L${n(cx + Math.cos(a1) * len)},${n(cy + Math.sin(a1) * len)}Z`;
  }
  return shape(
    d,
    radU(
      [
        [0, color, op],
        [1, color, 0],
      ],
      cx,
      cy,
      len,
    ),
  );
}

/** Long rounded streak clouds, typical of sunset posters. */
function streakClouds(
  r: Rng,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  count: number,
  color: string,
  op: number,
): string {
  let s = "";
  for (let i = 0; i < count; i++) {
    const y = y0 + ((y1 - y0) * i) / Math.max(1, count - 1) + rand(r, -8, 8);
    const x = rand(r, x0, x1);
    const len = rand(r, 140, 420);
    s += line(`M${n(x)},${n(y)}h${n(len)}`, color, rand(r, 7, 16), { opacity: n(op * rand(r, 0.6, 1)) });
  }
  return s;
}

/** Flat puffy cloud with a flat base. */
function puffCloud(x: number, y: number, w: number, color: string, op = 1): string {
  const h = w * 0.28;
  const s =
    rect(x - w / 2, y - h * 0.5, w, h * 0.5, color, { rx: h * 0.25 }) +
    circ(x - w * 0.25, y - h * 0.45, h * 0.45, color) +
    circ(x, y - h * 0.7, h * 0.6, color) +
    circ(x + w * 0.24, y - h * 0.5, h * 0.42, color);
  return group(s, { opacity: op });
}

/** Short horizontal glints on water, denser and smaller toward the horizon. */
function glitter(
  r: Rng,
  cx: number,
  y0: number,
  y1: number,
  w0: number,
  w1: number,
  color: string,
  count: number,
  op = 0.8,
): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const t = (i / count) ** 1.6;
    const y = y0 + (y1 - y0) * t;
    const spread = w0 + (w1 - w0) * t;
    const x = cx + rand(r, -spread, spread) * r();
    const len = (8 + 60 * t) * rand(r, 0.5, 1.2);
    d += `M${n(x - len / 2)},${n(y)}h${n(len)}`;
  }
  return line(d, color, 3, { opacity: op });
}

/** Horizontal ripple strokes on open water (perspective spacing). */
function ripples(
  r: Rng,
  W: number,
  y0: number,
  y1: number,
  count: number,
  color: string,
  op: number,
): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const t = r() ** 1.7;
    const y = y0 + (y1 - y0) * t;
    const len = 20 + 200 * t * rand(r, 0.4, 1);
    const x = rand(r, -50, W);
    d += `M${n(x)},${n(y)}q${n(len / 4)},${n(-2 - 4 * t)} ${n(len / 2)},0t${n(len / 2)},0`;
  }
  return line(d, color, 2.5, { opacity: op });
}

/** Shore-break foam: a white wavy line with a translucent wash band beneath. */
function shoreFoam(W: number, y: number, amp: number, len: number, phase: number): string {
  return (
    waveBand(W, y, amp, len, phase, C.white, y + 26, { opacity: 0.35 }) +
    line(waveD(0, W, y, amp, len, phase), C.white, 5, { opacity: 0.9 })
  );
}

/** Beach: sand gradient with wet-sand band along the waterline. */
function beach(
  W: number,
  H: number,
  y: number,
  wobble: number,
  r: Rng,
  light = C.sand,
  dark = C.sandDeep,
): string {
  const top = smooth([
    [-20, y + rand(r, -wobble, wobble)],
    [W * 0.3, y + rand(r, -wobble, wobble)],
    [W * 0.65, y + rand(r, -wobble, wobble)],
    [W + 20, y + rand(r, -wobble, wobble)],
  ]);
  return shape(
    `${top}V${H}H-20Z`,
    lin([
      [0, dark],
      [0.08, light],
      [1, dark],
    ]),
  );
}

/** Underwater backdrop gradient. */
const underwater = (W: number, y0: number, H: number, stops: Stop[]) => rect(0, y0, W, H - y0, lin(stops));

/** Slanted shafts of light from the surface, fading with depth. */
function godRays(
  r: Rng,
  W: number,
  y0: number,
  H: number,
  count: number,
  op: number,
  color = C.white,
): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = rand(r, -100, W);
    const w = rand(r, 30, 110);
    const slant = rand(r, 120, 260);
    d += `M${n(x)},${n(y0)}h${n(w)}L${n(x + w * 2.4 + slant)},${n(H)}H${n(x + slant)}Z`;
  }
  return shape(
    d,
    linU(
      [
        [0, color, op],
        [0.7, color, op * 0.25],
        [1, color, 0],
      ],
      0,
      y0,
      0,
      H,
    ),
  );
}

/** Water surface seen in a split (over/under) view: water body + bright surface line. */
function waterline(W: number, H: number, y: number, stops: Stop[], amp = 8, len = 160): string {
  return (
    waveBand(W, y, amp, len, 0.25, lin(stops), H) +
    waveBand(W, y + 4, amp, len, 0.25, C.white, y + 26, { opacity: 0.18 }) +
    line(waveD(0, W, y, amp, len, 0.25), C.white, 4, { opacity: 0.85 })
  );
}

/** Rippled sea floor with sand-wave contours. */
function seabed(
  r: Rng,
  W: number,
  H: number,
  y: number,
  light: string,
  dark: string,
  rippleColor: string,
): string {
  const top: P[] = [];
  for (let i = 0; i <= 6; i++) top.push([(W * i) / 6 + (i ? 0 : -20), y + rand(r, -18, 18)]);
  let s = shape(
    `${smooth(top)}V${H}H-20Z`,
    lin([
      [0, light],
      [1, dark],
    ]),
  );
  let d = "";
  for (let i = 0; i < 9; i++) {
    const yy = y + 30 + ((H - y) * i) / 9 + rand(r, -6, 6);
    const x = rand(r, -200, W * 0.6);
    d += waveD(x, x + rand(r, 200, 700), yy, 5, 70, rand(r, 0, 1));
  }
  s += line(d, rippleColor, 3, { opacity: 0.35 });
  return s;
}

/** Wavy caustic light lines dancing on sand. */
function caustics(
  r: Rng,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  count: number,
  color: string,
  op: number,
): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = rand(r, x0, x1);
    const y = rand(r, y0, y1);
    const w = rand(r, 40, 90);
    d += `M${n(x)},${n(y)}q${n(w / 3)},${n(-12)} ${n(w / 2)},${n(rand(r, -6, 6))}t${n(w / 2)},${n(rand(r, -4, 4))}`;
  }
  return line(d, color, 3, { opacity: op });
}

// ───────────────────────────── scattered details ─────────────────────────────

function stars(
  r: Rng,
  count: number,
  x: number,
  y: number,
  w: number,
  h: number,
  maxR = 2.4,
  color = C.white,
): string {
  let s = "";
  for (let i = 0; i < count; i++) {
    const sx = x + r() * w;
    const sy = y + r() ** 1.3 * h; // denser near the top
    const sr = 0.6 + r() ** 3 * maxR;
    s += circ(sx, sy, sr, color, { opacity: n(rand(r, 0.45, 1)) });
  }
  return s;
}
/** Four-point twinkle for a few bright stars. */
function twinkle(x: number, y: number, size: number, color = C.white, op = 0.95): string {
  const k = size * 0.18;
  return shape(
    `M${n(x)},${n(y - size)}Q${n(x + k)},${n(y - k)} ${n(x + size)},${n(y)}Q${n(x + k)},${n(y + k)} ${n(x)},${n(y + size)}Q${n(x - k)},${n(y + k)} ${n(x - size)},${n(y)}Q${n(x - k)},${n(y - k)} ${n(x)},${n(y - size)}Z`,
    color,
    { opacity: op },
  );
}

function bubble(x: number, y: number, rr: number, op = 0.7): string {
  return (
    circ(x, y, rr, C.white, {
      "fill-opacity": n(op * 0.18),
      stroke: C.white,
      "stroke-opacity": n(op),
      "stroke-width": Math.max(1.2, rr * 0.18),
    }) + circ(x - rr * 0.35, y - rr * 0.35, rr * 0.22, C.white, { opacity: op })
  );
}
function bubbles(
  r: Rng,
  count: number,
  x: number,
  y: number,
  w: number,
  h: number,
  maxR = 10,
  op = 0.6,
): string {
  let s = "";
  for (let i = 0; i < count; i++) s += bubble(x + r() * w, y + r() * h, 2 + r() ** 2 * maxR, op);
  return s;
}
/** A column of bubbles rising from (x, y), growing as they rise. */
function bubbleTrail(r: Rng, x: number, y: number, height: number, count = 9, size = 1): string {
  let s = "";
  for (let i = 0; i < count; i++) {
    const t = i / count;
    s += bubble(
      x + Math.sin(i * 1.7) * 10 * size * t + rand(r, -4, 4),
      y - height * t ** 0.9,
      (3 + 9 * t) * size * rand(r, 0.7, 1.1),
      0.75,
    );
  }
  return s;
}

// ───────────────────────────── marine life ─────────────────────────────

interface FishOpts {
  accent?: string;
  tall?: number;
  eye?: boolean;
  fin?: string;
}
/** Flat fish facing right, ~100 units long at scale 1. */
function fishShape(color: string, o: FishOpts = {}): string {
  const h = 38 * (o.tall ?? 0.9);
  let s = shape(`M-28,0L-52,${n(-h * 0.75)}Q-44,0 -52,${n(h * 0.75)}Z`, o.fin ?? color);
  s += shape(`M-6,${n(-h * 0.8)}Q10,${n(-h * 1.35)} 26,${n(-h * 0.75)}Z`, o.fin ?? color);
  s += shape(`M50,0C38,${n(-h)} -6,${n(-h)} -34,0C-6,${n(h)} 38,${n(h)} 50,0Z`, color);
  if (o.accent)
    s += shape(
      `M40,-2C22,${n(-h * 0.35)} -8,${n(-h * 0.35)} -30,0C-8,${n(h * 0.15)} 22,${n(h * 0.1)} 40,-2Z`,
      o.accent,
    );
  if (o.eye !== false) s += circ(32, -5, 4.2, C.white) + circ(33, -5, 2.2, C.ink);
  return s;
}
const fish = (x: number, y: number, size: number, color: string, flip = false, rot = 0, o: FishOpts = {}) =>
  at(x, y, size / 100, fishShape(color, o), rot, flip);

/** Swirling school of fish placed along an elliptical arc, all following the tangent. */
function fishSchool(
  r: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  count: number,
  size: number,
  colors: string[],
  o: FishOpts & { arc?: [number, number]; spread?: number } = {},
): string {
  const [a0, a1] = o.arc ?? [0, Math.PI * 2];
  let s = "";
  for (let i = 0; i < count; i++) {
    const a = a0 + (a1 - a0) * r();
    const k = 1 + rand(r, -(o.spread ?? 0.25), o.spread ?? 0.25);
    const x = cx + Math.cos(a) * rx * k;
    const y = cy + Math.sin(a) * ry * k;
    // tangent for clockwise travel
    const rot = (Math.atan2(Math.cos(a) * ry, -Math.sin(a) * rx) * 180) / Math.PI;
    s += fish(x, y, size * rand(r, 0.75, 1.15), pick(r, colors), false, rot, o);
  }
  return s;
}

function kelp(r: Rng, x: number, y: number, h: number, color: string, leaf: string, sway = 40): string {
  const pts: P[] = [];
  const segs = 7;
  for (let i = 0; i <= segs; i++)
    pts.push([x + Math.sin(i * 0.9 + x) * sway * (i / segs), y - (h * i) / segs]);
  let s = shape(
    ribbon(pts, (t) => 14 - 8 * t),
    color,
  );
  for (let i = 1; i <= segs; i++) {
    const [px, py] = pts[i];
    const side = i % 2 ? 1 : -1;
    const L = rand(r, 40, 80);
    s += shape(
      `M${n(px)},${n(py)}q${n(side * L * 0.5)},${n(-L * 0.5)} ${n(side * L)},${n(-L * 0.2)}q${n(-side * L * 0.45)},${n(L * 0.35)} ${n(-side * L)},${n(L * 0.2)}Z`,
      leaf,
    );
  }
  // float bulb at the top
  return s + circ(pts[segs][0], pts[segs][1], 9, leaf);
}

function seagrass(
  r: Rng,
  x0: number,
  x1: number,
  y: number,
  h: number,
  color: string,
  count: number,
  op = 1,
): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = rand(r, x0, x1);
    const hh = rand(r, h * 0.5, h);
    const bend = rand(r, -h * 0.35, h * 0.35);
    d += `M${n(x)},${n(y)}q${n(bend * 0.2)},${n(-hh * 0.6)} ${n(bend)},${n(-hh)}`;
  }
  return line(d, color, 6, { opacity: op });
}

/** Recursive branching coral. */
function branchCoral(
  r: Rng,
  x: number,
  y: number,
  len: number,
  ang: number,
  depth: number,
  color: string,
  width: number,
): string {
  const x2 = x + Math.cos(ang) * len;
  const y2 = y + Math.sin(ang) * len;
  let s = line(`M${n(x)},${n(y)}L${n(x2)},${n(y2)}`, color, width);
  if (depth > 0) {
    s += branchCoral(
      r,
      x2,
      y2,
      len * rand(r, 0.65, 0.85),
      ang - rand(r, 0.25, 0.6),
      depth - 1,
      color,
      width * 0.78,
    );
    s += branchCoral(
      r,
      x2,
      y2,
      len * rand(r, 0.65, 0.85),
      ang + rand(r, 0.25, 0.6),
      depth - 1,
      color,
      width * 0.78,
    );
  } else {
    s += circ(x2, y2, width * 0.75, color);
  }
  return s;
}

/** Sea-fan: a lacy fan of radiating, forking strokes. */
function fanCoral(r: Rng, x: number, y: number, size: number, color: string): string {
  let d = "";
  const count = 14;
  for (let i = 0; i < count; i++) {
    const a = -Math.PI * 0.92 + (Math.PI * 0.84 * i) / (count - 1) + rand(r, -0.04, 0.04);
    const L = size * rand(r, 0.8, 1);
    const mx = x + Math.cos(a) * L * 0.5;
    const my = y + Math.sin(a) * L * 0.5;
    d += `M${n(x)},${n(y)}Q${n(mx + rand(r, -12, 12))},${n(my)} ${n(x + Math.cos(a) * L)},${n(y + Math.sin(a) * L)}`;
  }
  for (let k = 1; k <= 3; k++) {
    const R = size * (0.3 + k * 0.2);
    d += `M${n(x + Math.cos(-Math.PI * 0.9) * R)},${n(y + Math.sin(-Math.PI * 0.9) * R)}A${n(R)},${n(R)} 0 0 1 ${n(x + Math.cos(-Math.PI * 0.1) * R)},${n(y + Math.sin(-Math.PI * 0.1) * R)}`;
  }
  return line(d, color, 4);
}

function brainCoral(x: number, y: number, rx: number, ry: number, color: string, lines: string): string {
  let d = "";
  for (let k = 1; k <= 3; k++) {
    const f = k / 4;
    d += waveD(x - rx * f, x + rx * f - 10, y - ry * (1 - f) * 0.95, 4, 26, 0.1 * k);
  }
  return (
    shape(`M${n(x - rx)},${n(y)}A${n(rx)},${n(ry)} 0 0 1 ${n(x + rx)},${n(y)}Z`, color) +
    group(line(d, lines, 3, { opacity: 0.55 }), {
      "clip-path": clip(`M${n(x - rx)},${n(y)}A${n(rx)},${n(ry)} 0 0 1 ${n(x + rx)},${n(y)}Z`),
    })
  );
}

function anemone(r: Rng, x: number, y: number, s: number, color: string, tip: string): string {
  let d = "";
  let tips = "";
  for (let i = 0; i < 15; i++) {
    const a = -Math.PI + (Math.PI * i) / 14;
    const L = 46 * s * rand(r, 0.8, 1.1);
    const ex = x + Math.cos(a) * L;
    const ey = y - 26 * s + Math.sin(a) * L;
    d += `M${n(x + Math.cos(a) * 12 * s)},${n(y - 26 * s)}Q${n(x + Math.cos(a) * L * 0.6 + rand(r, -8, 8) * s)},${n(y - 26 * s + Math.sin(a) * L * 0.4)} ${n(ex)},${n(ey)}`;
    tips += circ(ex, ey, 3.6 * s, tip);
  }
  return rect(x - 15 * s, y - 30 * s, 30 * s, 30 * s, color, { rx: 8 * s }) + line(d, color, 6 * s) + tips;
}

function tubeSponge(x: number, y: number, s: number, color: string, inner: string): string {
  let out = "";
  const tubes: [number, number, number][] = [
    [-26, 90, 22],
    [4, 130, 26],
    [34, 70, 20],
  ];
  for (const [dx, h, w] of tubes) {
    out += rect(x + (dx - w / 2) * s, y - h * s, w * s, h * s, color, { rx: (w / 2) * s });
    out += ell(x + dx * s, y - h * s + 8 * s, w * 0.32 * s, 4.5 * s, inner);
  }
  return out;
}

function seaStar(x: number, y: number, s: number, color: string, rot = 0): string {
  const pts: P[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (Math.PI * i) / 5;
    const R = i % 2 ? 11 : 30;
    pts.push([Math.cos(a) * R, Math.sin(a) * R]);
  }
  return at(x, y, s, shape(smooth(pts, true), color) + circ(0, 0, 5, C.white, { opacity: 0.35 }), rot);
}

/** Rounded rock with a lighter sunlit cap. */
function rock(r: Rng, x: number, y: number, w: number, h: number, fill: string, light?: string): string {
  const pts: P[] = [];
  const k = 9;
  for (let i = 0; i <= k; i++) {
    const a = Math.PI + (Math.PI * i) / k;
    pts.push([x + Math.cos(a) * w * 0.5 * rand(r, 0.92, 1.05), y + Math.sin(a) * h * rand(r, 0.8, 1.05)]);
  }
  let s = shape(`${smooth(pts)}L${n(x + w / 2)},${n(y + 4)}L${n(x - w / 2)},${n(y + 4)}Z`, fill);
  if (light)
    s += shape(`${smooth(pts.slice(1, 6))}Q${n(x - w * 0.1)},${n(y - h * 0.55)} ${pt(pts[1])}Z`, light, {
      opacity: 0.55,
    });
  return s;
}

/** Grey nurse shark, side view facing right, ~1100 units long. */
function greyNurse(): string {
  const body = smooth(
    [
      [490, 14],
      [450, -24],
      [370, -58],
      [220, -86],
      [60, -92],
      [-110, -80],
      [-260, -54],
      [-360, -30],
      [-410, -16],
      [-410, 10],
      [-340, 24],
      [-200, 48],
      [-40, 70],
      [120, 70],
      [270, 58],
      [400, 42],
      [460, 30],
    ],
    true,
  );
  const belly = smooth(
    [
      [450, 28],
      [300, 52],
      [120, 66],
      [-60, 64],
      [-220, 42],
      [-360, 20],
      [-220, 14],
      [0, 22],
      [220, 24],
      [400, 20],
    ],
    true,
  );
  const grey = "#5e6f84";
  const dark = "#44536a";
  let s = "";
  s += shape("M-395,-20L-640,-170Q-580,-70 -520,-8L-560,62Q-470,34 -395,12Z", dark); // heterocercal tail
  s += shape("M-150,50Q-190,80 -230,112Q-200,70 -215,44Z", dark); // pelvic
  s += shape("M-270,30Q-300,60 -330,84Q-320,50 -320,26Z", dark); // anal
  s += shape("M50,-90Q20,-160 -40,-200Q-62,-140 -110,-80Z", grey); // 1st dorsal
  s += shape("M-190,-62Q-215,-120 -262,-160Q-280,-100 -310,-38Z", grey); // 2nd dorsal
  s += shape(
    body,
    lin([
      [0, "#6d7f96"],
      [0.55, grey],
      [1, "#8d9bab"],
    ]),
  );
  s += shape(belly, "#c9d3dd", { opacity: 0.85 });
  s += shape("M230,50Q150,120 60,200Q110,110 140,60Z", dark); // pectoral
  // ragged-tooth smile, gills, eye, spots
  s += line("M470,30Q430,44 380,40", "#2d3848", 5);
  s += line("M470,31l-8,9l-8,-8l-8,9l-8,-8l-8,8l-8,-7", C.white, 2.5);
  s += line(
    "M330,-30q-8,30 0,58M310,-32q-8,32 0,60M290,-32q-8,32 0,60M270,-30q-8,30 0,56M250,-28q-7,28 0,52",
    dark,
    4,
    { opacity: 0.7 },
  );
  s += circ(410, -14, 9, "#1a2230") + circ(412, -16, 3, C.white, { opacity: 0.8 });
  for (const [sx, sy, sr] of [
    [-60, -40, 9],
    [-140, -20, 7],
    [-220, -30, 8],
    [-20, 0, 6],
    [-300, -10, 6],
    [60, -50, 7],
  ])
    s += circ(sx, sy, sr, "#7a5a52", { opacity: 0.45 });
  return s;
}

/** Weedy sea dragon, facing right, ~520 units long. */
function seaDragon(r: Rng): string {
  const spine: P[] = [
    [300, -46],
    [250, -40],
    [205, -30],
    [170, -10],
    [120, 12],
    [60, 26],
    [0, 22],
    [-60, 4],
    [-110, -6],
    [-160, 8],
    [-195, 44],
    [-196, 84],
    [-170, 104],
    [-140, 96],
    [-138, 74],
  ];
  const width = (t: number) => {
    if (t < 0.12) return 7 + t * 60; // long tube snout
    if (t < 0.2) return 30; // head
    if (t < 0.27) return 22; // neck
    if (t < 0.55) return 44 - (t - 0.27) * 40; // deep body
    return Math.max(4, 28 - (t - 0.55) * 55); // tail curl
  };
  let s = "";
  // leafy appendages
  const leafAt = [3, 5, 6, 7, 8, 9, 10];
  for (const i of leafAt) {
    const [x, y] = spine[i];
    for (const side of [-1, 1]) {
      const L = rand(r, 40, 70);
      const ang = side === -1 ? rand(r, -2.3, -1.6) : rand(r, 1.3, 2.0);
      const ex = x + Math.cos(ang) * L;
      const ey = y + Math.sin(ang) * L;
      s += line(`M${n(x)},${n(y)}L${n(ex)},${n(ey)}`, "#c99a3c", 4);
      s += at(
        ex,
        ey,
        1,
        shape("M0,0q10,-16 24,-10q-6,16 -24,10Z", "#e9b949") +
          shape("M0,0q-14,-10 -10,-26q14,8 10,26Z", "#d9a23a"),
        (ang * 180) / Math.PI,
      );
    }
  }
  s += shape(
    ribbon(spine, width),
    linU(
      [
        [0, "#e76f51"],
        [0.45, "#c2456b"],
        [1, "#7b3f8c"],
      ],
      300,
      0,
      -200,
      0,
    ),
  );
  // yellow spots and purple bars
  for (let i = 3; i < 10; i++) {
    const [x, y] = spine[i];
    s += circ(x + rand(r, -8, 8), y + rand(r, -8, 4), rand(r, 3, 6), C.gold);
  }
  s += line("M200,-46v26M186,-40v28M214,-48v22", "#5b3f8c", 4, { opacity: 0.8 });
  s += circ(228, -44, 6, "#1a1a2e") + circ(229, -45, 2, C.white);
  // head crest
  s += shape("M215,-50q10,-30 30,-26q-12,10 -14,26Z", "#e9b949");
  return s;
}

// ───────────────────────────── people & gear ─────────────────────────────

/** A simple fin attached at `ankle`, pointing along knee→ankle. */
function finShape(knee: P, ankle: P, len: number, color: string): string {
  const dx = ankle[0] - knee[0];
  const dy = ankle[1] - knee[1];
  const L = Math.hypot(dx, dy) || 1;
  const ux = dx / L;
  const uy = dy / L;
  const nx = -uy;
  const ny = ux;
  const p = (a: number, b: number): P => [ankle[0] + ux * a + nx * b, ankle[1] + uy * a + ny * b];
  return shape(
    smooth(
      [
        p(-6, 12),
        p(len * 0.55, 18),
        p(len, 24),
        p(len * 0.92, 0),
        p(len, -24),
        p(len * 0.55, -18),
        p(-6, -12),
      ],
      true,
    ),
    color,
  );
}

interface DiverOpts {
  suit?: string;
  suitBack?: string;
  accent?: string;
  tank?: string;
  fins?: string;
  glass?: string;
  kick?: number;
  arm?: "tuck" | "reach" | "ok" | "torch";
  flip?: boolean;
}
/** Scuba diver swimming to the right. Local length ≈ 440 units (fin tip → head). */
function diverShape(o: DiverOpts = {}): string {
  const suit = o.suit ?? C.navy;
  const back = o.suitBack ?? shade(suit, -0.25);
  const k = o.kick ?? 0.6;
  const fins = o.fins ?? C.ink;
  let s = "";
  // far leg + fin
  const h1: P = [-25, -6];
  const k1: P = [-104, -14 - k * 10];
  const a1: P = [-178, -8 - k * 30];
  s += finShape(k1, a1, 100, shade(fins, -0.2));
  s += line(`M${pt(h1)}L${pt(k1)}L${pt(a1)}`, back, 24);
  // far arm
  s += line(o.arm === "reach" || o.arm === "torch" ? "M80,-4L118,14L150,14" : "M80,-4L55,20L28,16", back, 15);
  // tank
  s += rect(-22, -56, 116, 30, o.tank ?? "#f6bd60", { rx: 15 });
  s += rect(-22, -56, 116, 9, C.white, { rx: 4.5, opacity: 0.25 });
  s += rect(94, -50, 12, 16, "#8a96a3", { rx: 3 });
  s += rect(10, -56, 10, 30, shade(o.tank ?? "#f6bd60", -0.25));
  // torso
  s += shape(
    smooth(
      [
        [-42, -2],
        [-20, -22],
        [30, -28],
        [82, -26],
        [108, -12],
        [114, 6],
        [92, 20],
        [40, 22],
        [-10, 18],
        [-40, 10],
      ],
      true,
    ),
    suit,
  );
  s += line("M-30,4Q40,-4 104,0", o.accent ?? C.teal, 7);
  // near leg + fin
  const h2: P = [-25, 6];
  const k2: P = [-104, 8 + k * 6];
  const a2: P = [-176, -2 + k * 26];
  s += finShape(k2, a2, 104, fins);
  s += line(`M${pt(h2)}L${pt(k2)}L${pt(a2)}`, suit, 26);
  // head, mask, regulator
  s += line("M98,-44C128,-60 156,-34 154,2", "#1b1f24", 4.5);
  s += circ(132, -8, 22, suit);
  s += rect(138, -21, 22, 17, o.glass ?? "#9fe3ff", { rx: 5, stroke: "#1b1f24", "stroke-width": 3.5 });
  s += circ(154, 8, 7, "#1b1f24");
  // near arm
  if (o.arm === "reach") s += line("M88,8L124,30L166,32", suit, 16) + circ(168, 32, 8, suit);
  else if (o.arm === "ok")
    s +=
      line("M88,8L112,42L146,30", suit, 16) + circ(152, 27, 8, "none", { stroke: suit, "stroke-width": 5 });
  else if (o.arm === "torch")
    s +=
      line("M88,8L124,30L164,26", suit, 16) +
      rect(160, 14, 40, 18, "#d9dee4", { rx: 6 }) +
      rect(196, 12, 8, 22, C.gold, { rx: 3 });
  else s += line("M88,8L62,34L30,30", suit, 16);
  return s;
}
const diver = (x: number, y: number, s: number, rot: number, o: DiverOpts = {}) =>
  at(x, y, s, diverShape(o), rot, o.flip);
/** Scene coordinates of a diver's regulator (for bubble trails). */
const diverMouth = (x: number, y: number, s: number, rot: number, flip = false) =>
  toScene(x, y, s, rot, flip, 150, -14);
/** Scene coordinates of the lens of a diver's torch (arm: 'torch'). */
const diverTorch = (x: number, y: number, s: number, rot: number, flip = false) =>
  toScene(x, y, s, rot, flip, 204, 23);
interface SurfacedOpts {
  suit?: string;
  accent?: string;
  skin?: string;
  glass?: string;
  ok?: boolean;
  snorkel?: boolean;
}
/** Diver floating at the surface (head and shoulders above the waterline at y = 0). */
function surfacedDiverShape(o: SurfacedOpts = {}): string {
  const suit = o.suit ?? C.navy;
  const acc = o.accent ?? C.teal;
  let g = ell(0, 4, 100, 14, C.white, { opacity: 0.45 });
  g += shape("M-54,8Q-52,-30 0,-32Q52,-30 54,8Z", suit);
  g += shape("M-50,8Q-48,-20 -28,-28L-16,8Z", acc) + shape("M50,8Q48,-20 28,-28L16,8Z", acc);
  g += circ(0, -68, 40, suit);
  g += ell(3, -62, 27, 31, o.skin ?? C.skin);
  g += line("M-40,-72h16M30,-72h12", "#1b1f24", 8);
  g += rect(-24, -84, 54, 28, o.glass ?? "#9fe3ff", { rx: 9, stroke: "#1b1f24", "stroke-width": 6 });
  g += line("M-14,-78l10,14", C.white, 4, { opacity: 0.6 });
  g += circ(6, -40, 10, "#1b1f24");
  if (o.snorkel) g += line("M-30,-50Q-52,-60 -48,-138", acc, 9);
  if (o.ok) {
    // surface "OK": arm arched over the head, fingertips on the crown
    g += line("M42,-14C76,-40 84,-96 64,-122C50,-140 26,-132 12,-112", shade(suit, 0.18), 22);
    g += ell(8, -110, 14, 11, "#1b1f24");
  } else {
    g += line("M-48,-8q-30,-8 -50,2", shade(suit, 0.2), 20);
  }
  return g;
}
const surfacedDiver = (x: number, y: number, s: number, o: SurfacedOpts = {}) =>
  at(x, y, s, surfacedDiverShape(o));
/** Soft cone of torch light from `from` toward `to`. */
function torchBeam(from: P, to: P, spreadDeg: number, op = 0.55, color = "#fff6d5"): string {
  const a = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]) * 1.15;
  const sp = (spreadDeg * Math.PI) / 180;
  const end = (da: number, k = 1): P => [
    from[0] + Math.cos(a + da) * len * k,
    from[1] + Math.sin(a + da) * len * k,
  ];
  return shape(
    `M${pt(from)}L${pt(end(-sp))}Q${pt(end(0, 1.12))} ${pt(end(sp))}Z`,
    linU(
      [
        [0, color, op],
        [0.6, color, op * 0.4],
        [1, color, 0],
      ],
      from[0],
      from[1],
      ...end(0),
    ),
  );
}

/** Lighten (amt > 0) or darken (amt < 0) a #rrggbb colour. */
function shade(hex: string, amt: number): string {
  const v = parseInt(hex.slice(1), 16);
  const ch = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((c) =>
    Math.round(amt >= 0 ? c + (255 - c) * amt : c * (1 + amt)),
  );
  return `#${ch.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

interface PersonOpts {
  suit?: string;
  accent?: string;
  skin?: string;
  hair?: string;
  pose?: "stand" | "ok" | "wave" | "point" | "mask" | "fins" | "slate" | "hike";
  walk?: boolean;
  /** Paint everything in one colour (backlit silhouette). */
  sil?: string;
  pack?: string;
  longHair?: boolean;
}
/** Standing person, feet at (0,0), 180 units tall at scale 1. */
function personShape(o: PersonOpts = {}): string {
  const suit = o.sil ?? o.suit ?? C.navy;
  const skin = o.sil ?? o.skin ?? C.skin;
  const hair = o.sil ?? o.hair ?? "#2b1d16";
  const acc = o.sil ?? o.accent ?? C.teal;
  const pose = o.pose ?? "stand";
  let s = "";
  if (o.pack) s += rect(-25, -150, 50, 64, o.sil ?? o.pack, { rx: 12 });
  if (o.longHair) s += shape("M-13,-168Q-18,-140 -10,-132H10Q18,-140 13,-168Z", hair);
  const legs = o.walk ? "M-7,-86L-18,-6M7,-86L16,-6" : "M-7,-86L-9,-6M7,-86L9,-6";
  s += line(legs, suit, 14);
  s += o.walk
    ? ell(-21, -4, 9, 5, o.sil ?? C.ink) + ell(19, -4, 9, 5, o.sil ?? C.ink)
    : ell(-11, -4, 9, 5, o.sil ?? C.ink) + ell(11, -4, 9, 5, o.sil ?? C.ink);
  s += shape("M-20,-146C-23,-122 -18,-104 -16,-82L16,-82C18,-104 23,-122 20,-146Q0,-152 -20,-146Z", suit);
  if (!o.sil) {
    s += shape("M-20,-146Q0,-152 20,-146L18,-132Q0,-126 -18,-132Z", acc);
    s += line("M-17,-120L-15,-88M17,-120L15,-88", acc, 4);
  }
  const arm = (d: string, hand: P) => line(d, suit, 10) + circ(hand[0], hand[1], 5, skin);
  const leftDown = arm("M-19,-141L-25,-112L-25,-88", [-25, -86]);
  const rightDown = arm("M19,-141L25,-112L25,-88", [25, -86]);
  switch (pose) {
    case "ok":
      s += leftDown + arm("M19,-141L34,-168L12,-188", [8, -187]);
      break;
    case "wave":
      s += leftDown + arm("M19,-141L40,-158L46,-186", [46, -190]);
      break;
    case "point":
      s += leftDown + arm("M19,-141L48,-138L76,-146", [80, -147]);
      break;
    case "mask":
      s += leftDown + rightDown + gearMask(30, -78, 0.55, -70);
      break;
    case "fins":
      s += rightDown;
      s +=
        shape("M-30,-90l-14,80l12,2l10,-80Z", o.sil ?? C.gold) +
        shape("M-24,-90l-4,82l12,0l-2,-82Z", o.sil ?? shade(C.gold, -0.15));
      s += arm("M-19,-141L-26,-112L-27,-90", [-27, -88]);
      break;
    case "slate":
      s +=
        leftDown +
        rect(2, -132, 26, 34, o.sil ?? "#f1f5f9", { rx: 3 }) +
        arm("M19,-141L30,-116L14,-112", [14, -112]);
      break;
    case "hike":
      s +=
        leftDown + arm("M19,-141L30,-116L34,-98", [34, -96]) + line("M34,-104L44,-2", o.sil ?? "#7a6a58", 3);
      break;
    default:
      s += leftDown + rightDown;
  }
  s += rect(-5, -160, 10, 12, skin);
  s += circ(0, -165, 12.5, skin);
  s += shape("M-13,-166Q-13,-180 0,-179Q13,-180 13,-166Q8,-172 0,-172Q-8,-171 -13,-166Z", hair);
  return s;
}
const person = (x: number, y: number, h: number, o: PersonOpts = {}, flip = false) =>
  at(x, y, h / 180, personShape(o), 0, flip);

/** Person sitting cross-legged, base at (0,0); same scale as personShape. */
function sitterShape(o: PersonOpts & { back?: boolean } = {}): string {
  const suit = o.sil ?? o.suit ?? C.navy;
  const skin = o.sil ?? o.skin ?? C.skin;
  const hair = o.sil ?? o.hair ?? "#2b1d16";
  let s = ell(0, -12, 38, 13, suit);
  s += shape("M-18,-86C-21,-64 -18,-40 -16,-20L16,-20C18,-40 21,-64 18,-86Q0,-92 -18,-86Z", suit);
  if (!o.sil) s += shape("M-18,-86Q0,-92 18,-86L16,-74Q0,-68 -16,-74Z", o.accent ?? C.teal);
  s += line("M-17,-80L-26,-46L-20,-18M17,-80L26,-46L20,-18", suit, 10);
  s += rect(-5, -100, 10, 12, skin) + circ(0, -104, 12.5, skin);
  s += o.back
    ? circ(0, -106, 12.5, hair)
    : shape("M-13,-105Q-13,-119 0,-118Q13,-119 13,-105Q8,-111 0,-111Q-8,-110 -13,-105Z", hair);
  return s;
}
const sitter = (x: number, y: number, h: number, o: PersonOpts & { back?: boolean } = {}) =>
  at(x, y, h / 180, sitterShape(o));

/** Dive mask (front view, ~100 units wide). */
function gearMask(x: number, y: number, s: number, rot = 0, frame = C.ink, glass = "#9fe3ff"): string {
  return at(
    x,
    y,
    s,
    line("M-50,0C-70,40 70,40 50,0", frame, 6) +
      shape(
        "M-46,-22Q-46,-30 -36,-30H36Q46,-30 46,-22V10Q46,22 30,22Q14,22 8,10L0,4L-8,10Q-14,22 -30,22Q-46,22 -46,10Z",
        frame,
      ) +
      shape("M-38,-22H-4V6Q-10,14 -24,14Q-38,14 -38,4Z", glass) +
      shape("M38,-22H4V6Q10,14 24,14Q38,14 38,4Z", glass) +
      line("M-30,-16L-20,-4M10,-16L20,-4", C.white, 3, { opacity: 0.7 }),
    rot,
  );
}

/** Alpha ("diver below") flag: white hoist, blue swallow-tail fly. Top-left at (x, y). */
function alphaFlag(x: number, y: number, w: number, h: number): string {
  return (
    rect(x, y, w / 2, h, C.white) +
    shape(
      `M${n(x + w / 2)},${n(y)}H${n(x + w)}L${n(x + w * 0.74)},${n(y + h / 2)}L${n(x + w)},${n(y + h)}H${n(x + w / 2)}Z`,
      "#1f4fa3",
    )
  );
}
/** Float with a pole and Alpha flag, sitting on the water at (x, y). */
function flagBuoy(x: number, y: number, s: number): string {
  let g = "";
  g += ell(0, 6, 70, 12, C.white, { opacity: 0.35 });
  g += line("M0,-10V-130", "#2b2f36", 5);
  g += alphaFlag(2, -130, 64, 42);
  g += shape("M-34,4Q-34,-26 0,-28Q34,-26 34,4Z", C.coral);
  g += shape("M-34,4Q-34,-6 -28,-12H28Q34,-6 34,4Z", shade(C.coral, -0.25));
  g += line("M-60,14q15,-5 30,0t30,0t30,0t30,0", C.white, 3, { opacity: 0.6 });
  return at(x, y, s, g);
}

function tentShape(
  o: { body?: string; side?: string; glow?: boolean; sil?: string; door?: string } = {},
): string {
  const body = o.sil ?? o.body ?? C.orange;
  const side = o.sil ?? o.side ?? shade(body, -0.3);
  let s = "";
  if (o.glow && !o.sil)
    s += ell(
      30,
      -40,
      260,
      150,
      radU(
        [
          [0, C.gold, 0.45],
          [1, C.gold, 0],
        ],
        30,
        -40,
        260,
      ),
    );
  s += ell(30, 2, 170, 14, "#000", { opacity: 0.18 });
  s += line("M0,-120L-150,0M90,-112L220,0", o.sil ?? "#d8d2c4", 1.6, { opacity: 0.7 });
  s += shape("M0,-120L100,-110L170,0H95Z", side);
  s += shape("M0,-120L-95,0H95Z", body);
  s += shape("M0,-84L-34,0H34Z", o.sil ?? (o.glow ? C.gold : (o.door ?? shade(body, -0.55))));
  if (!o.sil) s += shape("M0,-84L-34,0L-56,0Q-30,-40 0,-84Z", shade(body, 0.25));
  s += line("M0,-120V-134", o.sil ?? "#3a3a3a", 4);
  return s;
}
/** Tent with its door facing the viewer; (x, y) is the front centre on the ground, ~190 units wide. */
const tent = (x: number, y: number, s: number, o: Parameters<typeof tentShape>[0] = {}) =>
  at(x, y, s, tentShape(o));

function flameD(w: number, h: number): string {
  return `M0,0C${n(-w)},${n(-h * 0.1)} ${n(-w * 0.9)},${n(-h * 0.55)} ${n(-w * 0.15)},${n(-h)}C${n(-w * 0.1)},${n(-h * 0.7)} ${n(w * 0.2)},${n(-h * 0.62)} ${n(w * 0.3)},${n(-h * 0.82)}C${n(w * 0.95)},${n(-h * 0.5)} ${n(w)},${n(-h * 0.1)} 0,0Z`;
}
/** Campfire with stones, crossed logs, layered flames and a warm glow. */
function campfire(r: Rng, x: number, y: number, s: number, glow = true): string {
  let g = "";
  if (glow)
    g += ell(
      0,
      -30,
      320,
      220,
      radU(
        [
          [0, "#ffb347", 0.55],
          [0.45, "#ff8c42", 0.18],
          [1, "#ff8c42", 0],
        ],
        0,
        -30,
        320,
      ),
    );
  g += ell(0, 4, 70, 12, "#000", { opacity: 0.3 });
  g += line("M-60,4L50,-22", "#5a3a22", 16) + line("M60,4L-50,-22", "#6d4528", 16);
  g += shape(flameD(46, 150), C.coral) + shape(flameD(34, 112), "#f77f00") + shape(flameD(20, 70), C.gold);
  g +=
    at(-30, -6, 0.55, shape(flameD(40, 120), "#f77f00")) + at(32, -4, 0.5, shape(flameD(40, 110), C.coral));
  for (let i = 0; i < 7; i++) {
    const stoneX = -70 + i * 23;
    g += ell(stoneX, 6 - Math.sin((i / 6) * Math.PI) * 2, 14, 9, i % 2 ? "#6b6470" : "#7d7482");
  }
  for (let i = 0; i < 9; i++)
    g += circ(rand(r, -50, 50), rand(r, -260, -150), rand(r, 1.5, 3.5), C.gold, {
      opacity: n(rand(r, 0.5, 1)),
    });
  return at(x, y, s, g);
}

/** Eucalyptus: crooked pale trunk with clumped canopy. */
function gumTree(r: Rng, x: number, y: number, h: number, canopy: string, trunk: string): string {
  let s = "";
  const top: P = [x + rand(r, -h * 0.08, h * 0.08), y - h * 0.55];
  s += line(`M${n(x)},${n(y)}Q${n(x + rand(r, -20, 20))},${n(y - h * 0.3)} ${pt(top)}`, trunk, h * 0.05);
  const ends: P[] = [];
  for (let i = 0; i < 4; i++) {
    const e: P = [top[0] + rand(r, -h * 0.32, h * 0.32), top[1] - rand(r, h * 0.12, h * 0.42)];
    ends.push(e);
    s += line(`M${pt(top)}Q${n((top[0] + e[0]) / 2)},${n(top[1] - 10)} ${pt(e)}`, trunk, h * 0.022);
  }
  for (const [ex, ey] of ends)
    for (let j = 0; j < 3; j++)
      s += ell(
        ex + rand(r, -h * 0.1, h * 0.1),
        ey + rand(r, -h * 0.05, h * 0.05),
        h * rand(r, 0.09, 0.15),
        h * rand(r, 0.05, 0.08),
        canopy,
      );
  return s;
}

/** Norfolk Island pine: tiered, symmetric — iconic on Sydney beaches. */
function norfolkPine(x: number, y: number, h: number, color: string): string {
  let s = line(`M${n(x)},${n(y)}V${n(y - h)}`, color, h * 0.025);
  const tiers = 11;
  for (let i = 0; i < tiers; i++) {
    const ty = y - h * 0.2 - (h * 0.78 * i) / tiers;
    const w = h * 0.24 * (1 - i / tiers) + h * 0.03;
    s += shape(
      `M${n(x - w)},${n(ty + h * 0.015)}Q${n(x)},${n(ty - h * 0.06)} ${n(x + w)},${n(ty + h * 0.015)}Q${n(x)},${n(ty - h * 0.02)} ${n(x - w)},${n(ty + h * 0.015)}Z`,
      color,
    );
  }
  return s;
}

/** Row of low coastal heath bumps along y. */
function heath(r: Rng, x0: number, x1: number, y: number, size: number, color: string): string {
  const pts: P[] = [[x0, y + size]];
  for (let x = x0; x <= x1; x += size * rand(r, 0.7, 1.3)) pts.push([x, y - rand(r, size * 0.2, size)]);
  pts.push([x1, y + size]);
  return shape(`${smooth(pts)}Z`, color);
}

/** Sandstone strata lines clipped to a cliff outline. */
function strata(
  r: Rng,
  d: string,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  color: string,
  op: number,
): string {
  let ls = "";
  for (let y = y0; y < y1; y += rand(r, 14, 30)) ls += `M${n(x0)},${n(y)}H${n(x1)}`;
  return group(line(ls, color, 2.5, { opacity: op }), { "clip-path": clip(d) });
}

function moon(x: number, y: number, rr: number, glowOp = 0.35): string {
  return (
    circ(
      x,
      y,
      rr * 5,
      radU(
        [
          [0, "#fff8e1", glowOp],
          [0.3, "#fff8e1", glowOp * 0.3],
          [1, "#fff8e1", 0],
        ],
        x,
        y,
        rr * 5,
      ),
    ) +
    circ(x, y, rr, "#fdf6e3") +
    circ(x - rr * 0.3, y - rr * 0.2, rr * 0.22, "#e9e0c9") +
    circ(x + rr * 0.25, y + rr * 0.3, rr * 0.15, "#e9e0c9") +
    circ(x + rr * 0.35, y - rr * 0.35, rr * 0.1, "#e9e0c9")
  );
}

function kayak(x: number, y: number, s: number, hull: string, suit: string, paddleAngle = -20): string {
  let g = ell(0, 10, 160, 14, "#000", { opacity: 0.15 });
  g += shape("M-150,0Q0,-22 150,0Q0,22 -150,0Z", hull);
  g += shape("M-150,0Q0,-22 150,0Q0,-6 -150,0Z", shade(hull, 0.3));
  g += ell(0, -4, 26, 7, C.ink);
  g +=
    shape("M-13,-6L-11,-48Q0,-54 11,-48L13,-6Z", suit) +
    circ(0, -60, 11, C.skin) +
    shape("M-11,-62q0,-12 11,-12t11,12q-5,-5 -11,-5t-11,5Z", "#2b1d16");
  g += rect(-14, -46, 28, 20, C.gold, { rx: 4 }); // PFD
  g += at(
    0,
    -36,
    1,
    line("M-90,0H90", "#3a3a3a", 4) + ell(-96, 0, 14, 7, C.coral) + ell(96, 0, 14, 7, C.coral),
    paddleAngle,
  );
  return at(x, y, s, g);
}

// ───────────────────────────── scenes: adventures ─────────────────────────────

type Draw = (W: number, H: number) => string;

const diveExhibition: Draw = (W, H) => {
  const r = mulberry32(101);
  const wl = 300;
  let s = sky(W, 0, wl + 20, [
    [0, "#6cc3e0"],
    [1, "#dff4f2"],
  ]);
  s += puffCloud(320, 110, 260, C.white, 0.9) + puffCloud(1180, 80, 200, C.white, 0.75);
  s += land(
    [
      [-10, 240],
      [160, 205],
      [360, 214],
      [520, 246],
      [660, wl],
    ],
    wl,
    "#4c9a86",
  );
  s += land(
    [
      [930, wl],
      [1080, 248],
      [1280, 222],
      [1460, 232],
      [1610, 214],
    ],
    wl,
    "#2f7463",
  );
  s += norfolkPine(1240, 226, 150, "#235a4d") + norfolkPine(1330, 226, 120, "#235a4d");
  s += rect(0, wl - 12, W, 14, C.sand);
  s += waterline(W, H, wl, [
    [0, "#8ee8dc"],
    [0.3, "#35c4bb"],
    [0.75, "#14a0a3"],
    [1, "#0e7c86"],
  ]);
  s += godRays(r, W, wl, H, 9, 0.22);
  s += seabed(r, W, H, 880, "#f6ddb0", "#e2b877", "#c9975a");
  s += caustics(r, 0, W, 900, H - 20, 40, C.white, 0.4);
  s += seagrass(r, 40, 320, 930, 130, "#2f8f6f", 26) + seagrass(r, 1280, 1560, 925, 120, "#2f8f6f", 24);
  s += rock(r, 1440, 950, 260, 120, "#5f7f86", "#85a6a8") + rock(r, 150, 960, 220, 90, "#5f7f86", "#85a6a8");
  s += seaStar(700, 990, 0.9, C.orange, 20);
  // instructor (left, OK sign) and beginner (right)
  const d1: [number, number, number, number] = [520, 640, 1.15, -4];
  const d2: [number, number, number, number] = [1080, 680, 1.08, 4];
  s += diver(...d1, { arm: "ok", accent: C.teal, tank: "#f6bd60", fins: C.teal, kick: 0.2 });
  s += diver(...d2, {
    flip: true,
    suit: "#1d3557",
    accent: C.coral,
    tank: "#dfe7ec",
    fins: C.coral,
    arm: "ok",
    kick: 0.5,
  });
  s +=
    bubbleTrail(r, ...diverMouth(...d1), 300, 9, 1.1) +
    bubbleTrail(r, ...diverMouth(...d2, true), 330, 9, 1.1);
  s +=
    fish(820, 470, 48, C.gold, false, -6, { accent: C.white }) +
    fish(880, 450, 40, C.gold, false, -8, { accent: C.white });
  s += fish(260, 780, 44, "#7fd1e8", true, 4) + fish(1400, 560, 50, C.orange, true, 0, { accent: C.white });
  return s;
};

const guidedShoreDive: Draw = (W, H) => {
  const r = mulberry32(202);
  const wl = 360;
  let s = sky(W, 0, wl + 20, [
    [0, "#4fa9d6"],
    [1, "#cfeff0"],
  ]);
  s += puffCloud(1250, 120, 300, C.white, 0.9);
  s += land(
    [
      [700, wl],
      [900, 320],
      [1200, 310],
      [1610, 318],
    ],
    wl,
    "#6a8fa6",
    { opacity: 0.6 },
  );
  // sandstone rock shelf on the left, above and below water
  const shelf: P[] = [
    [-10, 262],
    [90, 246],
    [180, 256],
    [270, 238],
    [370, 250],
    [460, 262],
    [530, 292],
    [580, 330],
    [610, wl],
    [640, 480],
    [560, 640],
    [420, 760],
    [250, 850],
    [-10, 900],
  ];
  s += waterline(W, H, wl, [
    [0, "#57c7c0"],
    [0.4, "#0e7c86"],
    [1, "#0b2545"],
  ]);
  s += godRays(r, W, wl, H, 7, 0.16);
  const shelfD = `${smooth(shelf)}L-10,900Z`;
  const wlT = (wl - 238) / (900 - 238);
  s += shape(
    shelfD,
    linU(
      [
        [0, "#dca468"],
        [wlT - 0.005, "#b5793f"],
        [wlT + 0.005, "#3f6f6a"],
        [1, "#123c45"],
      ],
      0,
      238,
      0,
      900,
    ),
  );
  s += strata(r, `${smooth(shelf.slice(0, 9))}L-10,${wl}Z`, 0, 700, 270, wl, "#8a5028", 0.35);
  s += line(waveD(0, 640, wl, 8, 160, 0.25), C.white, 5, { opacity: 0.9 });
  // life on the submerged rock: sponges, urchins, a sea star
  s +=
    tubeSponge(380, 690, 0.9, C.orange, "#7a3f1f") +
    anemone(r, 200, 780, 1, C.pink, C.white) +
    seaStar(470, 560, 0.8, C.coral, 30);
  for (const [ux, uy] of [
    [120, 640],
    [300, 560],
    [520, 520],
  ] as P[])
    s +=
      circ(ux, uy, 12, "#2b1d3a") +
      line(
        `M${ux - 20},${uy}h40M${ux},${uy - 20}v40M${ux - 14},${uy - 14}l28,28M${ux + 14},${uy - 14}l-28,28`,
        "#2b1d3a",
        3,
      );
  // two divers on the ledge about to step in
  s += person(250, 240, 150, { pose: "fins", accent: C.teal, pack: "#dfe7ec" });
  s += person(380, 252, 146, { pose: "ok", suit: "#1d3557", accent: C.coral, pack: "#f6bd60" });
  // kelp forest on the right
  for (let i = 0; i < 9; i++)
    s += kelp(
      r,
      900 + i * 85 + rand(r, -20, 20),
      H + 10,
      rand(r, 380, 560),
      i % 2 ? "#7a6a2f" : "#8c7a34",
      i % 2 ? "#a8903c" : "#b89c45",
      40,
    );
  s += seabed(r, W, H, 990, "#3f6f6a", "#234b4f", "#8fc9be");
  s += rock(r, 780, 1000, 260, 110, "#2c5357", "#4c7a78");
  s += fishSchool(r, 820, 560, 180, 70, 22, 34, ["#ffd166", "#f4f1de"], {
    arc: [Math.PI * 0.9, Math.PI * 2.1],
    spread: 0.35,
  });
  const d: [number, number, number, number] = [640, 760, 0.9, -12];
  s += diver(...d, { tank: "#dfe7ec", accent: C.teal, fins: C.gold, arm: "reach" });
  s += bubbleTrail(r, ...diverMouth(...d), 260, 8, 0.9);
  s += fish(1200, 700, 70, C.orange, true, 0, { accent: C.white, tall: 1.2 });
  return s;
};

const diveTripShore: Draw = (W, H) => {
  const r = mulberry32(303);
  const hz = 290;
  let s = sky(W, 0, hz, [
    [0, "#5aaee0"],
    [1, "#e3f5f4"],
  ]);
  s += puffCloud(300, 150, 240, C.white, 0.9) + puffCloud(1150, 110, 320, C.white, 0.85);
  s += land(
    [
      [860, hz],
      [1060, 262],
      [1380, 252],
      [1610, 262],
    ],
    hz,
    "#86a9ba",
    { opacity: 0.75 },
  );
  s += rect(
    0,
    hz,
    W,
    H - hz,
    lin([
      [0, "#3fb0bd"],
      [0.45, "#13a3a3"],
      [1, "#0e7c86"],
    ]),
  );
  s += ripples(r, 1000, hz + 10, 700, 60, C.white, 0.35);
  // coastline receding to the horizon (land on the right) with two sandy coves
  const coast: P[] = [
    [380, 1090],
    [430, 1000],
    [520, 930],
    [700, 890],
    [880, 850],
    [960, 790],
    [900, 720],
    [740, 680],
    [600, 640],
    [640, 590],
    [800, 560],
    [930, 520],
    [920, 480],
    [830, 455],
    [820, 425],
    [980, 390],
    [1200, 352],
    [1420, 326],
    [1640, 314],
  ];
  const coastD = `${smooth(coast)}L1640,1090Z`;
  const depth = (y: number) => Math.max(0, (y - 300) / 790); // 0 at the horizon → 1 in the foreground
  const cove = (y: number) => Math.exp(-(((y - 800) / 70) ** 2)) + 0.7 * Math.exp(-(((y - 500) / 40) ** 2));
  const vegEdge: P[] = coast.map(([x, y]) => [
    x + (10 + 60 * depth(y)) * (1 + 1.6 * cove(y)),
    y - 6 * depth(y),
  ]);
  s += line(smooth(coast), "#8fe8d8", 110, { opacity: 0.45 }); // shallow turquoise fringe
  s += line(smooth(coast), C.white, 10, { opacity: 0.8 }); // surf line
  s += shape(coastD, "#c4864c"); // sandstone cliff faces
  s += strata(r, coastD, 300, W, 320, H, "#8a5028", 0.3);
  s += group(line(smooth(coast.slice(4, 8)), C.sand, 170) + line(smooth(coast.slice(10, 14)), C.sand, 90), {
    "clip-path": clip(coastD),
  });
  s += shape(
    `${smooth(vegEdge)}L1640,1090Z`,
    linU(
      [
        [0, "#6a9a62"],
        [1, "#2a6452"],
      ],
      0,
      320,
      0,
      H,
    ),
  );
  for (let i = 0; i < 60; i++) {
    const y = rand(r, 360, H);
    const k = 0.3 + depth(y);
    const x = rand(r, 1000 + (1 - depth(y)) * 100, W + 20);
    s += shape(
      `M${n(x - 36 * k)},${n(y)}C${n(x - 36 * k)},${n(y - 30 * k)} ${n(x + 36 * k)},${n(y - 30 * k)} ${n(x + 36 * k)},${n(y)}Z`,
      pick(r, ["#2f6a4e", "#28604a", "#3a7450"]),
    );
  }
  // rocks off the headland tips
  for (const [x, y, w] of [
    [470, 990, 90],
    [520, 1040, 60],
    [610, 634, 60],
    [820, 424, 40],
  ] as [number, number, number][])
    s +=
      rock(r, x, y, w, w * 0.4, "#5a4a4a", "#8a7060") +
      line(`M${x - w * 0.7},${y + 4}h${w * 1.4}`, C.white, 4, { opacity: 0.7 });
  // clifftop walking track linking the two coves
  s += line(
    "M1120,1090C1160,980 1060,900 1110,820C1160,740 980,690 960,620C940,560 1040,540 1030,470",
    "#ecd9b0",
    7,
    { "stroke-dasharray": "2 16" },
  );
  s +=
    gumTree(r, 1400, 1060, 380, "#1f4d44", "#e7dccb") +
    gumTree(r, 1250, 700, 200, "#24574a", "#e7dccb") +
    gumTree(r, 1500, 520, 120, "#2f6a52", "#e7dccb");
  s += norfolkPine(1100, 470, 90, "#2f6a52");
  // two dive sites, each marked by a flag float with a bubble patch
  s += flagBuoy(700, 820, 0.95) + flagBuoy(820, 520, 0.55);
  s += bubbles(r, 12, 600, 800, 110, 40, 6, 0.8) + bubbles(r, 8, 770, 512, 60, 18, 3, 0.8);
  // the group on the beaches
  s +=
    person(950, 846, 56, { accent: C.coral, pack: "#dfe7ec" }) +
    person(982, 854, 54, { accent: C.gold, pack: "#dfe7ec" });
  s += person(958, 502, 28, { accent: C.teal, pack: C.gold });
  // ocean swell and a passing cloud shadow for depth
  s += ripples(r, 700, 660, H, 30, C.white, 0.3);
  return s;
};

const nightDive: Draw = (W, H) => {
  const r = mulberry32(404);
  const wl = 250;
  let s = sky(W, 0, wl + 20, [
    [0, "#0c0a24"],
    [1, "#2c2360"],
  ]);
  s += stars(r, 90, 0, 0, W, wl - 20, 2);
  s += moon(1260, 110, 46, 0.4);
  s += waterline(
    W,
    H,
    wl,
    [
      [0, "#123d63"],
      [0.3, "#0a2544"],
      [1, "#030c1a"],
    ],
    6,
    180,
  );
  s += shape(
    `M1200,${wl}L1320,${wl}L1500,${H}L1000,${H}Z`,
    linU(
      [
        [0, "#cfe8ff", 0.18],
        [1, "#cfe8ff", 0],
      ],
      0,
      wl,
      0,
      H,
    ),
  );
  // reef silhouettes
  s += seabed(r, W, H, 930, "#0c2a3a", "#061826", "#1e5a6a");
  s += rock(r, 1150, 950, 420, 170, "#0b2233") + rock(r, 250, 960, 360, 120, "#0b2233");
  // torch beams: the reef comes alive in colour where the light falls
  const d: [number, number, number, number] = [320, 560, 1, 10];
  const d2: [number, number, number, number] = [1330, 420, 0.6, -4];
  const reef: P = [1100, 900];
  s += torchBeam(diverTorch(...d), reef, 11, 0.5);
  s += ell(
    reef[0],
    reef[1] + 10,
    260,
    120,
    radU(
      [
        [0, "#fff6d5", 0.35],
        [1, "#fff6d5", 0],
      ],
      reef[0],
      reef[1] + 10,
      260,
    ),
  );
  s +=
    branchCoral(r, 1060, 930, 60, -1.6, 4, C.coral, 12) +
    fanCoral(r, 1210, 940, 130, C.orange) +
    anemone(r, 960, 950, 1.1, C.pink, C.white);
  s += tubeSponge(1320, 960, 0.9, "#8e5ea2", "#3d2c6e");
  s += fish(1130, 790, 70, C.gold, true, 0, { accent: C.white });
  s += torchBeam(diverTorch(...d2, true), [960, 640], 10, 0.35);
  s += fish(980, 640, 56, "#f4845f", true, 0, { accent: C.white });
  s += diver(...d2, { flip: true, suit: "#24406a", tank: "#9aa8b6", arm: "torch", fins: "#24406a" });
  s += diver(...d, {
    suit: "#2a4a78",
    accent: C.aqua,
    tank: "#9aa8b6",
    fins: C.aqua,
    arm: "torch",
    glass: "#cfe8ff",
  });
  s +=
    bubbleTrail(r, ...diverMouth(...d), 280, 8, 1) + bubbleTrail(r, ...diverMouth(...d2, true), 150, 6, 0.6);
  // bioluminescent plankton
  for (let i = 0; i < 70; i++) {
    const x = rand(r, 0, W);
    const y = rand(r, wl + 40, H - 60);
    const rr = rand(r, 1.5, 4);
    s +=
      circ(
        x,
        y,
        rr * 4,
        radU(
          [
            [0, "#5ff5e6", 0.5],
            [1, "#5ff5e6", 0],
          ],
          x,
          y,
          rr * 4,
        ),
      ) + circ(x, y, rr, "#b8fff6");
  }
  return s;
};

const scooterDive: Draw = (W, H) => {
  const r = mulberry32(505);
  let s = underwater(W, 0, H, [
    [0, "#4cc9d8"],
    [0.4, "#1590b8"],
    [1, "#0b2545"],
  ]);
  s += waveBand(W, 40, 10, 200, 0.3, "#9ef0ee", 0, { opacity: 0.5 });
  s += godRays(r, W, 0, H, 10, 0.2);
  s += rock(r, 300, H + 20, 700, 200, "#0d3d5c") + rock(r, 1300, H + 20, 800, 260, "#0d3d5c");
  s += fanCoral(r, 1150, 930, 120, "#1f6f8b") + branchCoral(r, 420, 1000, 60, -1.5, 4, "#1f6f8b", 12);
  // speed lines
  let d = "";
  for (let i = 0; i < 16; i++) {
    const y = rand(r, 380, 720);
    const x = rand(r, 60, 520);
    d += `M${n(x)},${n(y)}h${n(rand(r, 120, 360))}`;
  }
  s += group(line(d, C.white, 5, { opacity: 0.45 }), { transform: "rotate(-8 800 540)" });
  const dx = 780;
  const dy = 560;
  const rot = -8;
  s += diver(dx, dy, 1.25, rot, {
    arm: "reach",
    accent: C.coral,
    tank: "#dfe7ec",
    fins: C.coral,
    kick: -0.1,
  });
  // the scooter (held in the diver's outstretched hands)
  const sc = at(
    dx,
    dy,
    1.25,
    ell(200, 34, 30, 30, "#2b2f36") +
      rect(200, 8, 150, 52, C.gold, { rx: 26 }) +
      shape("M330,8Q400,14 400,34Q400,54 330,60Z", "#f4b400") +
      rect(210, 14, 130, 10, C.white, { rx: 5, opacity: 0.4 }) +
      ell(196, 34, 10, 34, "#1b1f24") +
      line("M190,20l-30,-14M190,48l-30,14", "#8a96a3", 4) +
      circ(385, 34, 6, "#fff6d5"),
    rot,
  );
  s += sc;
  // prop wash bubbles behind the scooter
  for (let i = 0; i < 26; i++) {
    const t = i / 26;
    const [bx, by] = toScene(dx, dy, 1.25, rot, false, 150 - t * 700, 34 + rand(r, -40, 40) * t);
    s += bubble(bx, by, rand(r, 3, 10), 0.7 * (1 - t * 0.6));
  }
  s += bubbleTrail(r, ...diverMouth(dx, dy, 1.25, rot), 420, 10, 1.2);
  s += fishSchool(r, 1320, 300, 160, 90, 14, 40, [C.gold, "#f4f1de"], { arc: [-0.6, 1.2], spread: 0.3 });
  s +=
    fish(1380, 820, 60, C.orange, true, 10, { accent: C.white }) +
    fish(1460, 860, 50, C.orange, true, 14, { accent: C.white });
  return s;
};

const treasureHunt: Draw = (W, H) => {
  const r = mulberry32(606);
  let s = underwater(W, 0, H, [
    [0, "#3fc1c9"],
    [0.55, "#0e8a96"],
    [1, "#0b4f6c"],
  ]);
  s += godRays(r, W, 0, H, 9, 0.22);
  s += seabed(r, W, H, 700, "#f6ddb0", "#d9ab6b", "#b98a52");
  s += caustics(r, 0, W, 730, H, 36, C.white, 0.35);
  s += seagrass(r, 0, 260, 760, 170, "#2f8f6f", 30) + seagrass(r, 1360, 1600, 750, 160, "#2f8f6f", 26);
  s += rock(r, 1480, 770, 300, 170, "#4f6f77", "#6f9296");
  // anchor half-buried
  s += at(
    260,
    900,
    1,
    line("M0,-190V40M-40,-150H40M-90,0Q-80,70 0,70Q80,70 90,0", "#4a5560", 16) +
      circ(0, -210, 22, "none", { stroke: "#4a5560", "stroke-width": 12 }),
    -18,
  );
  // treasure chest, lid open, gold glow
  const cx = 820;
  const cy = 860;
  s += ell(
    cx,
    cy - 60,
    330,
    200,
    radU(
      [
        [0, C.gold, 0.55],
        [1, C.gold, 0],
      ],
      cx,
      cy - 60,
      330,
    ),
  );
  s += shape(
    `M${cx - 170},${cy - 120}L${cx - 150},${cy - 260}Q${cx},${cy - 310} ${cx + 150},${cy - 260}L${cx + 170},${cy - 120}Z`,
    "#7a4a28",
  );
  s += shape(`M${cx - 150},${cy - 250}Q${cx},${cy - 296} ${cx + 150},${cy - 250}`, "none", {
    stroke: "#c98f2e",
    "stroke-width": 14,
  });
  s += shape(
    `M${cx - 150},${cy - 120}Q${cx - 60},${cy - 190} ${cx},${cy - 150}Q${cx + 70},${cy - 200} ${cx + 150},${cy - 120}Z`,
    C.gold,
  );
  for (let i = 0; i < 12; i++)
    s += circ(cx + rand(r, -130, 130), cy - 130 - rand(r, 0, 40), rand(r, 9, 14), "#ffe08a", {
      stroke: "#d9a520",
      "stroke-width": 3,
    });
  s += rect(cx - 180, cy - 130, 360, 160, "#8a5530", { rx: 10 });
  s += rect(cx - 180, cy - 130, 360, 26, "#a06436", { rx: 8 });
  s += line(`M${cx - 120},${cy - 130}V${cy + 30}M${cx + 120},${cy - 130}V${cy + 30}`, "#c98f2e", 16);
  s += rect(cx - 24, cy - 100, 48, 56, "#c98f2e", { rx: 8 }) + circ(cx, cy - 78, 8, "#5a3a22");
  s += shape(
    `M${cx - 200},${cy + 20}Q${cx},${cy - 10} ${cx + 200},${cy + 20}L${cx + 240},${cy + 60}H${cx - 240}Z`,
    "#e2b877",
  );
  // brass compass
  const kx = 1240;
  const ky = 930;
  s += ell(kx, ky + 8, 78, 22, "#000", { opacity: 0.15 });
  s += ell(kx, ky, 74, 44, "#b8860b") + ell(kx, ky - 4, 60, 34, "#fdf3dc");
  s += shape(`M${kx},${ky - 34}L${kx + 8},${ky - 4}L${kx},${ky + 26}L${kx - 8},${ky - 4}Z`, C.coral);
  s += shape(`M${kx},${ky - 4}L${kx + 8},${ky - 4}L${kx},${ky + 26}Z`, C.navy);
  // message in a bottle (the next clue)
  s += at(
    480,
    1000,
    1,
    rect(-70, -22, 120, 44, "#7fc8a9", { rx: 20, opacity: 0.85 }) +
      rect(48, -12, 40, 24, "#7fc8a9", { rx: 6, opacity: 0.85 }) +
      rect(84, -10, 14, 20, "#8a5530", { rx: 3 }) +
      rect(-46, -14, 80, 28, "#f5e6c4", { rx: 6 }) +
      line("M-36,-4h56M-36,6h40", "#b98a52", 3),
    -12,
  );
  s += seaStar(1040, 1010, 0.8, C.coral, 10);
  // diver searching from above
  const d: [number, number, number, number] = [420, 380, 1, 16];
  s += diver(...d, { arm: "torch", accent: C.gold, tank: "#dfe7ec", fins: C.gold });
  s += bubbleTrail(r, ...diverMouth(...d), 330, 9, 1);
  s +=
    fish(1200, 300, 56, C.gold, true, 0, { accent: C.white }) +
    fish(1290, 340, 46, C.gold, true, 4, { accent: C.white });
  return s;
};

const campingDiving2Day: Draw = (W, H) => {
  const r = mulberry32(707);
  const hz = 560;
  let s = sky(W, 0, hz, [
    [0, "#2a1f4d"],
    [0.35, "#7b3f7a"],
    [0.65, "#e0605a"],
    [0.85, "#f7a440"],
    [1, "#ffd98a"],
  ]);
  s += sun(520, hz - 40, 90, "#fff1c9", "#ffb347", 560, 0.6);
  s += sunRays(520, hz - 40, 22, 900, "#ffe2a8", 0.12);
  s += streakClouds(r, 0, W, 170, 420, 9, "#f6a0a0", 0.5);
  s += land(
    [
      [-10, 520],
      [120, 500],
      [300, 530],
      [420, hz],
    ],
    hz,
    "#3d2a5c",
  );
  s += land(
    [
      [1100, hz],
      [1260, 480],
      [1420, 440],
      [1610, 436],
    ],
    hz,
    "#2d2150",
  );
  s += norfolkPine(1380, 446, 180, "#2d2150") + norfolkPine(1500, 440, 230, "#2d2150");
  s += rect(
    0,
    hz,
    W,
    260,
    lin([
      [0, "#f5a868"],
      [0.3, "#c0607a"],
      [1, "#3d3a78"],
    ]),
  );
  s += glitter(r, 520, hz + 4, 820, 20, 160, "#fff1c9", 60, 0.85);
  s += ripples(r, W, hz + 10, 820, 30, "#ffd6b0", 0.3);
  s += beach(W, H, 810, 10, r, "#f2c98f", "#d9996a");
  s += shoreFoam(W, 812, 8, 220, 0.2);
  // camp: tent, dive flag on a pole in the sand, gear
  s += ell(1100, 970, 320, 40, "#b5734e", { opacity: 0.35 });
  s += tent(1080, 960, 1.55, { body: C.teal, side: C.tealDark, door: "#0a4a52" });
  s += line("M1420,985V700", "#3a3a3a", 7) + alphaFlag(1423, 700, 120, 80);
  s += at(
    1340,
    985,
    1,
    rect(-14, -120, 28, 120, "#dfe7ec", { rx: 12 }) +
      rect(-6, -132, 12, 14, "#5a6470") +
      rect(22, -110, 28, 110, C.gold, { rx: 12 }),
    -6,
  );
  s += at(
    1500,
    990,
    1,
    shape("M0,0l40,-150l16,4l-26,150Z", C.coral) + shape("M26,4l30,-150l16,4l-18,148Z", shade(C.coral, -0.2)),
  );
  s +=
    person(760, 990, 190, { sil: "#3a2540", pose: "fins" }) +
    person(860, 990, 176, { sil: "#3a2540", pose: "wave", longHair: true });
  return s;
};

const campingDiving1Night: Draw = (W, H) => {
  const r = mulberry32(808);
  const hz = 520;
  let s = sky(W, 0, hz, [
    [0, "#0b0a22"],
    [0.6, "#1d1a4a"],
    [1, "#3a2f6e"],
  ]);
  s += stars(r, 220, 0, 0, W, hz - 40, 2.4);
  s += twinkle(300, 120, 14) + twinkle(1120, 70, 12) + twinkle(760, 200, 10);
  s += moon(1340, 150, 52, 0.35);
  s += land(
    [
      [-10, 480],
      [200, 450],
      [420, 470],
      [560, hz],
    ],
    hz,
    "#15123a",
  );
  s += rect(
    0,
    hz,
    W,
    380,
    lin([
      [0, "#2a2a62"],
      [1, "#0b1634"],
    ]),
  );
  s += glitter(r, 1340, hz + 4, 860, 16, 120, "#fdf6e3", 50, 0.7);
  s += stars(r, 40, 0, hz + 10, W, 300, 1.2, "#cdd6ff");
  s += beach(W, H, 860, 8, r, "#4a3f6b", "#2a2346");
  s += shoreFoam(W, 862, 6, 240, 0.6);
  s += tent(560, 980, 1.6, { body: "#e9a05a", side: "#b56d3a", glow: true });
  s += campfire(r, 980, 1010, 0.95);
  s += sitter(1180, 1010, 190, { sil: "#1c1633" }) + sitter(1260, 1010, 180, { sil: "#1c1633" });
  s += at(
    300,
    1010,
    1,
    rect(-14, -120, 28, 120, "#6b6f8a", { rx: 12 }) + rect(22, -110, 28, 110, "#6b6f8a", { rx: 12 }),
    -6,
  );
  return s;
};

const campingOnly2Day: Draw = (W, H) => {
  const r = mulberry32(909);
  const hz = 470;
  let s = sky(W, 0, hz + 40, [
    [0, "#0f0c2a"],
    [0.5, "#2e2463"],
    [0.85, "#7b4b94"],
    [1, "#e0906a"],
  ]);
  s += stars(r, 180, 0, 0, W, hz - 60, 2.2);
  s += twinkle(1180, 110, 13) + twinkle(420, 80, 10);
  s += rect(
    0,
    hz,
    W,
    120,
    lin([
      [0, "#b06a7a"],
      [1, "#3f3370"],
    ]),
  );
  // headland rising toward the right; bushland in front
  const head: P[] = [
    [-10, 640],
    [300, 600],
    [620, 560],
    [900, 520],
    [1150, 500],
    [1400, 505],
    [1610, 520],
  ];
  s += land(
    [
      [900, hz + 10],
      [1200, 420],
      [1420, 400],
      [1610, 406],
    ],
    hz + 40,
    "#2d2456",
  );
  s += land(
    head,
    H,
    lin([
      [0, "#3b5a48"],
      [1, "#1c3028"],
    ]),
  );
  s += heath(r, -10, 1610, 690, 40, "#2b4a3c");
  // winding hiking trail toward the campsite
  s += shape(
    "M520,1080C640,960 460,880 760,800C900,760 980,700 1040,600L1066,604C1020,720 960,790 820,840C560,930 760,1000 700,1080Z",
    "#d9b98a",
  );
  s += line("M640,1000C680,960 640,930 720,880", "#c4a273", 4, { "stroke-dasharray": "2 24" });
  // campsite on the headland
  s += tent(1080, 590, 1, { body: C.coral, glow: true });
  s += tent(1300, 580, 0.8, { body: C.teal, side: C.tealDark });
  s += campfire(r, 1200, 610, 0.4);
  s +=
    gumTree(r, 160, 1000, 620, "#17302a", "#d9cdb8") +
    gumTree(r, 1480, 1060, 560, "#17302a", "#d9cdb8") +
    gumTree(r, 340, 780, 300, "#203a33", "#cfc2ad");
  s += heath(r, -10, 1610, 1040, 60, "#142821");
  return s;
};

// ───────────────────────────── scenes: gallery ─────────────────────────────

const g01ReefSchool: Draw = (W, H) => {
  const r = mulberry32(1001);
  let s = underwater(W, 0, H, [
    [0, "#48c6d4"],
    [0.5, "#138aa8"],
    [1, "#0b2f55"],
  ]);
  s += godRays(r, W, 0, H, 10, 0.2);
  // yellowtail bait ball: silver bodies, yellow fins, swirling in two rings
  const yt = { fin: C.gold, accent: "#ffe29a" };
  s += group(
    fishSchool(r, 1150, 250, 260, 90, 40, 22, ["#b9cfdc"], {
      eye: false,
      arc: [0, Math.PI * 1.4],
      spread: 0.2,
    }),
    { opacity: 0.5 },
  );
  s += fishSchool(r, 760, 460, 460, 210, 110, 40, ["#e3eef4", "#cddde7"], {
    ...yt,
    arc: [-0.5, Math.PI * 1.45],
    spread: 0.14,
  });
  s += fishSchool(r, 760, 460, 320, 130, 60, 34, ["#e3eef4", "#cddde7"], {
    ...yt,
    arc: [0.2, Math.PI * 1.6],
    spread: 0.12,
  });
  s += fish(1320, 720, 90, "#3a6ea5", true, 4, { accent: "#8fd3f0", tall: 1.1 });
  s += seabed(r, W, H, 900, "#1c6b7a", "#0f4457", "#6fc6c4");
  s +=
    brainCoral(300, 930, 150, 110, "#e07a5f", "#7a2f2f") +
    brainCoral(1250, 940, 180, 120, "#8e5ea2", "#3d2c6e");
  s +=
    branchCoral(r, 560, 950, 70, -1.55, 5, C.coral, 14) +
    fanCoral(r, 980, 950, 170, C.orange) +
    tubeSponge(120, 960, 1.2, "#f4a261", "#7a3f1f");
  s +=
    anemone(r, 770, 980, 1.2, C.pink, C.white) +
    branchCoral(r, 1480, 960, 60, -1.7, 4, "#5fd3c6", 12) +
    seaStar(440, 1020, 0.8, C.gold, 12);
  return s;
};

const g02KelpDiver: Draw = (W, H) => {
  const r = mulberry32(1002);
  let s = underwater(W, 0, H, [
    [0, "#6cc9b3"],
    [0.45, "#1f8a82"],
    [1, "#0c3b3f"],
  ]);
  s += godRays(r, W, 0, H, 11, 0.24, "#fffbe0");
  for (let i = 0; i < 8; i++)
    s += kelp(r, 80 + i * 210 + rand(r, -40, 40), H + 20, rand(r, 520, 700), "#5f6b2a", "#7d8a36", 50);
  const d: [number, number, number, number] = [760, 300, 1.15, -6];
  s += diver(...d, { tank: "#dfe7ec", accent: C.gold, fins: C.gold, kick: 0.5 });
  s += bubbleTrail(r, ...diverMouth(...d), 260, 7, 1.1);
  for (let i = 0; i < 11; i++)
    s += kelp(r, rand(r, -20, W + 20), H + 40, rand(r, 650, 900), "#8c7a34", "#b89c45", 60);
  s += rect(
    0,
    H - 180,
    W,
    180,
    lin([
      [0, "#0c3b3f", 0],
      [1, "#0c3b3f", 0.8],
    ]),
  );
  s +=
    fish(340, 560, 60, C.orange, false, -4, { accent: C.white }) +
    fish(1300, 480, 70, "#5f8aa8", true, 6, { accent: "#cde3ef" });
  return s;
};

const g03GreyNurse: Draw = (W, H) => {
  const r = mulberry32(1003);
  let s = underwater(W, 0, H, [
    [0, "#2e86b5"],
    [0.5, "#13497a"],
    [1, "#081c36"],
  ]);
  s += godRays(r, W, 0, H, 8, 0.14);
  s += rock(r, 200, H + 40, 800, 360, "#0c2a44") + rock(r, 1400, H + 40, 900, 420, "#0c2a44");
  s += fishSchool(r, 1220, 220, 280, 100, 30, 26, ["#b8cfe0", "#e4eef5"], {
    arc: [-0.4, 2.8],
    spread: 0.4,
    eye: false,
  });
  s += at(800, 560, 1.15, greyNurse(), -4);
  s += bubbles(r, 14, 100, 100, 300, 500, 8, 0.4);
  s +=
    fish(320, 800, 50, C.gold, false, 0, { accent: C.white }) +
    fish(380, 840, 42, C.gold, false, 0, { accent: C.white });
  return s;
};

const g04TentDusk: Draw = (W, H) => {
  const r = mulberry32(1004);
  const hz = 580;
  let s = sky(W, 0, hz, [
    [0, "#1e1848"],
    [0.45, "#5b3f8c"],
    [0.8, "#d9778a"],
    [1, "#f7b98a"],
  ]);
  s += stars(r, 70, 0, 0, W, 300, 1.8);
  s += twinkle(1280, 90, 12);
  s += streakClouds(r, 200, 1400, 330, 470, 6, "#f2a0b0", 0.5);
  s += land(
    [
      [1000, hz],
      [1180, 520],
      [1400, 500],
      [1610, 505],
    ],
    hz,
    "#34285e",
  );
  s += rect(
    0,
    hz,
    W,
    300,
    lin([
      [0, "#e7a0a0"],
      [0.4, "#7b5a9a"],
      [1, "#3a3270"],
    ]),
  );
  s += ripples(r, W, hz + 8, 860, 30, "#ffd6e0", 0.35);
  s += beach(W, H, 850, 10, r, "#e9c39a", "#b98a7a");
  s += shoreFoam(W, 852, 7, 260, 0.4);
  s += tent(760, 990, 1.9, { body: "#f4845f", glow: true });
  s += norfolkPine(1420, 870, 330, "#2a2150");
  s += at(
    1080,
    1000,
    1,
    rect(-30, -60, 60, 60, "#6b4a3a", { rx: 6 }) + rect(-30, -60, 60, 12, "#8a6a4a", { rx: 6 }),
  );
  s += at(
    1140,
    985,
    0.5,
    rect(-16, -40, 32, 40, "#2b2f36", { rx: 4 }) +
      circ(0, -20, 12, C.gold) +
      circ(
        0,
        -20,
        60,
        radU(
          [
            [0, C.gold, 0.5],
            [1, C.gold, 0],
          ],
          0,
          -20,
          60,
        ),
      ),
  );
  return s;
};

const g05Campfire: Draw = (W, H) => {
  const r = mulberry32(1005);
  let s = sky(W, 0, H, [
    [0, "#0b0a1f"],
    [0.6, "#1c1636"],
    [1, "#2b1d2e"],
  ]);
  s += stars(r, 120, 0, 0, W, 500, 2);
  s += gumTree(r, 180, 880, 900, "#0c0b18", "#0c0b18") + gumTree(r, 1460, 900, 820, "#0c0b18", "#0c0b18");
  s += land(
    [
      [-10, 820],
      [400, 800],
      [800, 815],
      [1200, 795],
      [1610, 810],
    ],
    H,
    "#2a1c22",
  );
  s += ell(
    800,
    900,
    700,
    240,
    radU(
      [
        [0, "#ff9f43", 0.45],
        [1, "#ff9f43", 0],
      ],
      800,
      900,
      700,
    ),
  );
  // tripod of sticks with a billy can hanging over the flames
  s += line("M560,990L800,480L1040,990M800,480L780,1000", "#4a3020", 14);
  s += line("M800,480V600", "#3a3a3a", 4);
  s +=
    shape("M742,610h116l-10,120q-48,16 -96,0Z", "#9aa7b4") +
    rect(738, 600, 124, 16, "#c2ccd6", { rx: 6 }) +
    shape("M750,604Q800,540 850,604", "none", { stroke: "#5b6670", "stroke-width": 5 });
  s += rect(760, 630, 12, 80, C.white, { opacity: 0.35, rx: 6 });
  s += line("M780,590q-20,-40 0,-80t0,-80M818,590q-20,-40 0,-80t0,-80", C.white, 6, { opacity: 0.22 });
  s += campfire(r, 800, 960, 1.55, false);
  s += at(
    1150,
    980,
    1,
    rect(-40, -52, 80, 52, "#2b2a35", { rx: 10 }) + rect(-46, -60, 92, 12, "#3b3a48", { rx: 6 }),
    0,
  );
  s += at(
    1240,
    990,
    1,
    shape("M0,0h60l-6,-70h-48Z", "#e63946") + line("M60,-52q26,4 22,30", "#e63946", 6),
    0,
  );
  return s;
};

const g06GearFlatLay: Draw = (W, H) => {
  const r = mulberry32(1006);
  // weathered deck boards, top-down
  let s = rect(0, 0, W, H, "#2a6f7a");
  for (let i = 0; i < 8; i++)
    s +=
      rect(0, i * 136, W, 130, i % 2 ? "#2f7a86" : "#2c7480") +
      line(`M${n(rand(r, 0, W))},${i * 136 + 40}h${n(rand(r, 100, 300))}`, "#256873", 3);
  const shadow = (d: string) => shape(d, "#0b2545", { opacity: 0.25, transform: "translate(12,14)" });
  // towel
  s += at(
    1240,
    560,
    1,
    shadow("M-240,-360h480v720h-480Z") +
      rect(-240, -360, 480, 720, C.sand, { rx: 8 }) +
      line("M-240,-300h480M-240,-280h480M-240,300h480M-240,280h480", C.coral, 10),
    8,
  );
  // tank lying diagonally
  s += at(
    560,
    430,
    1,
    shadow("M-360,-70h700a70,70 0 0 1 0,140h-700a70,70 0 0 1 0,-140Z") +
      rect(396, -26, 44, 52, "#c2ccd6") +
      rect(
        430,
        -46,
        76,
        92,
        lin([
          [0, "#e3e8ee"],
          [1, "#8a96a3"],
        ]),
        { rx: 12 },
      ) +
      ell(520, 0, 16, 44, "#1b1f24") +
      rect(
        -420,
        -70,
        830,
        140,
        lin([
          [0, "#ffe6ad"],
          [0.35, "#f6bd60"],
          [1, "#c98f2e"],
        ]),
        { rx: 70 },
      ) +
      rect(-440, -76, 130, 152, "#1b1f24", { rx: 36 }) +
      rect(-60, -70, 40, 140, C.navy) +
      rect(40, -70, 12, 140, C.navy),
    -14,
  );
  // fins pair
  const finTop = (x: number, y: number, rot: number) =>
    at(
      x,
      y,
      1,
      shadow("M-70,0C-90,-160 -120,-300 -110,-420H110C120,-300 90,-160 70,0Q0,40 -70,0Z") +
        shape("M-70,0C-90,-160 -120,-300 -110,-420H110C120,-300 90,-160 70,0Q0,40 -70,0Z", C.coral) +
        shape("M-60,-20Q0,-80 60,-20Q60,60 0,70Q-60,60 -60,-20Z", "#1b1f24") +
        line("M-60,-150L-80,-400M60,-150L80,-400", shade(C.coral, -0.25), 10),
      rot,
    );
  s += finTop(380, 1000, -8) + finTop(620, 1010, 6);
  // mask and snorkel
  s += gearMask(1180, 320, 2, 8);
  s += at(
    1260,
    760,
    1,
    line("M0,-200V120Q0,170 50,170H80", C.gold, 26) + rect(60, 150, 40, 40, "#1b1f24", { rx: 10 }),
    20,
  );
  // dive computer
  s += at(
    950,
    760,
    1,
    rect(-90, -14, 180, 28, "#1b1f24", { rx: 14 }) +
      circ(0, 0, 62, "#1b1f24") +
      circ(0, 0, 48, "#9fe3ff") +
      line("M-20,-10h40M-20,10h26", C.navy, 7),
    12,
  );
  return s;
};

const g07BcdRegulator: Draw = (W, H) => {
  const r = mulberry32(1007);
  let s = rect(
    0,
    0,
    W,
    H,
    lin(
      [
        [0, "#13a3a3"],
        [1, "#0b5563"],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  for (let i = 0; i < 9; i++)
    s += circ(rand(r, 0, W), rand(r, 0, H), rand(r, 40, 120), C.white, { opacity: n(rand(r, 0.04, 0.1)) });
  // BCD vest, front view
  const bx = 600;
  const by = 140;
  s += at(
    bx,
    by,
    1,
    shape(
      "M-230,60Q-240,0 -170,-10L-90,-20Q-60,120 0,150Q60,120 90,-20L170,-10Q240,0 230,60L250,620Q240,700 150,710H-150Q-240,700 -250,620Z",
      C.navy,
    ) +
      shape("M-230,60Q-240,0 -170,-10L-120,-16L-110,700H-150Q-240,700 -250,620Z", "#13315c") +
      shape("M-200,300h150v220q0,40 -40,40h-70q-40,0 -40,-40Z", C.teal) +
      shape("M200,300h-150v220q0,40 40,40h70q40,0 40,-40Z", C.teal) +
      line("M-200,360h150M50,360h150", C.tealDark, 6) +
      rect(-250, 600, 500, 56, "#1b1f24", { rx: 10 }) +
      rect(-40, 594, 80, 68, "#8a96a3", { rx: 10 }) +
      line("M-150,-6V290M150,-6V290", "#1b1f24", 22) +
      rect(-170, 180, 40, 24, "#8a96a3", { rx: 5 }) +
      rect(130, 180, 40, 24, "#8a96a3", { rx: 5 }) +
      circ(-170, 120, 16, "#e0e6ea") +
      circ(170, 120, 16, "#e0e6ea"),
  );
  // inflator hose over the shoulder
  s +=
    line(
      `M${bx - 160},${by - 4}C${bx - 300},${by + 80} ${bx - 320},${by + 300} ${bx - 300},${by + 380}`,
      "#1b1f24",
      20,
    ) +
    rect(bx - 330, by + 370, 60, 110, "#3a3f46", { rx: 14 }) +
    rect(bx - 325, by + 390, 50, 24, C.gold, { rx: 6 });
  // regulator second stage + yellow octopus on hoses
  s += line(
    `M${bx + 160},${by - 4}C${bx + 380},${by + 40} ${bx + 440},${by + 300} ${bx + 470},${by + 480}`,
    "#1b1f24",
    18,
  );
  s += at(
    bx + 520,
    by + 560,
    1,
    circ(0, 0, 110, "#1b1f24") +
      circ(0, 0, 80, "#3a3f46") +
      line("M-50,-20h100M-50,10h100M-50,40h100", "#1b1f24", 10) +
      rect(-40, -170, 80, 70, "#1b1f24", { rx: 16 }) +
      circ(0, -8, 18, "#8a96a3"),
  );
  s += line(
    `M${bx + 150},${by + 20}C${bx + 500},${by + 60} ${bx + 720},${by + 160} ${bx + 770},${by + 310}`,
    C.gold,
    16,
  );
  s += at(
    bx + 800,
    by + 380,
    0.7,
    circ(0, 0, 110, C.gold) +
      circ(0, 0, 80, "#f4b400") +
      line("M-50,-20h100M-50,10h100", "#c98f00", 10) +
      rect(-40, -170, 80, 70, C.gold, { rx: 16 }),
  );
  // gauge console
  s += line(
    `M${bx + 220},${by + 700}C${bx + 420},${by + 760} ${bx + 600},${by + 720} ${bx + 700},${by + 800}`,
    "#1b1f24",
    16,
  );
  s += at(
    bx + 760,
    by + 830,
    1,
    circ(0, 0, 90, "#1b1f24") +
      circ(0, 0, 72, "#f1f5f9") +
      shape("M0,0L50,-36L8,8Z", C.coral) +
      shape("M-72,0A72,72 0 0 1 -36,-62L0,0Z", "#9fe3b5", { opacity: 0.6 }) +
      circ(0, 0, 8, "#1b1f24"),
  );
  return s;
};

const g08GroupOk: Draw = (W, H) => {
  const r = mulberry32(1008);
  const wl = 470;
  let s = sky(W, 0, wl + 20, [
    [0, "#4aa3d8"],
    [1, "#cdeef2"],
  ]);
  s += puffCloud(260, 140, 300, C.white, 0.9) + puffCloud(1300, 100, 260, C.white, 0.8);
  s +=
    land(
      [
        [-10, 420],
        [200, 380],
        [480, 400],
        [700, wl],
      ],
      wl,
      "#5f9a8a",
    ) + norfolkPine(300, 392, 110, "#3f7a6a");
  s += waterline(
    W,
    H,
    wl,
    [
      [0, "#5fd3c6"],
      [0.4, "#13a3a3"],
      [1, "#0b3b5c"],
    ],
    7,
    200,
  );
  s += godRays(r, W, wl, H, 6, 0.15);
  // four students + instructor bobbing at the surface, bodies visible below
  const divers: [number, number, number, string, string, boolean][] = [
    [270, 4, 0.95, "#1d3557", C.coral, false],
    [530, 12, 1, C.navy, C.gold, false],
    [800, 6, 1.08, C.navy, C.teal, true],
    [1070, 14, 1, "#1d3557", C.orange, false],
    [1330, 2, 0.93, C.navy, "#8e5ea2", false],
  ];
  for (const [i, [x, dy, k, suit, acc, instructor]] of divers.entries()) {
    const y = wl + dy;
    // submerged body, softened by the water: treading arms, kicking legs, fins
    const legA = i % 2 ? 1 : -1;
    const body =
      line("M-44,20Q-110,66 -100,128M44,20Q110,66 100,128", suit, 22) +
      shape("M-46,10Q0,-6 46,10L38,230Q0,242 -38,230Z", suit) +
      rect(-46, 30, 92, 74, acc, { rx: 20, opacity: 0.8 }) +
      line(`M-18,226L-36,318L${-46 - 12 * legA},396M18,226L36,314L${46 - 12 * legA},384`, suit, 28) +
      at(-46 - 12 * legA, 396, 1, shape("M-20,0l-10,86l46,0l-2,-86Z", acc), 10) +
      at(46 - 12 * legA, 384, 1, shape("M-20,0l-10,86l46,0l-2,-86Z", acc), -10);
    s += group(at(x, y, k, body), { opacity: 0.5 });
    s += surfacedDiver(x, y, k, {
      suit,
      accent: acc,
      ok: instructor,
      snorkel: !instructor,
      skin: pick(r, [C.skin, C.skinLight, C.skinDark]),
    });
  }
  s +=
    fish(200, 900, 50, C.gold, false, 0, { accent: C.white }) +
    fish(1420, 860, 56, C.gold, true, 0, { accent: C.white });
  return s;
};

const g09BeachGroup: Draw = (W, H) => {
  const r = mulberry32(1009);
  const hz = 520;
  let s = sky(W, 0, hz, [
    [0, "#3b5ba5"],
    [0.5, "#c46b8a"],
    [0.85, "#f7a440"],
    [1, "#ffd98a"],
  ]);
  s += sun(1200, hz - 60, 70, "#fff1c9", "#ffb347", 480, 0.55);
  s += streakClouds(r, 0, W, 160, 380, 8, "#ffc3a0", 0.45);
  s += land(
    [
      [-10, 450],
      [260, 420],
      [520, 470],
      [640, hz],
    ],
    hz,
    "#4a3566",
  );
  s += rect(
    0,
    hz,
    W,
    280,
    lin([
      [0, "#f2b37a"],
      [0.4, "#b86c86"],
      [1, "#3d4a88"],
    ]),
  );
  s += glitter(r, 1200, hz + 4, 780, 20, 140, "#fff1c9", 50, 0.8);
  s += beach(W, H, 770, 10, r, "#f2c98f", "#c98f6a");
  s += shoreFoam(W, 772, 8, 240, 0.1);
  // gear on the sand
  for (let i = 0; i < 4; i++)
    s += at(
      300 + i * 50,
      1000,
      1,
      rect(-14, -110, 28, 110, i % 2 ? "#dfe7ec" : C.gold, { rx: 12 }) + rect(-6, -122, 12, 14, "#5a6470"),
      -4 + i * 3,
    );
  // the group after the dive
  const sil = "#2f2440";
  s += person(620, 1010, 230, { sil, pose: "fins" });
  s += person(760, 1000, 214, { sil, pose: "wave", longHair: true });
  s += person(900, 1014, 236, { sil, pose: "ok" });
  s += person(1040, 1004, 206, { sil, pose: "stand", longHair: true });
  s += person(1180, 1010, 224, { sil, pose: "point" });
  s += ell(900, 1016, 360, 16, "#7a4a4a", { opacity: 0.3 });
  return s;
};

const g10Snorkeller: Draw = (W, H) => {
  const r = mulberry32(1010);
  const wl = 330;
  let s = sky(W, 0, wl + 20, [
    [0, "#63b8e6"],
    [1, "#e4f6f4"],
  ]);
  s += puffCloud(1100, 120, 280, C.white, 0.9);
  s += land(
    [
      [-10, 250],
      [260, 230],
      [520, 280],
      [620, wl],
    ],
    wl,
    "#c48a52",
  );
  s += strata(
    r,
    landD(
      [
        [-10, 250],
        [260, 230],
        [520, 280],
        [620, wl],
      ],
      wl,
    ),
    0,
    620,
    240,
    wl,
    "#8a5a30",
    0.35,
  );
  s += waterline(
    W,
    H,
    wl,
    [
      [0, "#9befe2"],
      [0.5, "#38c1bb"],
      [1, "#12808c"],
    ],
    5,
    140,
  );
  s += godRays(r, W, wl, H, 8, 0.2);
  // rock pool floor with rocks, urchins, anemones, star
  s += seabed(r, W, H, 860, "#c9b48a", "#a78b60", "#8a7048");
  s += rock(r, 120, 900, 320, 300, "#8b6b4a", "#b08a60") + rock(r, 1500, 900, 340, 340, "#8b6b4a", "#b08a60");
  s += rock(r, 760, 960, 300, 110, "#7a5d40", "#9e7c58");
  s += anemone(r, 600, 960, 1, C.coral, C.pink) + anemone(r, 1000, 980, 0.9, "#2a9d8f", C.foam);
  s += seaStar(860, 1010, 0.9, C.orange, 18) + seaStar(340, 1000, 0.7, "#8e5ea2", -10);
  s += seagrass(r, 1100, 1300, 980, 120, "#3c8d5a", 20);
  s += fish(520, 700, 50, C.gold, false, 6, { accent: C.white }) + fish(1140, 760, 44, "#5fd3c6", true, 0);
  s += fish(1220, 660, 38, "#5fd3c6", true, -4);
  // snorkeller floating face-down on the surface
  const sx = 760;
  const sy = wl + 22;
  s += at(
    sx,
    sy,
    1.25,
    line("M-160,4L-250,-2", "#1d3557", 22) +
      line("M-160,12L-240,22", "#1d3557", 20) +
      shape("M-250,-6l-80,-18l-6,22l84,8Z", C.coral) +
      shape("M-240,18l-80,6l4,22l80,-18Z", C.coral) +
      shape(
        smooth(
          [
            [-170, -4],
            [-60, -18],
            [60, -18],
            [100, -6],
            [100, 14],
            [-60, 22],
            [-170, 16],
          ],
          true,
        ),
        "#1d3557",
      ) +
      rect(-60, -18, 80, 16, C.coral, { rx: 6 }) +
      line("M80,10L130,40L160,60", "#1d3557", 14) +
      line("M60,-6L110,-40L170,-50", "#1d3557", 14) +
      circ(128, 0, 24, C.skin) +
      shape("M104,-8Q128,-40 152,-8Z", "#2b1d16") +
      rect(130, 8, 28, 16, "#9fe3ff", { rx: 5, stroke: "#1b1f24", "stroke-width": 4 }) +
      line("M118,-8V-70", C.gold, 8),
  );
  return s;
};

const g11Kayak: Draw = (W, H) => {
  const r = mulberry32(1011);
  const hz = 520;
  const base = 770; // waterline at the foot of the cliffs
  let s = sky(W, 0, hz, [
    [0, "#86c5e8"],
    [0.7, "#f3d9c0"],
    [1, "#f9e4c8"],
  ]);
  s += sun(380, 220, 60, "#fff8e6", "#ffe0a8", 300, 0.45);
  s += puffCloud(980, 150, 260, C.white, 0.8);
  s += land(
    [
      [-10, 480],
      [300, 460],
      [600, 490],
      [760, hz],
    ],
    hz,
    "#9bb3c4",
  );
  s += rect(
    0,
    hz,
    W,
    H - hz,
    lin([
      [0, "#7fd3d6"],
      [0.3, "#2fb3ad"],
      [1, "#0e5f78"],
    ]),
  );
  // tall sandstone headland with a sea cave
  const cliffPts: P[] = [
    [690, base],
    [720, 520],
    [780, 330],
    [880, 250],
    [1100, 228],
    [1400, 234],
    [1610, 238],
  ];
  const cliffD = `${smooth(cliffPts)}L1610,${base}Z`;
  s += shape(
    cliffD,
    lin([
      [0, "#dca468"],
      [1, "#a86a3c"],
    ]),
  );
  s += shape("M690,770L720,520L780,330L880,250L900,250L840,420L800,770Z", "#b97a45", { opacity: 0.6 });
  s += strata(r, cliffD, 690, 1610, 270, base, "#8a5028", 0.3);
  s += heath(r, 860, 1610, 244, 24, "#5c7f4a");
  s += shape(`M1150,${base}Q1150,600 1255,590Q1360,600 1360,${base}Z`, "#3a2418");
  // reflection of the cliff and foam along its foot
  s += rect(
    690,
    base,
    920,
    160,
    lin([
      [0, "#a86a3c", 0.45],
      [1, "#a86a3c", 0],
    ]),
  );
  s += line(waveD(690, W, base, 4, 90, 0), C.white, 5, { opacity: 0.85 });
  s += ripples(r, W, hz + 10, H, 60, C.white, 0.35);
  s += kayak(1020, 720, 1.1, C.gold, C.navy, 14);
  s += kayak(560, 880, 1.9, C.coral, C.navy, -18);
  s += line("M260,905q150,-12 300,0M320,930q130,-8 260,0", C.white, 4, { opacity: 0.6 });
  return s;
};

const g12Surfacing: Draw = (W, H) => {
  const r = mulberry32(1012);
  const hz = 500;
  let s = sky(W, 0, hz, [
    [0, "#3a2a6e"],
    [0.45, "#b0507a"],
    [0.8, "#f4845f"],
    [1, "#ffc46b"],
  ]);
  s += sun(360, hz - 20, 80, "#fff1c9", "#ffb347", 520, 0.6);
  s += sunRays(360, hz - 20, 20, 800, "#ffe2a8", 0.1);
  s += streakClouds(r, 0, W, 150, 380, 8, "#ffb0a0", 0.45);
  s += rect(
    0,
    hz,
    W,
    H - hz,
    lin([
      [0, "#f7a86a"],
      [0.25, "#a0507a"],
      [1, "#2a2a6a"],
    ]),
  );
  s += glitter(r, 360, hz + 4, 900, 20, 200, "#fff1c9", 70, 0.85);
  s += ripples(r, W, hz + 10, H, 40, "#ffd0b0", 0.3);
  // shore with tent on the right
  s += land(
    [
      [900, 700],
      [1100, 640],
      [1300, 610],
      [1610, 600],
    ],
    H,
    "#e7b77e",
  );
  s += line(
    smooth([
      [900, 700],
      [1100, 640],
      [1300, 610],
      [1610, 600],
    ]),
    C.white,
    6,
    { opacity: 0.8 },
  );
  s += shape(`M900,700C1000,760 1200,800 1610,820V${H}H900Z`, "#d79a66", { opacity: 0.6 });
  s += tent(1330, 760, 1.3, { body: C.teal, side: C.tealDark, glow: true });
  s += norfolkPine(1520, 700, 360, "#3a2450");
  s += campfire(r, 1120, 790, 0.45);
  // diver surfacing: head + shoulders, OK sign
  const x = 620;
  const y = 780;
  s += line(`M${x - 220},${y + 34}q55,-10 110,0t110,0t110,0t110,0`, C.white, 4, { opacity: 0.5 });
  s += surfacedDiver(x, y, 1.6, {
    suit: "#2a1f4d",
    accent: C.coral,
    glass: "#ffc98f",
    ok: true,
    skin: "#b5735a",
  });
  s += bubbles(r, 12, x - 140, y - 20, 280, 40, 7, 0.7);
  return s;
};

const g13SeaDragon: Draw = (W, H) => {
  const r = mulberry32(1013);
  let s = underwater(W, 0, H, [
    [0, "#3a9fb0"],
    [0.5, "#1f5f88"],
    [1, "#1a2a55"],
  ]);
  s += godRays(r, W, 0, H, 8, 0.16);
  for (let i = 0; i < 6; i++)
    s += kelp(r, 80 + i * 300 + rand(r, -60, 60), H + 20, rand(r, 380, 620), "#3a5a3a", "#4c7040", 40);
  s += seabed(r, W, H, 930, "#2c4f62", "#1c3148", "#7fa9b8");
  s += seagrass(r, 0, W, 960, 180, "#3c7a5a", 90, 0.9);
  s += at(820, 520, 1.8, seaDragon(r), -6);
  s += bubbles(r, 10, 1100, 100, 300, 300, 8, 0.5);
  s += fish(260, 320, 40, C.gold, false, 0) + fish(310, 350, 34, C.gold, false, 0);
  return s;
};

const g14MilkyWay: Draw = (W, H) => {
  const r = mulberry32(1014);
  const hz = 760;
  let s = sky(W, 0, hz + 20, [
    [0, "#07061a"],
    [0.55, "#17133f"],
    [0.9, "#3b2b6a"],
    [1, "#6b4a7a"],
  ]);
  // galactic band: soft glow, dense star field and dark dust lane
  s += group(
    ell(
      0,
      0,
      1000,
      190,
      rad([
        [0, "#e8d9ff", 0.5],
        [0.4, "#b89ae6", 0.25],
        [1, "#6a4fb0", 0],
      ]),
    ) +
      ell(
        60,
        10,
        640,
        90,
        rad([
          [0, "#fff4e0", 0.45],
          [1, "#fff4e0", 0],
        ]),
      ) +
      ell(30, 20, 700, 40, "#120d2e", { opacity: 0.55, filter: blur(16) }),
    { transform: "translate(820,380) rotate(-32)" },
  );
  let band = "";
  for (let i = 0; i < 220; i++) {
    const u = rand(r, -900, 900);
    const v = (r() + r() + r() - 1.5) * 140;
    band += circ(u, v, 0.6 + r() ** 4 * 2.2, C.white, { opacity: n(rand(r, 0.4, 1)) });
  }
  s += group(band, { transform: "translate(820,380) rotate(-32)" });
  s += stars(r, 300, 0, 0, W, hz - 20, 2);
  s += twinkle(260, 200, 14) + twinkle(1400, 120, 12) + twinkle(1180, 560, 10) + twinkle(560, 90, 9);
  // sea, two dark headlands and a rocky foreground shelf
  s += rect(
    0,
    hz,
    W,
    H - hz,
    lin([
      [0, "#3a3070"],
      [0.5, "#1c1848"],
      [1, "#0c0b24"],
    ]),
  );
  s += glitter(r, 860, hz + 6, 930, 40, 240, "#d9ccff", 50, 0.35);
  s += ripples(r, W, hz + 10, 930, 30, "#8f80d0", 0.25);
  s += land(
    [
      [-10, 630],
      [120, 606],
      [260, 628],
      [360, 690],
      [420, hz + 30],
    ],
    hz + 30,
    "#100e26",
  );
  s += land(
    [
      [1120, hz + 30],
      [1180, 690],
      [1300, 652],
      [1610, 640],
    ],
    hz + 30,
    "#100e26",
  );
  s += norfolkPine(170, 612, 150, "#100e26") + gumTree(r, 1460, 656, 200, "#100e26", "#100e26");
  s += land(
    [
      [-10, 930],
      [200, 898],
      [420, 918],
      [600, 962],
      [820, 948],
      [1000, 972],
      [1250, 926],
      [1450, 896],
      [1610, 906],
    ],
    H,
    "#09081a",
  );
  s += ell(760, 1010, 160, 16, "#2e2760", { opacity: 0.8 }); // rock pool reflecting the sky
  s += person(1240, 930, 150, { sil: "#09081a", pose: "wave" });
  return s;
};

const g15CoastalWalk: Draw = (W, H) => {
  const r = mulberry32(1015);
  const hz = 420;
  let s = sky(W, 0, hz, [
    [0, "#5aa9dc"],
    [1, "#e8f3ef"],
  ]);
  s += puffCloud(1200, 130, 320, C.white, 0.9) + puffCloud(400, 90, 200, C.white, 0.8);
  s += rect(
    0,
    hz,
    W,
    300,
    lin([
      [0, "#4fc1c6"],
      [1, "#0e7c86"],
    ]),
  );
  s += ripples(r, W, hz + 6, 700, 40, C.white, 0.35);
  // distant headlands
  s += land(
    [
      [500, hz],
      [700, 360],
      [1000, 340],
      [1300, 350],
      [1450, 380],
      [1520, hz],
    ],
    hz + 10,
    "#7aa3a0",
  );
  s += land(
    [
      [900, 620],
      [1100, 450],
      [1400, 420],
      [1610, 430],
    ],
    700,
    lin([
      [0, "#c98d52"],
      [1, "#8a5a32"],
    ]),
  );
  s += heath(r, 1080, 1610, 440, 22, "#5c8a52");
  // the clifftop heath the track runs across
  const top: P[] = [
    [-10, 520],
    [300, 540],
    [700, 600],
    [1000, 680],
    [1300, 720],
    [1610, 740],
  ];
  s += land(
    top,
    H,
    lin([
      [0, "#7aa05a"],
      [1, "#3e6a3e"],
    ]),
  );
  s += heath(r, -10, 1610, 600, 30, "#5a8a4a");
  s += shape(
    "M-10,560C200,600 360,610 520,650C700,700 760,780 680,900C620,990 700,1040 760,1080H360C460,1000 440,930 520,850C600,770 540,720 400,690C240,650 100,640 -10,630Z",
    C.sand,
  );
  s += line("M-10,600C200,630 380,650 470,680M-10,600", "#e2b877", 3, { opacity: 0.8 });
  // track marker post
  s += rect(830, 800, 18, 120, "#6b4a2a") + rect(826, 800, 26, 26, C.gold);
  s += heath(r, -10, 1610, 1010, 50, "#2f5a32");
  s += gumTree(r, 1360, 1040, 560, "#2f5a3a", "#e7dccb") + gumTree(r, 100, 960, 380, "#3a6a40", "#e7dccb");
  s += person(560, 790, 170, { pose: "hike", walk: true, suit: C.tealDark, accent: C.gold, pack: C.coral });
  return s;
};

// ───────────────────────────── scenes: site ─────────────────────────────

const homeHero: Draw = (W, H) => {
  const r = mulberry32(2001);
  const hz = 610;
  let s = sky(W, 0, hz, [
    [0, "#0b2545"],
    [0.38, "#2b2f6b"],
    [0.66, "#8a4b8f"],
    [0.86, "#f08a5d"],
    [1, "#ffd29a"],
  ]);
  s += sun(1470, hz - 18, 72, "#fff3d6", "#ffb86b", 560, 0.65);
  s += sunRays(1470, hz - 18, 18, 1000, "#ffd9a0", 0.12);
  s += streakClouds(r, 900, W, 240, 470, 8, "#f6a8a0", 0.45);
  s += land(
    [
      [-10, 586],
      [160, 566],
      [400, 576],
      [560, 598],
      [660, hz],
    ],
    hz,
    "#4a3470",
    { opacity: 0.85 },
  );
  const cliff: P[] = [
    [1600, hz + 10],
    [1640, 500],
    [1700, 440],
    [1820, 420],
    [1930, 414],
  ];
  const cliffD = `${smooth(cliff)}L1930,${hz + 10}Z`;
  s += shape(
    cliffD,
    lin([
      [0, "#3a2650"],
      [1, "#231a3e"],
    ]),
  );
  s += strata(r, cliffD, 1600, 1930, 440, hz + 10, "#6b4270", 0.4);
  s += heath(r, 1660, 1930, 432, 16, "#231a3e");
  s += norfolkPine(1790, 430, 200, "#1c1434");
  // calm turquoise sea
  s += rect(
    0,
    hz,
    W,
    H - hz,
    lin([
      [0, "#f2b283"],
      [0.1, "#9cc3b6"],
      [0.35, "#2fb3ad"],
      [0.7, "#13a3a3"],
      [1, "#0b5e6e"],
    ]),
  );
  s += glitter(r, 1470, hz + 4, 1000, 20, 260, "#fff3d6", 90, 0.85);
  s += ripples(r, W, hz + 10, H, 60, C.white, 0.25);
  s += line(`M1600,${hz + 12}q20,-6 40,0t40,0t40,0t40,0t40,0t40,0t40,0t40,0`, C.white, 4, { opacity: 0.7 });
  s += flagBuoy(1240, 820, 1.25);
  s += bubbles(r, 8, 1150, 850, 160, 40, 6, 0.6);
  s +=
    rock(r, 1790, H + 10, 360, 180, "#2a1f3e", "#4a3560") +
    rock(r, 1580, H + 20, 240, 110, "#2a1f3e", "#4a3560");
  // keep the left half calm and dark for headline text
  s += rect(
    0,
    0,
    W,
    H,
    linU(
      [
        [0, C.navyDeep, 0.7],
        [0.42, C.navyDeep, 0.35],
        [0.62, C.navyDeep, 0],
      ],
      0,
      0,
      W,
      0,
    ),
  );
  return s;
};

const aboutGuide: Draw = (W, H) => {
  const r = mulberry32(2002);
  const hz = 1000;
  let s = sky(W, 0, hz, [
    [0, "#4f9fd6"],
    [0.7, "#bfe3ea"],
    [1, "#f6e6c8"],
  ]);
  s += sun(1250, 380, 90, "#fffaf0", "#ffe6b0", 420, 0.45);
  s += puffCloud(350, 300, 360, C.white, 0.85);
  s += land(
    [
      [-10, 930],
      [250, 900],
      [520, 940],
      [640, hz],
    ],
    hz,
    "#7fa2b4",
  );
  s += rect(
    0,
    hz,
    W,
    700,
    lin([
      [0, "#5fd3c6"],
      [0.5, "#13a3a3"],
      [1, "#0e6f80"],
    ]),
  );
  s += ripples(r, W, hz + 10, 1600, 50, C.white, 0.35);
  // sandstone rock platform
  const rocks: P[] = [
    [-10, 1500],
    [160, 1470],
    [300, 1486],
    [420, 1456],
    [600, 1500],
    [780, 1490],
    [900, 1462],
    [1080, 1478],
    [1250, 1500],
    [1420, 1452],
    [1610, 1440],
  ];
  const rocksD = `${smooth(rocks)}V${H}H-10Z`;
  s += shoreFoam(W, 1470, 14, 300, 0.3);
  s += shape(
    rocksD,
    lin([
      [0, "#d9a066"],
      [0.2, "#b5793f"],
      [1, "#7a4a28"],
    ]),
  );
  s += strata(r, rocksD, 0, W, 1500, H, "#8a5028", 0.35);
  s +=
    ell(420, 1640, 150, 26, "#3fb0b0", { opacity: 0.8 }) +
    line("M330,1632h120", C.white, 5, { opacity: 0.6 });
  s +=
    rock(r, 150, 2010, 560, 330, "#9a5e34", "#cf9560") + rock(r, 1470, 2010, 520, 400, "#9a5e34", "#cf9560");
  s += rock(r, 1180, 1560, 260, 110, "#a86a3c", "#d9a066");
  // the instructor, large and stylised
  const g = (inner: string) => at(800, 1640, 1.15, inner);
  const suit = C.navy;
  let f = "";
  f += ell(0, 0, 200, 26, "#000", { opacity: 0.2 });
  f += shape(
    ribbon(
      [
        [-48, -470],
        [-58, -300],
        [-52, -170],
        [-50, -40],
      ],
      (t) => 100 - t * 54,
    ),
    suit,
  );
  f += shape(
    ribbon(
      [
        [48, -470],
        [58, -300],
        [52, -170],
        [50, -40],
      ],
      (t) => 100 - t * 54,
    ),
    "#13315c",
  );
  f += ell(-60, -16, 50, 22, "#1b1f24") + ell(60, -16, 50, 22, "#1b1f24");
  f += line("M-56,-330L-64,-160M56,-330L64,-160", C.teal, 10, { opacity: 0.9 });
  const torso = smooth(
    [
      [-40, -830],
      [40, -830],
      [118, -805],
      [126, -740],
      [104, -640],
      [88, -560],
      [100, -470],
      [0, -452],
      [-100, -470],
      [-88, -560],
      [-104, -640],
      [-126, -740],
      [-118, -805],
    ],
    true,
  );
  f += shape(torso, suit);
  f += group(
    shape("M-140,-860H140V-720Q0,-680 -140,-720Z", C.teal) +
      shape("M60,-900H200V-400H70Q100,-600 60,-900Z", "#13315c", { opacity: 0.6 }) +
      line("M-130,-610Q0,-585 130,-610", C.tealDark, 8),
    { "clip-path": clip(torso) },
  );
  f += line("M0,-820V-600", "#8a96a3", 5);
  f += rect(-110, -520, 220, 40, "#1b1f24", { rx: 10 }) + rect(-28, -526, 56, 52, "#b8c2cc", { rx: 8 });
  // arms
  f += shape(
    ribbon(
      [
        [-118, -790],
        [-146, -650],
        [-150, -520],
      ],
      (t) => 64 - t * 20,
    ),
    suit,
  );
  f += line("M-132,-760L-140,-640", C.teal, 10);
  f += ell(-150, -498, 24, 32, C.skin);
  f += shape(
    ribbon(
      [
        [118, -790],
        [156, -660],
        [186, -560],
      ],
      (t) => 64 - t * 20,
    ),
    "#13315c",
  );
  f += ell(190, -536, 26, 30, C.skin);
  // dive mask dangling from the hand
  f += gearMask(210, -450, 1.3, 14);
  f += line("M176,-520Q130,-480 150,-430", C.ink, 8);
  // head
  f += rect(-30, -880, 60, 70, C.skin);
  f += ell(0, -930, 56, 70, C.skin);
  f += ell(-56, -930, 10, 16, C.skinDark) + ell(56, -930, 10, 16, C.skinDark);
  f += shape("M-60,-930Q-66,-1010 0,-1012Q70,-1012 62,-930Q50,-975 10,-978Q-30,-980 -60,-930Z", "#3b2a20");
  f += shape("M-40,-870Q0,-852 40,-870", "none", {
    stroke: C.skinDark,
    "stroke-width": 5,
    "stroke-linecap": "round",
    opacity: 0.5,
  });
  s += g(f);
  return s;
};

const aboutMain: Draw = (W, H) => {
  const r = mulberry32(2003);
  const hz = 480;
  let s = sky(W, 0, hz, [
    [0, "#5aaee0"],
    [1, "#f3ead2"],
  ]);
  s += sun(300, 200, 60, "#fffaf0", "#ffe6b0", 300, 0.45);
  s += puffCloud(1100, 140, 300, C.white, 0.9);
  s += land(
    [
      [900, hz],
      [1100, 410],
      [1350, 390],
      [1610, 396],
    ],
    hz,
    "#6f9a8a",
  );
  s += norfolkPine(1250, 400, 150, "#4f7a6a") + norfolkPine(1360, 396, 180, "#4f7a6a");
  s += rect(
    0,
    hz,
    W,
    260,
    lin([
      [0, "#5fd3c6"],
      [1, "#13a3a3"],
    ]),
  );
  s += ripples(r, W, hz + 10, 730, 40, C.white, 0.35);
  s += beach(W, H, 720, 10, r);
  s += shoreFoam(W, 722, 8, 230, 0.5);
  // tanks lined up
  for (let i = 0; i < 5; i++)
    s += at(
      1330 + i * 56,
      880,
      1.3,
      rect(-16, -120, 32, 120, i % 2 ? "#dfe7ec" : C.gold, { rx: 14 }) + rect(-6, -132, 12, 14, "#5a6470"),
    );
  // instructor with slate, group seated in a semicircle
  s += ell(1130, 1000, 110, 14, "#000", { opacity: 0.12 });
  s += person(1130, 996, 430, { pose: "slate", accent: C.teal });
  const group4: [number, number, number, string, string][] = [
    [770, 800, 250, C.navy, "#8e5ea2"],
    [250, 900, 330, "#1d3557", C.coral],
    [490, 960, 350, C.navy, C.gold],
    [760, 1000, 360, "#1d3557", C.orange],
  ];
  for (const [x, y, h, suit, acc] of group4)
    s +=
      ell(x, y, 0.4 * h, 12, "#000", { opacity: 0.12 }) +
      sitter(x, y, h, {
        suit,
        accent: acc,
        skin: pick(r, [C.skin, C.skinLight, C.skinDark]),
        hair: pick(r, ["#2b1d16", "#6b4a2a", "#c9a36a"]),
      });
  s += at(100, 1040, 1.2, shape("M0,0h60l-6,-80h-48Z", C.coral), -10) + gearMask(1000, 1030, 0.8, -10);
  return s;
};

const weekendHero: Draw = (W, H) => {
  const r = mulberry32(2004);
  const hz = 600;
  let s = sky(W, 0, hz, [
    [0, "#274a7a"],
    [0.45, "#c76d6d"],
    [0.8, "#f7a440"],
    [1, "#ffe0a0"],
  ]);
  s += sun(880, hz - 70, 80, "#fff6dc", "#ffc46b", 600, 0.6);
  s += sunRays(880, hz - 70, 20, 1000, "#ffe2a8", 0.1);
  s += streakClouds(r, 0, 1300, 200, 440, 8, "#ffc0a0", 0.4);
  s += rect(
    0,
    hz,
    W,
    H - hz,
    lin([
      [0, "#f7b877"],
      [0.25, "#b8707a"],
      [1, "#243a78"],
    ]),
  );
  s += glitter(r, 880, hz + 4, 920, 20, 200, "#fff6dc", 70, 0.85);
  // headland on the right with tents at golden hour
  const head: P[] = [
    [900, H],
    [980, 820],
    [1080, 700],
    [1250, 640],
    [1500, 620],
    [1930, 610],
  ];
  const headD = `${smooth(head)}V${H}H900Z`;
  s += shape(
    headD,
    lin([
      [0, "#c98d52"],
      [1, "#6b3f2a"],
    ]),
  );
  s += strata(r, headD, 900, W, 700, H, "#8a5028", 0.3);
  // grassy top sloping down to the right; sandstone face only on the seaward side
  s += shape(
    `${smooth([
      [1050, 716],
      [1250, 640],
      [1500, 620],
      [1930, 610],
    ])}V${H}H1130C1090,900 1070,800 1050,716Z`,
    lin([
      [0, "#9fb862"],
      [1, "#4f6f3a"],
    ]),
  );
  for (let i = 0; i < 26; i++) {
    const y = rand(r, 760, H);
    const k = 0.5 + (y - 700) / 500;
    const x = rand(r, 1180 + (H - y) * 0.1, W);
    s += shape(
      `M${n(x - 40 * k)},${n(y)}C${n(x - 40 * k)},${n(y - 34 * k)} ${n(x + 40 * k)},${n(y - 34 * k)} ${n(x + 40 * k)},${n(y)}Z`,
      pick(r, ["#5f7f42", "#6f8f4a", "#4f6f3a"]),
    );
  }
  s += heath(r, 1080, 1930, 660, 24, "#7f9f52");
  s += line(`M1250,${H}C1300,950 1200,860 1330,760C1380,726 1420,716 1440,712`, "#e8cf9a", 14, {
    opacity: 0.9,
  });
  s +=
    tent(1330, 700, 0.9, { body: C.coral, glow: true }) +
    tent(1540, 690, 1.05, { body: C.teal, side: C.tealDark }) +
    tent(1720, 700, 0.85, { body: C.gold, side: "#c98f2e" });
  s += campfire(r, 1450, 720, 0.35);
  s += norfolkPine(1850, 640, 320, "#4a3a3a");
  s += line(`M900,${H - 10}C980,880 960,800 1080,720`, C.white, 8, { opacity: 0.8 });
  // a small beach at the foot of the headland
  s += shape(
    `M600,${H}Q780,${H - 60} 960,${H - 100}L990,${H}Z`,
    lin([
      [0, "#f2c98f"],
      [1, "#d9996a"],
    ]),
  );
  s += line(`M600,${H}Q780,${H - 60} 960,${H - 100}`, C.white, 6, { opacity: 0.85 });
  s += rect(
    0,
    0,
    W,
    H,
    linU(
      [
        [0, "#140f2e", 0.6],
        [0.3, "#140f2e", 0.3],
        [0.46, "#140f2e", 0],
      ],
      0,
      0,
      W,
      0,
    ),
  );
  return s;
};

const ogDefault: Draw = (W, H) => {
  const r = mulberry32(2005);
  const hz = 420;
  let s = sky(W, 0, hz, [
    [0, "#0b2545"],
    [0.55, "#3c3a7a"],
    [0.85, "#c46b8a"],
    [1, "#f7a440"],
  ]);
  s += sun(960, hz - 10, 40, "#fff1c9", "#ffb347", 300, 0.55);
  s += land(
    [
      [820, hz],
      [900, 360],
      [1020, 330],
      [1210, 326],
    ],
    hz,
    "#241a40",
  );
  s += norfolkPine(1090, 334, 110, "#1c1434");
  s += rect(
    0,
    hz,
    W,
    H - hz,
    lin([
      [0, "#f2a070"],
      [0.25, "#2fb3ad"],
      [1, "#0b4f6c"],
    ]),
  );
  s += glitter(r, 960, hz + 4, H, 14, 140, "#fff1c9", 40, 0.8);
  s += flagBuoy(760, 540, 0.7);
  s += rect(
    0,
    0,
    W,
    H,
    linU(
      [
        [0, C.navyDeep, 0.65],
        [0.55, C.navyDeep, 0.2],
        [0.8, C.navyDeep, 0],
      ],
      0,
      0,
      W,
      0,
    ),
  );
  // brand
  s += at(110, 190, 1.4, logoMark());
  const font = 'font-family="DejaVu Sans, sans-serif"';
  s += `<text x="86" y="330" ${font} font-weight="bold" font-size="84" fill="#ffffff" letter-spacing="-1">Tidewater</text>`;
  s += `<text x="86" y="420" ${font} font-weight="bold" font-size="64" fill="#ffffff">Dive &amp; Camp</text>`;
  s += `<text x="90" y="480" ${font} font-size="26" fill="#c8f4ea">Small-group diving &amp; coastal camping · Sydney</text>`;
  return s;
};

// ───────────────────────────── logo ─────────────────────────────

/** The logo mark: a wave inside a circle, centred on (0,0), radius 30. */
function logoMark(): string {
  // Wave bands are clipped to the disc so their ends sit exactly on the rim.
  return (
    '<defs><clipPath id="lm"><circle r="30"/></clipPath></defs>' +
    '<circle r="30" fill="#0b2545"/>' +
    '<circle cx="11" cy="-11" r="6.5" fill="#f4d6a0"/>' +
    '<g clip-path="url(#lm)">' +
    '<path d="M-32,4C-22,-6 -12,-7 -3,0S16,8 32,-2V32H-32Z" fill="#13a3a3"/>' +
    '<path d="M-32,4C-22,-6 -12,-7 -3,0S16,8 32,-2" fill="none" stroke="#c8f4ea" stroke-width="2.5"/>' +
    '<path d="M-32,16C-22,8 -12,8 -2,13S18,19 32,11V32H-32Z" fill="#0e7c86"/>' +
    "</g>"
  );
}
const logoSvg = (size?: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-32 -32 64 64"${size ? ` width="${size}" height="${size}"` : ""}>${logoMark()}</svg>`;

const placeholderSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200" preserveAspectRatio="xMidYMid slice">' +
  '<rect width="300" height="200" fill="#e2e8f0"/>' +
  '<g fill="#94a3b8"><circle cx="176" cy="78" r="12"/><path d="M104 136l28-36 20 24 14-16 30 28z"/></g>' +
  '<rect x="96" y="58" width="108" height="86" rx="8" fill="none" stroke="#94a3b8" stroke-width="5"/>' +
  "</svg>\n";

// ───────────────────────────── rendering ─────────────────────────────

interface Scene {
  dir: "adventures" | "gallery" | "site";
  name: string;
  /** design (viewBox) size */
  w: number;
  h: number;
  /** [width, suffix] pairs */
  outputs: [number, string][];
  draw: Draw;
  jpeg?: boolean;
}

/** The full-size file, then the narrower copies the public <Img> asks for (lib/image-variants.ts). */
const withCopies = (full: number): [number, string][] => [
  [full, ""],
  ...IMAGE_VARIANT_WIDTHS.map((w): [number, string] => [w, `-${w}`]),
];
const STD = withCopies(IMAGE_FULL_WIDTH);
const WIDE = withCopies(1920);
const photo = (dir: Scene["dir"], name: string, draw: Draw): Scene => ({
  dir,
  name,
  w: 1600,
  h: 1067,
  outputs: STD,
  draw,
});

const SCENES: Scene[] = [
  photo("adventures", "dive-exhibition", diveExhibition),
  photo("adventures", "guided-shore-dive", guidedShoreDive),
  photo("adventures", "dive-trip-shore", diveTripShore),
  photo("adventures", "night-dive-experience", nightDive),
  photo("adventures", "scooter-dive-adventure", scooterDive),
  photo("adventures", "underwater-treasure-hunt", treasureHunt),
  photo("adventures", "camping-diving-2day", campingDiving2Day),
  photo("adventures", "camping-diving-1night", campingDiving1Night),
  photo("adventures", "camping-only-2day", campingOnly2Day),
  photo("gallery", "g01", g01ReefSchool),
  photo("gallery", "g02", g02KelpDiver),
  photo("gallery", "g03", g03GreyNurse),
  photo("gallery", "g04", g04TentDusk),
  photo("gallery", "g05", g05Campfire),
  photo("gallery", "g06", g06GearFlatLay),
  photo("gallery", "g07", g07BcdRegulator),
  photo("gallery", "g08", g08GroupOk),
  photo("gallery", "g09", g09BeachGroup),
  photo("gallery", "g10", g10Snorkeller),
  photo("gallery", "g11", g11Kayak),
  photo("gallery", "g12", g12Surfacing),
  photo("gallery", "g13", g13SeaDragon),
  photo("gallery", "g14", g14MilkyWay),
  photo("gallery", "g15", g15CoastalWalk),
  { dir: "site", name: "home-hero", w: 1920, h: 1080, outputs: WIDE, draw: homeHero },
  { dir: "site", name: "about-guide", w: 1600, h: 2000, outputs: STD, draw: aboutGuide },
  photo("site", "about-main", aboutMain),
  { dir: "site", name: "weekend-hero", w: 1920, h: 1080, outputs: WIDE, draw: weekendHero },
  { dir: "site", name: "og-default", w: 1200, h: 630, outputs: [[1200, ""]], draw: ogDefault, jpeg: true },
];

function sceneSvg(scene: Scene, outW: number, outH: number): string {
  resetDefs();
  const body = scene.draw(scene.w, scene.h);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${scene.w} ${scene.h}">` +
    `<defs>${defs.join("")}</defs><g>${body}</g></svg>`
  );
}

async function renderScene(scene: Scene): Promise<string[]> {
  const dir = path.join(IMAGES, scene.dir);
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const [outW, suffix] of scene.outputs) {
    const outH = Math.round((outW * scene.h) / scene.w);
    const png = await sharp(Buffer.from(sceneSvg(scene, outW, outH)))
      .png()
      .toBuffer();
    const file = path.join(dir, `${scene.name}${suffix}.webp`);
    await sharp(png).webp({ quality: 72, effort: 6 }).toFile(file);
    files.push(file);
    if (scene.jpeg && suffix === "") {
      const jpg = path.join(dir, `${scene.name}.jpg`);
      await sharp(png).flatten({ background: C.navy }).jpeg({ quality: 80, mozjpeg: true }).toFile(jpg);
      files.push(jpg);
    }
  }
  return files;
}

/** Minimal single-image ICO container wrapping a PNG. */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // image count
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size >= 256 ? 0 : size, 0); // width
  entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
  entry.writeUInt8(0, 2); // palette colours
  entry.writeUInt8(0, 3); // reserved
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8); // image size
  entry.writeUInt32LE(6 + 16, 12); // image offset
  return Buffer.concat([header, entry, png]);
}

async function renderBrandFiles(): Promise<string[]> {
  await mkdir(IMAGES, { recursive: true });
  const logo = path.join(PUBLIC, "logo.svg");
  await writeFile(logo, `${logoSvg()}\n`);
  const placeholder = path.join(IMAGES, "placeholder.svg");
  await writeFile(placeholder, placeholderSvg);
  const favPng = await sharp(Buffer.from(logoSvg(32)))
    .resize(32, 32)
    .png()
    .toBuffer();
  const ico = path.join(PUBLIC, "favicon.ico");
  await writeFile(ico, pngToIco(favPng, 32));
  // Apple touch icons are shown without transparency: full-bleed navy square with the mark.
  const touch = path.join(PUBLIC, "apple-touch-icon.png");
  const touchSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="-40 -40 80 80"><rect x="-40" y="-40" width="80" height="80" fill="#0b2545"/><g transform="scale(1.1)">${logoMark().replace('<circle r="30" fill="#0b2545"/>', '<circle r="30" fill="#13315c"/>')}</g></svg>`;
  await sharp(Buffer.from(touchSvg)).png({ compressionLevel: 9 }).toFile(touch);
  return [logo, placeholder, ico, touch];
}

async function main() {
  const only = process.env.ONLY; // dev aid: ONLY=g01,home-hero renders a subset
  const files: string[] = [];
  for (const scene of SCENES) {
    if (only && !only.split(",").includes(scene.name)) continue;
    files.push(...(await renderScene(scene)));
  }
  if (!only) files.push(...(await renderBrandFiles()));

  const rows = await Promise.all(
    files.map(async (f) => [path.relative(ROOT, f), (await stat(f)).size] as const),
  );
  const width = Math.max(...rows.map(([f]) => f.length));
  for (const [f, size] of rows) console.log(`${f.padEnd(width)}  ${(size / 1024).toFixed(1).padStart(7)} KB`);
  const total = await dirSize(IMAGES);
  console.log(
    `${"-".repeat(width + 12)}\n${`${rows.length} files written; public/images total`.padEnd(width)}  ${(total / 1024).toFixed(1).padStart(7)} KB`,
  );
}

async function dirSize(dir: string): Promise<number> {
  let sum = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    sum += entry.isDirectory() ? await dirSize(p) : (await stat(p)).size;
  }
  return sum;
}

await main();
