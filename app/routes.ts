import type { RouteConfig, RouteConfigEntry } from "@react-router/dev/routes";
import { type Layout, ROUTES } from "./route-policy";

/** The page rows of the route table (route-policy.ts) in one layout, as React Router routes. */
function pages(layout: Layout): RouteConfigEntry[] {
  return ROUTES.flatMap(({ path, page }) => {
    if (!page || page.layout !== layout) return [];
    const relative = path.slice(1);
    return [
      {
        file: page.file,
        ...(page.id ? { id: page.id } : {}),
        ...(page.index ? { index: true } : {}),
        ...(relative ? { path: relative } : {}),
      },
    ];
  });
}

export default [
  { file: "routes/public/layout.tsx", children: pages("public") },
  ...pages(null),
  { file: "routes/admin/layout.tsx", children: pages("admin") },
] satisfies RouteConfig;
