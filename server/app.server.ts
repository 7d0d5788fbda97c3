import { mkdirSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { RouterContextProvider } from "react-router";
import { appContext } from "../app/lib/context.ts";
import { adminApi } from "./api/admin.server.ts";
import { bookingApi } from "./api/bookings.server.ts";
import { oneClickUnsubscribe } from "./api/newsletter-unsubscribe.server.ts";
import { publicApi } from "./api/public.server.ts";
import { seoRoutes } from "./api/seo.server.ts";
import { createPageCache } from "./cache/page-cache.server.ts";
import { fromDatabaseError, HttpError } from "./errors.server.ts";
import { redactPath } from "./log.server.ts";
import { clientAddressInClear, clientKey } from "./security/client.server.ts";
import {
  contentSecurityPolicy,
  HSTS,
  type NonceVariables,
  permissionsPolicy,
  privateLinkHeaders,
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
}

/** What loaders and actions reach through getApp(context); the page handler builds one per request. */
export function pageContext(
  services: Services,
  request: { nonce?: string; clientKey: string; clientAddress: string },
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    db: services.database.db,
    env: services.env,
    log: services.log,
    paymentsMode: services.payments.name,
    nonce: request.nonce,
    booking: bookingDeps(services),
    testCheckout: services.testCheckout,
    clientKey: request.clientKey,
    clientAddress: request.clientAddress,
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
    // Path only (query strings can carry checkout session ids); checkout ids and booking-link tokens redacted.
    log.info("request", {
      id: c.get("requestId"),
      method: c.req.method,
      path: redactPath(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  app.use("/my-booking/*", privateLinkHeaders());
  app.use("/newsletter/unsubscribe/*", privateLinkHeaders());
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
  // Input checks: text the database cannot store in the path or query, bounded page form posts.
  app.use(requestText());
  app.use(pageFormBody());
  app.use(publicLimits(services));
  // What every visitor sees the same is rendered once per content version (and answered with ETags).
  app.use(
    createPageCache({
      database,
      now: services.now,
      maxBytes: services.env.PAGE_CACHE_MB * 2 ** 20,
      stripeCheckout: services.payments.name === "stripe",
    }).middleware,
  );

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      return c.json({ detail: err.message, errors: err.errors ?? {} }, err.status as 400);
    }
    // Input the database refused (bad text, a number or date out of range, a broken constraint) is the client's 4xx.
    const refused = fromDatabaseError(err);
    if (refused) {
      log.warn("database refused the input", {
        id: c.get("requestId"),
        path: redactPath(c.req.path),
        error: err,
      });
      return c.json({ detail: refused.message, errors: refused.errors ?? {} }, refused.status as 400);
    }
    log.error("unhandled error", { id: c.get("requestId"), path: redactPath(c.req.path), error: err });
    return c.json({ detail: "Something went wrong on our side. Please try again." }, 500);
  });

  app.get("/healthz", async (c) => {
    try {
      await database.db.execute(sql`select 1`);
      return c.json({ status: "ok", database: database.kind });
    } catch (error) {
      log.error("health check failed", { error });
      return c.json({ status: "error", database: database.kind }, 503);
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
      });
      return render(c.req.raw, context);
    });
  }
  return app;
}
