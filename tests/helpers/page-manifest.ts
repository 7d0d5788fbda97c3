/**
 * A route manifest shaped as React Router's build gives it (ids, parents,
 * paths, modules), with this site's kinds of route: the root and a pathless
 * layout, an index page, pages with and without an action, a private link's
 * page, a resource route, the catch-all 404, and an index route with an action
 * of its own (the case where a POST needs `?index`).
 */
import type { ServerBuild } from "react-router";

type Routes = ServerBuild["routes"];

function route(
  id: string,
  parentId: string | undefined,
  shape: { path?: string; index?: boolean; action?: boolean },
) {
  const module = {
    default: () => null,
    loader: async () => null,
    ...(shape.action ? { action: async () => null } : {}),
  };
  return { id, parentId, path: shape.path, index: shape.index, caseSensitive: undefined, module };
}

export const PAGE_ROUTES = Object.fromEntries(
  [
    route("root", undefined, { path: "" }),
    route("routes/public/layout", "root", {}),
    route("routes/public/home", "routes/public/layout", { index: true }),
    route("routes/public/adventures", "routes/public/layout", { path: "adventures" }),
    route("routes/public/contact", "routes/public/layout", { path: "contact", action: true }),
    route("routes/public/my-booking", "routes/public/layout", { path: "my-booking/:token", action: true }),
    route("routes/public/not-found", "routes/public/layout", { path: "*" }),
    route("routes/public/my-booking-calendar", "root", { path: "my-booking/:token/calendar.ics" }),
    route("routes/console/layout", "root", { path: "console" }),
    route("routes/console/index", "routes/console/layout", { index: true, action: true }),
  ].map((r) => [r.id, r]),
) as unknown as Routes;
