/**
 * Which requests every visitor gets the same answer to, so that one rendering
 * can serve them all (server/cache/page-cache.server.ts) and a CDN may keep it.
 *
 * The rule: GET or HEAD of a route the table (app/route-policy.ts) marks
 * shared (a public page, its `.data` answer for client-side navigation, a
 * public list in the API), at its canonical address, with no query parameter
 * the route does not read. Any other parameter could name a visitor (/book's
 * `session_id` and `offer`) or is junk that would fill the cache; any other
 * spelling of the address (`/BOOK`, `/book/`) is sent to the canonical one.
 */
import { matchRoute, ROUTER_PARAMS, type RouteMatch } from "../route-match.server.ts";

export type SharedKind = "page" | "data" | "resource";

/** Shared addresses name adventures by slug; any other spelling is rendered for its request alone. */
const SLUG = /^[a-z0-9-]+$/;

/**
 * The kind of shared answer `method path?search` gets, or null when it must be
 * rendered for this request (`match`: the request's row, when already known).
 */
export function sharedAnswerKind(
  method: string,
  pathname: string,
  search: URLSearchParams,
  match: RouteMatch = matchRoute(pathname),
): SharedKind | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (match.policy.cache !== "shared" || match.canonical !== pathname) return null;
  if (!Object.values(match.params).every((value) => SLUG.test(value))) return null;
  const known = new Set(match.policy.query ?? []);
  for (const name of search.keys()) {
    if (!known.has(name) && !(match.data && ROUTER_PARAMS.has(name))) return null;
  }
  return match.data ? "data" : match.policy.page ? "page" : "resource";
}
