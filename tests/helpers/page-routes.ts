/**
 * Page loaders and actions through the real app: a page handler that runs the
 * route's loader or action in place of the renderer, so every request still
 * passes the real middleware (headers, limits, form body checks, the request
 * log) and the context the server builds. The answer is the route's data as
 * JSON with the status it set, or the Response it returned (a redirect).
 */
import type { RouterContextProvider } from "react-router";
import { createApp } from "../../server/app.server.ts";
import type { Services } from "../../server/services.server.ts";

export type RouteFn = (args: never) => unknown;
type RouteResult = Response | { type?: string; data: unknown; init: ResponseInit | null };

/** Which route module function answers a page request, with its params; null answers 404. */
export type RouteTable = (
  method: string,
  path: string,
) => { fn: RouteFn; params: Record<string, string | undefined> } | null;

export function appWithRoutes(services: Services, routeFor: RouteTable) {
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
