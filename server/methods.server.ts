/**
 * Which HTTP methods each path answers, and a 405 with `Allow` for the rest.
 *
 * A request whose method its path does not serve (TRACE, PROPFIND, LOCK,
 * M-SEARCH, a PUT to a page) is the client's mistake, answered before any
 * other work: 405 Method Not Allowed with the methods the path does serve
 * (RFC 9110, 15.5.6). OPTIONS is answered as the method asks, 204 with
 * `Allow`. A path nothing serves goes on to its 404 as before.
 *
 * What a path serves comes from the routes themselves, never from a second
 * list: the app's Hono routes (the API, /healthz, the SEO files, the one-click
 * unsubscribe), and for pages React Router's route modules: every page
 * answers GET and HEAD, and POST where the route that takes the post has an
 * action (HTML forms send nothing else).
 */
import type { MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** The order `Allow` lists them in. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;

/** The JSON API's paths: everything else is a page, a file or one of the app's own routes. */
export const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/** The methods a page path serves; `search` matters for an index route's `?index`. */
export type PageMethods = (
  pathname: string,
  search: string,
) => readonly string[] | Promise<readonly string[]>;

function routeTree(routes: ServerBuild["routes"], parentId: string | undefined): RouteObject[] {
  return Object.values(routes).flatMap((route): RouteObject[] => {
    if (!route || route.parentId !== parentId) return [];
    const { id, path, caseSensitive } = route;
    if (route.index) return [{ id, path, caseSensitive, index: true }];
    return [{ id, path, caseSensitive, children: routeTree(routes, id) }];
  });
}

/**
 * A page's methods from the build's route modules, matched as React Router
 * matches them: a client navigation's data request (`/x.data`, `/_.data` for
 * the root) names the page without its suffix, and a POST goes to the deepest
 * route with a path of its own, or to the index route when the query has a
 * bare `?index`.
 */
export function pageMethodsOf(routes: ServerBuild["routes"]): PageMethods {
  const tree = routeTree(routes, undefined);
  return (pathname, search) => {
    const page = pathname.endsWith("/_.data")
      ? pathname.slice(0, -"_.data".length)
      : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(tree, page);
    if (!matches?.length) return PAGE_METHODS.slice(0, 2);
    const last = matches[matches.length - 1];
    const bareIndex = new URLSearchParams(search).getAll("index").includes("");
    const target =
      last.route.index && bareIndex
        ? last
        : matches.filter((m, i) => i === 0 || Boolean(m.route.path)).at(-1);
    const id = target?.route.id;
    return id && routes[id]?.module.action ? PAGE_METHODS : PAGE_METHODS.slice(0, 2);
  };
}

interface AppRoute {
  method: string;
  path: string;
}

/**
 * The gate. `routes` is read at the first request, once every route is
 * registered; `pages` is set when the app renders pages (a path outside /api/
 * that no route of its own serves is a page: React Router answers every path).
 */
export function allowedMethods(routes: () => readonly AppRoute[], pages?: PageMethods): MiddlewareHandler {
  let router: TrieRouter<string> | undefined;
  const routed = (path: string): Set<string> => {
    if (!router) {
      router = new TrieRouter<string>();
      // "ALL" are middleware and catch-alls (the API's 404): they serve no method of their own.
      for (const r of routes()) if (r.method !== "ALL") router.add("ALL", r.path, r.method);
    }
    return new Set(router.match("GET", path)[0].map(([method]) => method));
  };
  return async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    const api = isApiPath(path);
    // Every page answers GET and HEAD: the common case costs nothing.
    if (pages && !api && (method === "GET" || method === "HEAD")) return next();
    const served = routed(path);
    if (pages && !api) {
      const search = new URL(c.req.url).search;
      for (const m of await pages(path, search)) served.add(m);
    }
    if (served.size === 0) return next();
    if (served.has("GET")) served.add("HEAD");
    if (served.has(method)) return next();
    const allow = METHODS.filter((m) => m === "OPTIONS" || served.has(m)).join(", ");
    c.header("Allow", allow);
    if (method === "OPTIONS") return c.body(null, 204);
    const detail = `${method} is not allowed here. Allowed: ${allow}.`;
    return api ? c.json({ detail }, 405) : c.text(detail, 405);
  };
}
