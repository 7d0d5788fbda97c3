/**
 * Boots the site: configuration, database (migrate + first-start seed), admin
 * password, the HTTP server, and a clean shutdown on SIGTERM/SIGINT.
 * `npm start` and `npm run dev` both end up here.
 */
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { isLocalHostname } from "../app/lib/local-address.ts";
import { DEFAULT_SITE_NAME } from "../app/lib/site.ts";
import { createApp, type DocumentHandler } from "./app.server.ts";
import { openDatabase } from "./db/client.server.ts";
import { makeDataDirPrivate } from "./db/private-files.server.ts";
import { seedIfEmpty } from "./db/seed.server.ts";
import { ensureAdminPassword } from "./domain/access/admin-password.server.ts";
import { syncPasswordSource } from "./domain/access/auth.server.ts";
import { upgradeTwoFactorStorage } from "./domain/access/two-factor.server.ts";
import { assertSafeToStart, parseEnv } from "./env.server.ts";
import { databaseUnavailable } from "./errors.server.ts";
import { createLogger } from "./log.server.ts";
import { addMissingVariants } from "./media/store.server.ts";
import { type PageMethods, pageMethodsOf } from "./methods.server.ts";
import { inlineScriptsOf } from "./security/headers.server.ts";
import { loadSecretBox } from "./security/secret-box.server.ts";
import { buildServices } from "./services.server.ts";

/** How long a shutdown waits for requests in flight before closing their connections. */
const DRAIN_MS = 8_000;
/** How long an idle keep-alive connection stays open: past the 60 s that pooling clients and proxies commonly keep one. */
const KEEP_ALIVE_MS = 65_000;

export async function main(options: { onStop?: () => Promise<void> } = {}) {
  const env = parseEnv();
  // Before anything opens: a refusal must leave no database or port behind.
  assertSafeToStart(env);
  const log = createLogger(env.LOG_LEVEL);
  const dev = env.NODE_ENV === "development";
  const buildDir = process.env.BUILD_DIR ?? "build";

  // Before the database opens: every file under DATA_DIR (database, uploads) is this user's only.
  await makeDataDirPrivate(path.resolve(env.DATA_DIR), log);
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          url: env.DATABASE_URL,
          onConnectionLost: (error) =>
            log.warn("database connection lost", { reason: databaseUnavailable(error) ?? error.name }),
        }
      : { dataDir: path.resolve(env.DATA_DIR, "db") },
  );
  log.info("database ready", { kind: database.kind });
  if (env.SEED === "auto") await seedIfEmpty(database.db, log);
  const generated = await ensureAdminPassword(database.db, env.ADMIN_PASSWORD);
  const ended = await syncPasswordSource(database.db, env.ADMIN_PASSWORD, new Date());
  if (ended) log.warn("admin password changed since the last start; every session ended", { ended });

  const secretBox = await loadSecretBox(env);
  const twoFactor = await upgradeTwoFactorStorage(database.db, secretBox, new Date());
  if (twoFactor.sealed || twoFactor.rehashed) log.info("two-factor storage upgraded", twoFactor);
  if (twoFactor.secret === "unencrypted") {
    log.warn(
      "the two-factor secret is stored unencrypted: set ENCRYPTION_KEY (the same value for every process) and restart to encrypt it",
    );
  }
  if (twoFactor.secret === "unreadable") {
    log.error(
      "the two-factor secret was stored with another encryption key: sign-in with a code fails. Restore that key (ENCRYPTION_KEY, or DATA_DIR/encryption.key on the embedded database), or run npm run admin:two-factor-off",
    );
  }

  const services = buildServices({ database, env, log }, { secretBox });
  log.info("payments", {
    provider: services.payments.name,
    webhooks: services.payments.name === "stripe" ? Boolean(env.STRIPE_WEBHOOK_SECRET) : undefined,
  });
  services.outbox.start();
  services.sweeper.start();
  services.tripEmails.start();
  services.auditRetention.start();
  // Uploads from before an image size was added get it; in the background (a first start has none).
  void addMissingVariants(env.DATA_DIR, log).catch((error: unknown) =>
    log.warn("image copies not checked", { error }),
  );

  let renderDocument: DocumentHandler;
  let pageMethods: PageMethods;
  let inlineScripts: () => Promise<readonly string[]>;
  let viteMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  let closeVite = async () => {};
  if (dev) {
    const { createServer: createVite } = await import("vite");
    const vite = await createVite({ server: { middlewareMode: true }, appType: "custom" });
    viteMiddleware = vite.middlewares;
    closeVite = () => vite.close();
    renderDocument = async (request, context) => {
      const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler(build, "development")(request, context);
    };
    pageMethods = async (pathname, search) => {
      const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return pageMethodsOf(build.routes)(pathname, search);
    };
    inlineScripts = async () =>
      inlineScriptsOf((await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild);
  } else {
    const buildPath = path.resolve(buildDir, "server/index.js");
    const build = (await import(buildPath)) as ServerBuild;
    const handler = createRequestHandler(build, "production");
    renderDocument = (request, context) => handler(request, context);
    pageMethods = pageMethodsOf(build.routes);
    const scripts = inlineScriptsOf(build);
    inlineScripts = async () => scripts;
  }

  const app = createApp(services, {
    renderDocument,
    pageMethods,
    inlineScripts,
    clientDir: dev ? undefined : path.relative(process.cwd(), path.resolve(buildDir, "client")),
  });
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (viteMiddleware) viteMiddleware(req, res, () => listener(req, res));
    else listener(req, res);
  });
  // An idle connection is kept for longer than the clients and proxies that pool connections keep
  // one (a load balancer's idle limit is commonly 60 s; Node's own default here is 5 s). A client
  // that reuses a pooled connection just as the server closes it gets a reset instead of an answer,
  // so the side that closes first must be the client.
  server.keepAliveTimeout = KEEP_ALIVE_MS;

  // Signals are handled from before the first request can arrive: a SIGTERM sent as soon as the
  // server says it is listening must still drain and close the database.
  let stopping = false;
  /**
   * SIGTERM/SIGINT: stop accepting connections, let the requests in flight
   * finish (up to DRAIN_MS, then their connections are closed), stop the background work, and only then close the database, so nothing a
   * client was told succeeded is cut off half-way.
   */
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    // Within a container's usual 10 s grace; a process that cannot stop by then exits with a failure code.
    const force = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, DRAIN_MS + 1_500);
    force.unref();
    // close() also closes idle keep-alive connections, and a busy one once its answer is sent.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const drained = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), DRAIN_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!drained) {
      log.warn("requests still running after the drain time; closing their connections");
      server.closeAllConnections();
      await closed;
    }
    await closeVite();
    // Background work first: it needs the database until it has finished.
    await services.sweeper.stop();
    await services.tripEmails.stop();
    await services.auditRetention.stop();
    await services.outbox.stop();
    await database.close();
    await options.onStop?.().catch((error: unknown) => log.error("stop hook failed", { error }));
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log.info("listening", { port, mode: dev ? "development" : "production" });

  const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const lines = [
    "",
    `  ${DEFAULT_SITE_NAME} is running at ${url}`,
    `  Admin area: ${url}/admin`,
    generated
      ? await announceGenerated(generated, env.DATA_DIR, log)
      : env.ADMIN_PASSWORD
        ? "  Admin password: the ADMIN_PASSWORD you set"
        : "  Admin password: the one printed on the first start (set ADMIN_PASSWORD to replace it)",
    services.payments.name === "test"
      ? "  Payments: the built-in TEST checkout, no real money moves (set the Stripe keys to take payments)"
      : "  Payments: Stripe Checkout",
    ...(isLocalHostname(new URL(url).hostname)
      ? [
          "  Local address: opened at another local address (127.0.0.1, this machine's LAN address), checkouts return there;",
          "  a public address is never followed: set PUBLIC_URL to the site's public address before going live",
        ]
      : []),
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  // The same notice in the log: a deployment with a local PUBLIC_URL sends every checkout to it.
  if (isLocalHostname(new URL(url).hostname)) {
    log.info(
      "PUBLIC_URL is a local address: checkouts return to the visitor's address when it is local too",
      {
        publicUrl: url,
      },
    );
  }

  return { server, port, services };
}

/**
 * A generated admin password is shown to the person at the terminal, never
 * written to a log: when stdout is not a terminal (a service manager, a
 * container, a log collector) it goes to DATA_DIR/admin-password.txt, readable
 * by this user only, and only that path is printed.
 */
async function announceGenerated(password: string, dataDir: string, log: ReturnType<typeof createLogger>) {
  if (process.stdout.isTTY) {
    return `  Admin password (generated now, shown once; set ADMIN_PASSWORD to choose your own): ${password}`;
  }
  const file = path.resolve(dataDir, "admin-password.txt");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  // The mode applies only when the file is created: an older file keeps its own.
  await chmod(file, 0o600);
  log.warn("admin password generated", { file });
  return `  Admin password (generated now): in ${file}, readable only by this user. Delete the file once you have it; set ADMIN_PASSWORD to choose your own.`;
}
