import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import {
  bearerToken,
  createSession,
  LoginRateLimiter,
  passwordChecker,
  revokeSession,
  verifySession,
} from "../domain/auth.server.ts";
import { HttpError } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

/**
 * THE rule for which API calls need the admin token: everything under
 * /api/admin/ except the login itself, plus the two lists of customer data
 * (GET /api/bookings, GET /api/contact). POST to those two stays public.
 */
export function isAdminOnly(method: string, path: string): boolean {
  const p = path.replace(/^\/api(?=\/)/, "").replace(/\/+$/, "") || "/";
  const reading = method === "GET" || method === "HEAD";
  if (p === "/admin/login") return false;
  if (p === "/admin" || p.startsWith("/admin/")) return true;
  if (reading && (p === "/bookings" || p === "/contact")) return true;
  return false;
}

/** Per-app auth state: the login limiter and the clock (tests may replace `now`). */
export interface AdminAuthState {
  limiter: LoginRateLimiter;
  now: () => Date;
  checkPassword: (password: string) => Promise<boolean>;
}

const states = new WeakMap<Services, AdminAuthState>();

export function adminAuthState(services: Services): AdminAuthState {
  let state = states.get(services);
  if (!state) {
    state = {
      limiter: new LoginRateLimiter(),
      now: () => services.now(),
      checkPassword: passwordChecker(services.database.db, services.env.ADMIN_PASSWORD),
    };
    states.set(services, state);
  }
  return state;
}

const unauthorized = (c: Context, detail: string) => {
  c.header("WWW-Authenticate", 'Bearer realm="admin"');
  return c.json({ detail }, 401);
};

/** Answers 401 { detail } unless the request carries a live admin token. */
export function requireAdmin(services: Services): MiddlewareHandler {
  const state = adminAuthState(services);
  return async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (!token) return unauthorized(c, "Not authenticated. Please log in.");
    if (!(await verifySession(services.database.db, token, state.now()))) {
      return unauthorized(c, "Your session has expired or is not valid. Please log in again.");
    }
    await next();
  };
}

/**
 * The client a login attempt is counted against: the socket's peer address;
 * behind a local reverse proxy (peer on loopback) the address that proxy
 * appended to X-Forwarded-For.
 */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const peer = env?.incoming?.socket?.remoteAddress;
  const local = !peer || peer === "::1" || peer.startsWith("127.") || peer === "::ffff:127.0.0.1";
  if (local) {
    const forwarded = c.req.header("X-Forwarded-For");
    const last = forwarded?.split(",").pop()?.trim();
    if (last) return last.slice(0, 64);
  }
  return peer ?? "local";
}

const loginSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(500),
});

/** POST /api/admin/login and /api/admin/logout. */
export function adminAuthApi(services: Services) {
  const { database, log } = services;
  const state = adminAuthState(services);
  const api = new Hono();

  api.post("/admin/login", async (c) => {
    const client = clientAddress(c);
    const now = state.now();
    const wait = state.limiter.retryAfter(client, now.getTime());
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      c.header("Retry-After", String(wait));
      log.warn("admin login refused: rate limited", { client });
      return c.json(
        {
          success: false,
          detail: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          retry_after: wait,
        },
        429,
      );
    }
    let password: string;
    try {
      ({ password } = await readJson(c, loginSchema));
    } catch (error) {
      if (error instanceof HttpError) return c.json({ success: false, detail: "Password is required" }, 400);
      throw error;
    }
    if (!(await state.checkPassword(password))) {
      state.limiter.fail(client, now.getTime());
      log.warn("admin login failed", { client });
      return c.json({ success: false, detail: "Invalid password" }, 401);
    }
    state.limiter.succeed(client);
    const session = await createSession(database.db, now);
    log.info("admin login", { client });
    return c.json({ success: true, token: session.token, expires_at: session.expiresAt.toISOString() });
  });

  // Behind requireAdmin: only a live token can be revoked this way.
  api.post("/admin/logout", async (c) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (token) await revokeSession(database.db, token, state.now());
    return c.json({ success: true });
  });

  return api;
}
