import { mkdirSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { RouterContextProvider } from "react-router";
import { NO_STORE } from "../app/lib/cache-control.ts";
import { appContext } from "../app/lib/context.ts";
import { DEFAULT_SITE_NAME } from "../app/lib/site.ts";
import { adminApi } from "./api/admin.server.ts";
import { bookingApi } from "./api/bookings.server.ts";
import { oneClickUnsubscribe } from "./api/newsletter-unsubscribe.server.ts";
import { publicApi } from "./api/public.server.ts";
import { seoRoutes } from "./api/seo.server.ts";
import { createPageCache } from "./cache/page-cache.server.ts";
import {
  databaseUnavailable,
  fromDatabaseError,
  HttpError,
  UNAVAILABLE_DETAIL,
  UNAVAILABLE_RETRY_AFTER_S,
} from "./errors.server.ts";
import { allowedMethods, isApiPath, type PageMethods } from "./methods.server.ts";
import { canonicalAddress, loggedQuery, routeOf } from "./route-match.server.ts";
import { clientAddressInClear, clientKey } from "./security/client.server.ts";
import {
  contentSecurityPolicy,
  HSTS,
  type NonceVariables,
  permissionsPolicy,
  routeHeaders,
  uploadHeaders,
} from "./security/headers.server.ts";
import { publicLimits } from "./security/public-limits.server.ts";
import { pageFormBody, requestText } from "./security/request-input.server.ts";
import { bookingDeps, type Services } from "./services.server.ts";

export type DocumentHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface AppOptions {
  /** React Router's request handler; omitted in API-only tests. */
  renderDocument?: DocumentHandler;
  /** Built client assets (production); dev serves them through Vite. */
  clientDir?: string;
  /** The methods each page serves (from the route modules); without it every page takes GET, HEAD and POST. */
  pageMethods?: PageMethods;
  /** The inline scripts the pages carry (the build's list): shared pages allow exactly these by hash. */
  inlineScripts?: () => Promise<readonly string[]>;
}

const SITE_NAME_HTML = DEFAULT_SITE_NAME.replaceAll("&", "&amp;");

/**
 * While the database is away (a restart, a failover): 503 with Retry-After, so
 * clients, crawlers and load balancers come back instead of treating the site
 * as broken. The page reloads itself after the same wait.
 */
function unavailableAnswer(api: boolean): Response {
  // The settings that hold the site's name are in the database that is away: the default name.
  const headers = { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S), "Cache-Control": NO_STORE };
  if (api) return Response.json({ detail: UNAVAILABLE_DETAIL }, { status: 503, headers });
  const page = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${UNAVAILABLE_RETRY_AFTER_S}"><title>Briefly unavailable | ${SITE_NAME_HTML}</title></head><body><main><h1>${SITE_NAME_HTML}</h1><p>${UNAVAILABLE_DETAIL}</p></main></body></html>`;
  return new Response(page, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}

/** What loaders and actions reach through getApp(context); the page handler builds one per request. */
export function pageContext(
  services: Services,
  request: { nonce?: string; clientKey: string; clientAddress: string; host?: string | null },
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    db: services.database.db,
    env: services.env,
    log: services.log,
    paymentsMode: services.payments.name,
    nonce: request.nonce,
    booking: bookingDeps(services, request.host ?? null),
    testCheckout: services.testCheckout,
    clientKey: request.clientKey,
    clientAddress: request.clientAddress,
    outcome: { databaseUnavailable: false },
  });
  return context;
}

/** The one Hono app: API, health, SEO files, static assets, then server-rendered pages. */
export function createApp(services: Services, options: AppOptions = {}) {
  const { log, database } = services;
  const app = new Hono<{ Variables: RequestIdVariables & NonceVariables }>();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // The canonical path with its secrets (booking-link tokens, checkout ids) redacted, and only the
    // query parameters its route declares harmless (an email typed into a form, a session id: never).
    const match = routeOf(c);
    log.info("request", {
      id: c.get("requestId"),
      method: c.req.method,
      path: match.logged,
      query: loggedQuery(match, new URL(c.req.url).search),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  // Cache-Control, and the private-link headers, as the route table declares them.
  app.use(routeHeaders());
  app.use(
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-site",
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: HSTS,
      // The same rule as the policy's frame-ancestors 'none', for browsers that predate it.
      xFrameOptions: "DENY",
    }),
  );
  app.use(permissionsPolicy());
  app.use(contentSecurityPolicy({ stripeCheckout: services.payments.name === "stripe" }));
  app.use(compress());
  // Before anything reads the request: a method no route serves is a 405 (TRACE cannot even be read as a Request).
  app.use(
    allowedMethods(
      () => app.routes,
      options.renderDocument ? (options.pageMethods ?? (() => ["GET", "HEAD", "POST"])) : undefined,
    ),
  );
  // Input checks: text the database cannot store in the path or query, bounded page form posts.
  app.use(requestText());
  // One address per page: another spelling of it (letter case, a trailing slash) is a 308 to it.
  app.use(canonicalAddress());
  app.use(pageFormBody());
  app.use(publicLimits(services));
  // What every visitor sees the same is rendered once per content version (and answered with ETags).
  app.use(
    createPageCache({
      database,
      now: services.now,
      maxBytes: services.env.PAGE_CACHE_MB * 2 ** 20,
      stripeCheckout: services.payments.name === "stripe",
      inlineScripts: options.inlineScripts,
    }).middleware,
  );

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      return c.json({ detail: err.message, errors: err.errors ?? {} }, err.status as 400);
    }
    const unavailable = databaseUnavailable(err);
    if (unavailable) {
      log.warn("database unavailable", {
        id: c.get("requestId"),
        path: routeOf(c).logged,
        reason: unavailable,
      });
      return unavailableAnswer(isApiPath(c.req.path));
    }
    // Input the database refused (bad text, a number or date out of range, a broken constraint) is the
    // client's 4xx: one line at info, naming the column and the rule, never the value or a stack.
    const refused = fromDatabaseError(err);
    if (refused) {
      log.info("database refused the input", {
        id: c.get("requestId"),
        path: routeOf(c).logged,
        status: refused.status,
        detail: refused.message,
      });
      return c.json({ detail: refused.message, errors: refused.errors ?? {} }, refused.status as 400);
    }
    log.error("unhandled error", { id: c.get("requestId"), path: routeOf(c).logged, error: err });
    return c.json({ detail: "Something went wrong on our side. Please try again." }, 500);
  });

  app.get("/healthz", async (c) => {
    try {
      await database.db.execute(sql`select 1`);
      return c.json({ status: "ok", database: database.kind });
    } catch (error) {
      const reason = databaseUnavailable(error);
      if (reason) log.warn("health check: database down", { reason });
      else log.error("health check failed", { error });
      c.header("Retry-After", String(UNAVAILABLE_RETRY_AFTER_S));
      c.header("Cache-Control", NO_STORE);
      return c.json(
        { status: "down", database: database.kind, detail: "The database is not answering." },
        503,
      );
    }
  });

  const api = new Hono();
  api.route("/", publicApi(services));
  api.route("/", bookingApi(services));
  api.route("/", adminApi(services));
  // A sub-app's notFound is never called once mounted; a catch-all is.
  api.all("*", (c) => c.json({ detail: `No API route for ${c.req.method} ${c.req.path}` }, 404));
  app.route("/api", api);
  app.route("/", seoRoutes(services));
  app.route("/", oneClickUnsubscribe(services));

  // Operator uploads (media library), stored under DATA_DIR with server-generated names.
  const uploadsDir = path.resolve(services.env.DATA_DIR, "uploads");
  mkdirSync(uploadsDir, { recursive: true });
  const uploads = path.relative(process.cwd(), uploadsDir);
  app.use("/uploads/*", uploadHeaders());
  app.use(
    "/uploads/*",
    serveStatic({
      root: uploads,
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ""),
    }),
  );

  if (options.clientDir) {
    const root = options.clientDir;
    app.use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    app.use(
      "*",
      serveStatic({
        root,
        onFound: (_p, c) => c.header("Cache-Control", "public, max-age=86400"),
      }),
    );
  }

  const render = options.renderDocument;
  if (render) {
    app.all("*", async (c) => {
      const context = pageContext(services, {
        nonce: c.get("cspNonce"),
        clientKey: clientKey(c, services.env.TRUST_PROXY_HOPS),
        clientAddress: clientAddressInClear(c, services.env.TRUST_PROXY_HOPS),
        host: c.req.header("host") ?? null,
      });
      const response = await render(c.req.raw, context);
      // A loader or action that met the database away (pageFailed) is a 503 with Retry-After around
      // what the route rendered: the error page, or a form with its values and a try-again message.
      // A redirect it still managed stands.
      const redirect = response.status >= 300 && response.status < 400;
      if (context.get(appContext).outcome.databaseUnavailable && !redirect) {
        const headers = new Headers(response.headers);
        headers.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_S));
        headers.set("Cache-Control", NO_STORE);
        return new Response(response.body, { status: 503, headers });
      }
      return response;
    });
  }
  return app;
}
