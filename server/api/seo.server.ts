import { Hono } from "hono";
import { listActiveAdventures } from "../domain/content/adventures.server.ts";
import type { Services } from "../services.server.ts";

/** Public pages listed in the sitemap, besides one per active adventure. */
export const STATIC_PAGES = [
  "/",
  "/adventures",
  "/weekend",
  "/gallery",
  "/reviews",
  "/about",
  "/contact",
  "/faq",
  "/book",
  "/gift-vouchers",
  "/privacy",
  "/terms",
  "/cancellation",
];

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
/** Slugs are operator-edited, so every URL is escaped before it goes into XML. */
const xml = (s: string) => s.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);

export function seoRoutes({ database, env }: Services) {
  const app = new Hono();
  app.get("/robots.txt", (c) =>
    c.text(
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /book/\n\nSitemap: ${env.publicUrl}/sitemap.xml\n`,
    ),
  );
  app.get("/sitemap.xml", async (c) => {
    const adventures = await listActiveAdventures(database.db);
    const urls = [
      ...STATIC_PAGES.map((p) => ({ loc: `${env.publicUrl}${p === "/" ? "/" : p}`, lastmod: undefined })),
      ...adventures.map((a) => ({
        loc: `${env.publicUrl}/adventures/${a.slug}`,
        lastmod: a.updated_at.slice(0, 10),
      })),
    ];
    const body = urls
      .map(
        (u) => `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
      )
      .join("\n");
    c.header("Content-Type", "application/xml; charset=utf-8");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
    );
  });
  return app;
}
