/**
 * Rate limits on everything an anonymous visitor can make the server do that
 * writes, holds spots or calls the payment provider. Each route names its
 * budget in the route table (app/route-policy.ts); one middleware in front of
 * every route spends it. Counters live in the database
 * (rate-limit.server.ts), so every app process on one database enforces the
 * same limit, and they are keyed by the client's address (client.server.ts:
 * hashed, IPv6 by /64, behind TRUST_PROXY_HOPS proxies). The numbers and why
 * they are what they are: docs/decisions/007-rate-limits.md.
 */

import type { Context, MiddlewareHandler } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { DEFAULT_SITE_NAME } from "../../app/lib/site.ts";
import { BUDGETS, type Budget } from "../../app/route-policy.ts";
import { budgetFor, isApi, matchRoute, type RouteMatch, routeOf } from "../route-match.server.ts";
import type { Services } from "../services.server.ts";
import { clientKey } from "./client.server.ts";
import { hit } from "./rate-limit.server.ts";

/** Every budget, each with its own counter (the routes that spend them: app/route-policy.ts). */
export const PUBLIC_LIMITS: readonly Budget[] = Object.values(BUDGETS);

/** The budget a request to `path` spends, if any (the path as sent: any letter case, slashes, `.data`). */
export function limitFor(method: string, path: string): Budget | undefined {
  return budgetFor(method, matchRoute(path));
}

/** "4 minutes", "1 minute", "30 seconds": how long to wait, rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The sentence every over-the-limit answer carries. */
function tooManyRequestsMessage(retryAfter: number): string {
  return `Too many requests from your connection. Please wait ${waitText(retryAfter)} and try again.`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * For a browser that navigated or posted a form without JavaScript: a page, not JSON.
 * A refused request reads nothing more from the database, so the site's default name.
 */
function limitPage(message: string, back: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Please try again later | ${escapeHtml(DEFAULT_SITE_NAME)}</title>
</head>
<body style="font-family: system-ui, sans-serif; margin: 0; padding: 3rem 1.5rem; color: #0f2a3d;">
<main style="max-width: 36rem; margin: 0 auto;">
<h1 style="font-size: 1.75rem;">Please try again later</h1>
<p style="font-size: 1.125rem; line-height: 1.6;">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(back)}" style="color: #0f766e;">Go back</a></p>
</main>
</body>
</html>`;
}

/** Whether the caller is a browser page (navigation or plain form post) rather than a script's fetch. */
function wantsPage(c: Context, match: RouteMatch): boolean {
  return (c.req.header("Accept") ?? "").includes("text/html") && !match.data;
}

/**
 * The one middleware that applies the budgets; mounted once, before every
 * route, on the request's normalised address (so `/BOOK` and `/book/` spend
 * /book's budget).
 */
export function publicLimits(services: Services): MiddlewareHandler {
  const { env, log } = services;
  return async (c, next) => {
    const match = routeOf(c);
    const policy = budgetFor(c.req.method, match);
    if (!policy) return next();
    const limit = Math.max(1, Math.round(policy.limit * env.RATE_LIMIT_FACTOR));
    const key = `public:${policy.name}:${clientKey(c, env.TRUST_PROXY_HOPS)}`;
    const result = await hit(services.database.db, key, { limit, windowMs: policy.windowMs }, services.now());
    if (result.allowed) return next();

    // Once per window and client, so a flood does not flood the log as well.
    if (result.hits === limit + 1) log.warn("rate limit reached", { limit: policy.name });
    const detail = tooManyRequestsMessage(result.retryAfter);
    c.header("Retry-After", String(result.retryAfter));
    c.header("Cache-Control", NO_STORE);
    if (wantsPage(c, match)) {
      const back = policy.back ?? (isApi(match) ? "/" : match.canonical);
      return c.html(limitPage(detail, back), 429);
    }
    return c.json({ detail, retry_after: result.retryAfter, errors: {} }, 429);
  };
}
