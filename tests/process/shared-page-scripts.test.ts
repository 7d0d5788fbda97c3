/**
 * The policy of the pages shared between visitors, from the production build
 * over a seeded database in this process: it allows the application's own
 * inline scripts and nothing found in the page. A script that reaches the
 * rendered HTML (here put into every page's content between the renderer and
 * the page cache, as injected markup or a bug would) has no hash in the policy,
 * while every other inline script the page carries has one.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.server.ts";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import { parseEnv } from "../../server/env.server.ts";
import { createLogger } from "../../server/log.server.ts";
import { inlineScriptsOf } from "../../server/security/headers.server.ts";
import { buildServices, type Services } from "../../server/services.server.ts";
import { runnableInlineScripts } from "../fixtures/router-page.ts";
import { PUBLIC_PAGES } from "../fixtures/site.ts";
import { seededDataDir } from "../helpers/seeded-data-dir.ts";

const BUILD = path.resolve(process.env.BUILD_DIR ?? "build");
const INJECTED = "window.__injected = 1";

let database: Database;
let services: Services;
let data: ReturnType<typeof seededDataDir>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  // The database the built server migrated and seeded at the start of the run, copied.
  data = seededDataDir();
  database = await openDatabase({ dataDir: path.join(data.dir, "db") });
  const env = parseEnv({ NODE_ENV: "production", PORT: "3999", DATA_DIR: data.dir, PAYMENTS: "test" });
  services = buildServices({ database, env, log: createLogger("silent") });
  const build = (await import(path.join(BUILD, "server/index.js"))) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  const scripts = inlineScriptsOf(build);
  app = createApp(services, {
    inlineScripts: async () => scripts,
    renderDocument: async (request, context) => {
      const res = await handler(request, context);
      if (!(res.headers.get("content-type") ?? "").startsWith("text/html")) return res;
      const html = (await res.text()).replace(/<main([^>]*)>/, `<main$1><script>${INJECTED}</script>`);
      const headers = new Headers(res.headers);
      headers.delete("content-length");
      return new Response(html, { status: res.status, headers });
    },
  });
});

afterAll(async () => {
  await services?.outbox.stop();
  await database?.close();
  data?.remove();
});

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a shared page's Content-Security-Policy", () => {
  it.each(PUBLIC_PAGES)(
    "%s: the injected script has no hash, every script of the page has one",
    async (address) => {
      const res = await app.request(address);
      expect(res.status).toBe(200);
      const policy = res.headers.get("content-security-policy") ?? "";
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
      expect(scriptSrc).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
      const scripts = runnableInlineScripts(await res.text());
      expect(scripts).toContain(INJECTED);
      expect(scriptSrc).not.toContain(sha256(INJECTED));
      for (const script of scripts.filter((s) => s !== INJECTED)) {
        expect(scriptSrc, script.slice(0, 80)).toContain(sha256(script));
      }
      // React Router's scripts travel as data: none of its per-page scripts is left to allow.
      expect(scripts.some((s) => s.includes("window.__reactRouterContext = "))).toBe(false);
    },
  );
});
