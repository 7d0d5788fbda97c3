/**
 * The real app with a page handler that runs a route module's loader or
 * action in place of the renderer: every request still passes the real
 * middleware (headers, limits, form body checks, the request log) and the
 * context the server builds, and the answer is the route's data as JSON.
 */
import type { RouterContextProvider } from "react-router";
import { createApp } from "../../server/app.server.ts";
import type { Services } from "../../server/services.server.ts";

export type RouteFn = (args: never) => unknown;
type RouteResult = Response | { type?: string; data: unknown; init: ResponseInit | null } | null;

/** Which loader or action answers a page request; null gives a 404. */
export type RouteFor = (
  method: string,
  path: string,
) => { fn: RouteFn; params: Record<string, string | undefined> } | null;

export function appWithRoutes(services: Services, routeFor: RouteFor) {
  return createApp(services, {
    renderDocument: async (request: Request, context: RouterContextProvider) => {
      const route = routeFor(request.method, new URL(request.url).pathname);
      if (!route) return new Response("no route here", { status: 404 });
      let result: RouteResult;
      try {
        result = (await route.fn({ request, context, params: route.params } as never)) as RouteResult;
      } catch (thrown) {
        result = thrown as RouteResult;
      }
      if (result instanceof Response) return result;
      const payload = result && "type" in result && result.type === "DataWithResponseInit" ? result : null;
      return new Response(JSON.stringify(payload ? payload.data : result), {
        status: payload?.init?.status ?? 200,
        headers: {
          ...(payload?.init?.headers as Record<string, string> | undefined),
          "Content-Type": "application/json",
        },
      });
    },
  });
}

/** A page form post as a browser sends it (urlencoded, asking for HTML). */
export function formPost(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: {
      Accept: "text/html,application/xhtml+xml",
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  };
}

type RouteModule = { loader?: unknown; action?: unknown };
type ConfigEntry = { path?: string; index?: boolean; file: string; children?: ConfigEntry[] };

/**
 * A RouteFor that matches as React Router does (any letter case, a trailing
 * slash, `.data`), over the site's own route config, and runs the loader or
 * action of the modules given by file ("routes/public/book.tsx"); any other
 * page answers 404.
 */
export async function reactRouterPages(modules: Record<string, RouteModule>): Promise<RouteFor> {
  const { matchRoutes } = await import("react-router");
  const config = (await import("../../app/routes.ts")).default as unknown as ConfigEntry[];
  const toObjects = (entries: ConfigEntry[]): RouteObjectLike[] =>
    entries.map((e) => ({
      path: e.path,
      index: e.index,
      id: e.file,
      children: e.children ? toObjects(e.children) : undefined,
    }));
  const routes = toObjects(config);
  return (method, path) => {
    const pathname = path.endsWith("/_.data") ? path.slice(0, -"_.data".length) : path.replace(/\.data$/, "");
    const leaf = matchRoutes(routes as never, pathname)?.at(-1) as
      | { params: Record<string, string>; route: RouteObjectLike }
      | undefined;
    const module = leaf ? modules[leaf.route.id] : undefined;
    const fn = method === "GET" || method === "HEAD" ? module?.loader : module?.action;
    return fn ? { fn: fn as RouteFn, params: leaf?.params ?? {} } : null;
  };
}
type RouteObjectLike = { path?: string; index?: boolean; id: string; children?: RouteObjectLike[] };
