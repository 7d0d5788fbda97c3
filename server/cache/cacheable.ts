/**
 * Which requests every visitor gets the same answer to, so that one rendering
 * can serve them all (server/cache/page-cache.server.ts) and a CDN may keep it.
 *
 * The rule: GET or HEAD of a public page (its document or its `.data` answer
 * for client-side navigation) or of a public list in the API, and nothing that
 * names a visitor. The only public page whose address can name a visitor is
 * /book: `session_id` (a payment's outcome) and `offer` (a waitlist offer's
 * token) make it personal, so /book is shared only with no query or with the
 * adventure it opens on. Booking links, checkouts, the admin area and every
 * other API route are never shared.
 */

import { FILTER_PARAMS } from "../../app/lib/adventure-filters.ts";

/** Public pages, as paths without the `.data` suffix. */
const PUBLIC_PAGE =
  /^\/(?:|adventures|adventures\/[a-z0-9-]+|weekend|gallery|reviews|about|contact|faq|book|privacy|terms|cancellation)$/;

/** Public resources: the API's adventure list and one adventure's open dates, the sitemap, robots.txt. */
const PUBLIC_RESOURCE =
  /^\/(?:api\/adventures-pro|api\/adventures\/[a-z0-9-]+\/dates|sitemap\.xml|robots\.txt)$/;

/** What React Router adds to a `.data` request: the routes to load, and the index marker. */
const ROUTER_PARAMS = new Set(["_routes", "index"]);

/** The query parameters each public page reads to choose what it shows; pages not listed read none. */
const PAGE_PARAMS: Record<string, ReadonlySet<string>> = {
  "/adventures": new Set(FILTER_PARAMS),
  "/gallery": new Set(["category"]),
  "/reviews": new Set(["adventure"]),
  "/contact": new Set(["adventure"]),
  "/book": new Set(["adventure"]),
};
const NO_PARAMS: ReadonlySet<string> = new Set();

export type SharedKind = "page" | "data" | "resource";

/** The kind of shared answer `method path?search` gets, or null when it must be rendered for this request. */
export function sharedAnswerKind(
  method: string,
  pathname: string,
  search: URLSearchParams,
): SharedKind | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (PUBLIC_RESOURCE.test(pathname)) return "resource";
  const data = pathname.endsWith(".data");
  const page = data ? dataRoutePath(pathname) : pathname;
  if (!PUBLIC_PAGE.test(page)) return null;
  const known = PAGE_PARAMS[page] ?? NO_PARAMS;
  for (const name of search.keys()) {
    if (!known.has(name) && !(data && ROUTER_PARAMS.has(name))) return null;
  }
  return data ? "data" : "page";
}

/** `/adventures.data` → `/adventures`; the home page's is `/_root.data`. */
function dataRoutePath(pathname: string): string {
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}
