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
