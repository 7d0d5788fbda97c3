/**
 * The public page cache: what every visitor sees the same (cacheable.ts) is
 * rendered once per content version and Sydney day, kept in memory with its
 * gzip and brotli forms, and answered with an ETag (304 when the browser or a
 * CDN already has it) and Cache-Control a CDN can act on.
 *
 * Correctness rests on two things. The content version (content-version.server.ts)
 * moves at the commit of every write to public data, in any process, and is
 * read before each answer, so an entry is served only while nothing it shows
 * has changed. And the day is part of the key, because date lists start
 * "today" in Sydney.
 *
 * Shared pages carry no CSP nonce (a nonce must not be shared between
 * visitors): they are rendered without one, and their policy lists instead the
 * hashes of the inline scripts the application defines (its build's list,
 * `inlineScripts`, and the page cache's own hydration script), computed from
 * those texts and never from the page: an inline script in the HTML that is
 * not one of them does not run (ADR 22). They are stored in the form that
 * carries React Router's per-page scripts as data, paints first and loads
 * scripts after (defer-hydration.server.ts).
 */

import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { sydneyDate } from "../../app/lib/dates.ts";
import type { Database } from "../db/client.server.ts";
import { routeOf } from "../route-match.server.ts";
import { htmlPolicy, scriptHash } from "../security/headers.server.ts";
import { type SharedKind, sharedAnswerKind } from "./cacheable.ts";
import { contentVersion } from "./content-version.server.ts";
import { deferHydration, HYDRATION_SCRIPT } from "./defer-hydration.server.ts";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Browsers revalidate every time (a 304 costs one round trip and no bytes);
 * a CDN may answer from its copy for 30 s, and for 5 minutes more while it
 * fetches a fresh one. Route data and API answers are fetched by scripts
 * (browsers apply stale-while-revalidate to those, and they carry the booking
 * form's free spots), so they are never served stale.
 */
export const SHARED_CACHE_CONTROL: Record<SharedKind, string> = {
  page: "public, max-age=0, s-maxage=30, stale-while-revalidate=300",
  data: "public, max-age=0, s-maxage=30",
  resource: "public, max-age=0, s-maxage=30",
};

/** Response headers not kept with an entry: the cache sets its own, the rest describe one transfer. */
const NOT_STORED = new Set([
  "cache-control",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "date",
  "etag",
  "transfer-encoding",
  "vary",
  "x-request-id",
]);

interface Entry {
  version: string;
  day: string;
  kind: SharedKind;
  etag: string;
  headers: [string, string][];
  identity: Uint8Array;
  gzip: Uint8Array;
  br: Uint8Array;
  bytes: number;
}

export interface PageCacheOptions {
  database: Database;
  now: () => Date;
  /** Memory for entries; 0 stores nothing (answers still get ETags and Cache-Control). */
  maxBytes: number;
  stripeCheckout: boolean;
  /**
   * The inline scripts the application renders into pages (exported by the
   * server build: app/lib/inline-scripts.ts). Read on each rendering, as
   * development reloads the build; hashed once per list.
   */
  inlineScripts?: () => Promise<readonly string[]>;
}

export interface PageCache {
  middleware: MiddlewareHandler;
}

/**
 * Where entries are kept: at most `maxBytes` of them, the least recently used leaving first, and
 * none larger than a quarter of that (one huge answer must not push out every page). No store
 * when `maxBytes` is under a byte.
 */
export function entryStore<E extends { bytes: number }>(maxBytes: number): LRUCache<string, E> | null {
  const maxSize = Math.floor(maxBytes);
  if (maxSize < 1) return null;
  return new LRUCache<string, E>({
    maxSize,
    maxEntrySize: Math.max(1, Math.floor(maxSize / 4)),
    sizeCalculation: (entry) => entry.bytes,
  });
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { now } = options;
  const versions = contentVersion(options.database);
  const entries = entryStore<Entry>(options.maxBytes);
  // One rendering per key at a time; requests arriving meanwhile wait for it.
  const filling = new Map<string, Promise<Entry | null>>();
  const hashed = new WeakMap<readonly string[], string[]>();

  /** The script-src of every shared page: this site's files and the known inline scripts, by hash. */
  async function sharedScriptSources(): Promise<string[]> {
    const app = (await options.inlineScripts?.()) ?? [];
    let hashes = hashed.get(app);
    if (!hashes) {
      hashes = [...new Set([...app, HYDRATION_SCRIPT].map(scriptHash))];
      hashed.set(app, hashes);
    }
    return ["'self'", ...hashes];
  }

  async function build(c: Context, kind: SharedKind, version: string, day: string): Promise<Entry | null> {
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    // Only complete, successful, impersonal answers: a redirect, an error or a cookie is never shared.
    if (res.status !== 200 || res.headers.has("set-cookie") || !res.body) return null;
    if (res.headers.get("content-encoding")) return null;
    let identity = new Uint8Array(await res.arrayBuffer());
    const headers: [string, string][] = [];
    res.headers.forEach((value, name) => {
      if (!NOT_STORED.has(name)) headers.push([name, value]);
    });
    if (type.startsWith("text/html")) {
      identity = new TextEncoder().encode(deferHydration(new TextDecoder().decode(identity)));
      headers.push([
        "content-security-policy",
        htmlPolicy({ scripts: await sharedScriptSources(), stripeCheckout: options.stripeCheckout }),
      ]);
    }
    // Brotli quality 5: about 13% larger than quality 11 for the home page, at a sixteenth of its CPU
    // (5 ms instead of 80), so a burst of first visits after an edit costs little.
    const [gz, br] = await Promise.all([
      gzip(identity, { level: 6 }),
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
        },
      }),
    ]);
    const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    return {
      version,
      day,
      kind,
      etag,
      headers,
      identity,
      gzip: gz,
      br,
      bytes: identity.byteLength + gz.byteLength + br.byteLength,
    };
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const url = new URL(c.req.url);
    const kind = sharedAnswerKind(c.req.method, url.pathname, url.searchParams, routeOf(c));
    // Personal or changing answers get no-store from the route's headers (security/headers.server.ts).
    if (!kind) return next();
    // Shared pages are rendered without a nonce (see the file comment).
    c.set("cspNonce" as never, undefined as never);
    const key = url.pathname + url.search;
    const version = await versions.current();
    const day = sydneyDate(now());
    const current = (entry: Entry | null | undefined): entry is Entry =>
      Boolean(entry && entry.version === version && entry.day === day);

    // Reading an entry makes it the most recently used.
    const held = entries?.get(key);
    if (current(held)) return replace(c, answer(c, held, "HIT"));
    if (c.req.method === "HEAD") {
      // A HEAD renders no body to keep: it is answered as rendered, with the shared headers.
      await next();
      if (c.res.status === 200) c.res.headers.set("Cache-Control", SHARED_CACHE_CONTROL[kind]);
      return;
    }
    // Someone is rendering this key already: their entry serves this request too.
    const rendering = filling.get(key);
    if (rendering) {
      const entry = await rendering;
      if (current(entry)) return replace(c, answer(c, entry, "HIT"));
    }
    let settle: (entry: Entry | null) => void = () => {};
    const mine = new Promise<Entry | null>((resolve) => (settle = resolve));
    if (!rendering) filling.set(key, mine);
    try {
      await next();
      const entry = await build(c, kind, version, day);
      settle(entry);
      if (!entry) {
        // Rendered for this request alone (an error, a redirect): no shared cache keeps it.
        c.res.headers.set("Cache-Control", NO_STORE);
        return;
      }
      // An entry over a quarter of the store is not kept, and the older one of its key goes too.
      entries?.set(key, entry);
      replace(c, answer(c, entry, "MISS"));
    } finally {
      settle(null);
      if (filling.get(key) === mine) filling.delete(key);
    }
  };

  return { middleware };
}

/**
 * Puts `res` in place of whatever the handlers answered. (Assigning c.res
 * copies the old answer's headers onto the new one; clearing it first does not.)
 */
function replace(c: Context, res: Response): Response {
  // The one header an outer middleware prepared before the answer existed (hono/request-id).
  const id = c.get("requestId" as never) as string | undefined;
  if (id) res.headers.set("X-Request-Id", id);
  c.res = undefined as never;
  c.res = res;
  return res;
}

/**
 * The entry in the form the client accepts, or 304 when it already holds it.
 * X-Cache says whether this process rendered it for this request (MISS) or
 * had it already (HIT), as CDNs say of their own copies.
 */
function answer(c: Context, entry: Entry, cache: "HIT" | "MISS"): Response {
  const headers = new Headers(entry.headers);
  headers.set("X-Cache", cache);
  headers.set("ETag", entry.etag);
  headers.set("Cache-Control", SHARED_CACHE_CONTROL[entry.kind]);
  headers.set("Vary", "Accept-Encoding");
  if (matches(c.req.header("if-none-match"), entry.etag)) {
    headers.delete("content-type");
    return new Response(null, { status: 304, headers });
  }
  const encoding = chooseEncoding(c.req.header("accept-encoding") ?? "");
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), {
    status: 200,
    headers,
  });
}

/** If-None-Match holds this entity tag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/** br, then gzip, then none; an encoding with q=0 is refused. */
export function chooseEncoding(acceptEncoding: string): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allowed = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allowed("br")) return "br";
  if (allowed("gzip")) return "gzip";
  return null;
}
