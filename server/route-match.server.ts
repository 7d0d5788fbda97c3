/**
 * One normalisation of a request's address, read by everything that acts on
 * a route (app/route-policy.ts): the canonical-address redirect, the rate
 * limits, the page cache, the private-link headers, the admin guard and the
 * request log. React Router matches pages with static segments in any letter
 * case and with or without a trailing slash, so a rule written against the
 * address as typed (`/BOOK`, `/book/`) would miss requests the page answers.
 * Here an address is matched the same way: static segments compared in lower
 * case, empty segments (a trailing or doubled slash) dropped, and parameters
 * kept exactly as sent, because tokens are case-sensitive base64url.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Permission } from "../app/lib/staff-access.ts";
import { BUDGETS, type Budget, ROUTES, type RoutePolicy, WRITES } from "../app/route-policy.ts";

type Segment = { kind: "static"; text: string } | { kind: "param"; name: string };

interface Compiled {
  policy: RoutePolicy;
  segments: Segment[];
  /** Ends in `*`: matches any segments after the listed ones, or none. */
  wildcard: boolean;
  /** React Router's ranking: a static segment outweighs a parameter, which outweighs a wildcard. */
  score: number;
}

function compile(policy: RoutePolicy): Compiled {
  const parts = policy.path.split("/").filter(Boolean);
  const wildcard = parts.at(-1) === "*";
  const segments: Segment[] = (wildcard ? parts.slice(0, -1) : parts).map((part) =>
    part.startsWith(":") ? { kind: "param", name: part.slice(1) } : { kind: "static", text: part },
  );
  const score =
    segments.reduce((sum, s) => sum + (s.kind === "static" ? 10 : 3), segments.length) + (wildcard ? -2 : 0);
  return { policy, segments, wildcard, score };
}

const COMPILED = ROUTES.map(compile);

export interface RouteMatch {
  policy: RoutePolicy;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  /** A React Router `.data` request: the page's data for client-side navigation. */
  data: boolean;
  /** The row ends in `*` (a not-found page, the rest of the API): it names no one address. */
  wildcard: boolean;
  /** The address as the table spells it: static segments in its case, one slash between segments, parameters as sent. */
  canonical: string;
  /** The canonical address with every secret parameter (and any checkout session id) replaced. */
  logged: string;
}

const REDACTED = "[redacted]";
/** A Stripe Checkout session id, wherever it appears: a bearer secret for its checkout. */
const SESSION_ID = /\bcs_(?:test|live)_[A-Za-z0-9]+/g;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // The request's text check answers a malformed escape with a 400; until then it matches as sent.
    return segment;
  }
}

function tryMatch(route: Compiled, decoded: string[]): Record<string, string> | null {
  const { segments, wildcard } = route;
  if (wildcard ? decoded.length < segments.length : decoded.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of segments.entries()) {
    if (segment.kind === "param") params[segment.name] = decoded[i];
    else if (decoded[i].toLowerCase() !== segment.text) return null;
  }
  return params;
}

/** The rows whose path starts with a secret: a request under one that matches no row must still hide it. */
const SECRET_PREFIXES = COMPILED.flatMap((route) => {
  const secrets = route.policy.secrets ?? [];
  const last = route.segments.findLastIndex((s) => s.kind === "param" && secrets.includes(s.name));
  if (last === -1) return [];
  return [{ ...route, segments: route.segments.slice(0, last + 1), wildcard: true }];
});

/** The table's row for a URL path (percent-encoded, as in `new URL(...).pathname`). */
export function matchRoute(pathname: string): RouteMatch {
  // React Router asks for a page's data at `<path>.data`, and at `<path>/_.data` for `/` (or a trailing slash).
  let base = pathname;
  let data = false;
  if (pathname.endsWith(".data") && !pathname.toLowerCase().startsWith("/api/")) {
    data = true;
    base = pathname.slice(0, -".data".length);
    if (base.endsWith("/_")) base = base.slice(0, -1);
  }
  const raw = base.split("/").filter(Boolean);
  const decoded = raw.map(decode);

  let best: { route: Compiled; params: Record<string, string> } | null = null;
  for (const route of COMPILED) {
    if (data && !route.policy.page) continue;
    if (best && route.score <= best.route.score) continue;
    const params = tryMatch(route, decoded);
    if (params) best = { route, params };
  }
  // The table's last public page, `/*`, matches every address.
  if (!best) throw new Error(`no route matches ${pathname}`);

  const { route, params } = best;
  const secrets = new Set(route.policy.secrets ?? []);
  const spelled = (hide: boolean) =>
    raw.map((segment, i) => {
      const s = route.segments[i];
      if (!s) return segment;
      if (s.kind === "static") return s.text;
      return hide && secrets.has(s.name) ? REDACTED : segment;
    });
  const address = (segments: string[]) =>
    data ? (segments.length ? `/${segments.join("/")}.data` : "/_.data") : `/${segments.join("/")}`;

  let logged = spelled(true);
  if (route.wildcard) {
    // An address no row names, under one whose parameter is a secret (`/my-booking/<token>/nothing`).
    for (const prefix of SECRET_PREFIXES) {
      if (!tryMatch(prefix, decoded)) continue;
      const hidden = new Set(prefix.policy.secrets);
      logged = logged.map((segment, i) => {
        const s = prefix.segments[i];
        if (!s) return segment;
        if (s.kind === "static") return s.text;
        return hidden.has(s.name) ? REDACTED : segment;
      });
    }
  }
  return {
    policy: route.policy,
    params,
    data,
    wildcard: route.wildcard,
    canonical: address(spelled(false)),
    logged: address(logged).replace(SESSION_ID, REDACTED),
  };
}

/**
 * A request path fit for the log (for callers without the request's match):
 * booking-link and unsubscribe tokens, checkout session and payment ids are
 * bearer secrets (whoever holds one can read, pay or cancel what it opens).
 */
export const redactPath = (pathname: string) => matchRoute(pathname).logged;

const matches = new WeakMap<Context, RouteMatch>();

/** This request's row, matched once and shared by every middleware. */
export function routeOf(c: Context): RouteMatch {
  let match = matches.get(c);
  if (!match) {
    match = matchRoute(new URL(c.req.url).pathname);
    matches.set(c, match);
  }
  return match;
}

/** A path of the JSON API (its routes are Hono's, matched exactly as written). */
export const isApi = (match: RouteMatch) => match.policy.path.startsWith("/api/");

/** The budget a request spends: its route's, or for any other form post to a page, the page-form one. */
export function budgetFor(method: string, match: RouteMatch): Budget | undefined {
  const m = method.toUpperCase();
  const own = match.policy.limit;
  if (own?.methods.includes(m)) return own.budget;
  if (!isApi(match) && (WRITES as readonly string[]).includes(m)) return BUDGETS.pageForm;
  return undefined;
}

/** Whether a request needs the admin token. */
export function needsAdmin(method: string, match: RouteMatch): boolean {
  const admin = match.policy.admin ?? [];
  return admin.includes("*") || admin.includes(method.toUpperCase());
}

/**
 * The permission a request needs, as its row declares it: by method (HEAD
 * reads GET's), or a page's screen under `*`; undefined when the row names
 * none, which `can` leaves to the owner alone.
 */
export function permissionFor(method: string, match: RouteMatch): Permission | undefined {
  const access = match.policy.access ?? {};
  const m = method.toUpperCase();
  return access[m === "HEAD" ? "GET" : m] ?? access["*"];
}

/** React Router's own parameters on a `.data` request: which routes to load, and the index marker. */
export const ROUTER_PARAMS: ReadonlySet<string> = new Set(["_routes", "index"]);

/**
 * A query string fit for the log: the parameters the route declares harmless
 * as sent, every other value (an email typed into a form that fell back to
 * GET, a session id, an offer token) as [redacted].
 */
export function loggedQuery(match: RouteMatch, search: string): string | undefined {
  const known = new Set(match.policy.query ?? []);
  const parts: string[] = [];
  for (const [name, value] of new URLSearchParams(search)) {
    const clear = known.has(name) || (match.data && ROUTER_PARAMS.has(name));
    if (clear) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    else parts.push(/^[\w.-]{1,40}$/.test(name) ? `${name}=${REDACTED}` : REDACTED);
  }
  return parts.length ? parts.join("&").replace(SESSION_ID, REDACTED) : undefined;
}

/**
 * A page asked for at another spelling of its address (`/BOOK`, `/book/`,
 * `/my-booking/<token>/`) is sent to the canonical one with 308, as sites
 * with one address per page do: links, the page cache and the log then know
 * one address. Only GET and HEAD of a page the table names; a form post is
 * not redirected (its limits and log line already use the canonical address).
 */
export const canonicalAddress = (): MiddlewareHandler => async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
  const match = routeOf(c);
  const url = new URL(c.req.url);
  if (!match.policy.page || match.wildcard || match.canonical === url.pathname) return next();
  // Every named page starts with a static segment (or is `/`), so the target is always this site's.
  return c.redirect(`${match.canonical}${url.search}`, 308);
};
