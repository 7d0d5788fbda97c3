/**
 * Rate limits on everything an anonymous visitor can make the server do that
 * writes, holds spots or calls the payment provider. One table of policies,
 * one middleware in front of every route. Counters live in the database
 * (rate-limit.server.ts), so every app process on one database enforces the
 * same limit, and they are keyed by the client's address (client.server.ts:
 * hashed, IPv6 by /64, behind TRUST_PROXY_HOPS proxies). The numbers and why
 * they are what they are: docs/decisions/007-rate-limits.md.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Services } from "../services.server.ts";
import { clientKey } from "./client.server.ts";
import { hit } from "./rate-limit.server.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface PublicLimit {
  /** Names the counter; routes with one name share one budget. */
  name: string;
  methods: readonly string[];
  path: RegExp;
  /** Requests allowed per client within one window (before RATE_LIMIT_FACTOR). */
  limit: number;
  windowMs: number;
  /** Where the "go back" link of the HTML answer leads (a page form goes back to its own page). */
  back?: string;
}

const WRITES = ["POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * First match wins. Every request counts, refused or not: card testing and
 * spam show up as failures as much as successes.
 */
export const PUBLIC_LIMITS: readonly PublicLimit[] = [
  // Each booking holds up to 4 spots for 30 minutes before it is paid. The JSON API and the
  // /book page's no-JavaScript form (its action answers every method but GET and HEAD) share one budget.
  {
    name: "booking",
    methods: WRITES,
    path: /^\/(api\/bookings|book(\.data)?)$/,
    limit: 10,
    windowMs: HOUR,
    back: "/book",
  },
  // Custom amounts: every call opens a provider checkout (card testing).
  {
    name: "custom-payment",
    methods: ["POST"],
    path: /^\/api\/payments\/v1\/checkout\/session$/,
    limit: 5,
    windowMs: HOUR,
  },
  // Each check asks the provider; /book polls every 2 s, 10 times per session.
  {
    name: "payment-status",
    methods: ["GET", "HEAD"],
    path: /^\/api\/payments\/v1\/checkout\/status\/[^/]+$/,
    limit: 60,
    windowMs: 10 * MINUTE,
  },
  // The test checkout's card form: its JSON route and its page's no-JavaScript form post.
  {
    name: "test-card",
    methods: WRITES,
    path: /^\/(api\/payments\/v1\/test-checkout\/[^/]+\/pay|checkout\/test\/[^/]+?(\.data)?)$/,
    limit: 20,
    windowMs: HOUR,
  },
  {
    name: "checkout-cancel",
    methods: ["GET", "HEAD"],
    path: /^\/api\/payments\/v1\/checkout\/cancel\/[^/]+$/,
    limit: 20,
    windowMs: HOUR,
    back: "/book",
  },
  // A voucher check answers whether a code exists: enough for a person fixing a typo, far too
  // few to guess any of 31^8 codes.
  {
    name: "voucher-check",
    methods: ["POST"],
    path: /^\/api\/vouchers\/check$/,
    limit: 20,
    windowMs: HOUR,
  },
  // Each gift voucher order opens a provider checkout (card testing), like a custom payment.
  {
    name: "gift-voucher",
    methods: WRITES,
    path: /^\/gift-vouchers(\.data)?$/,
    limit: 5,
    windowMs: HOUR,
    back: "/gift-vouchers",
  },
  // The JSON API and the page's no-JavaScript form share one budget.
  { name: "contact", methods: WRITES, path: /^\/(api\/)?contact(\.data)?$/, limit: 5, windowMs: HOUR },
  {
    name: "newsletter",
    methods: ["POST"],
    path: /^\/api\/newsletter\/subscribe$/,
    limit: 5,
    windowMs: HOUR,
  },
  // A waitlist join mails the address typed in: the JSON API and the adventure page's
  // no-JavaScript form share one budget (the /book form's post counts as a booking post).
  {
    name: "waitlist",
    methods: WRITES,
    path: /^\/(api\/waitlist|adventures\/[^/]+?(\.data)?)$/,
    limit: 10,
    windowMs: HOUR,
  },
  // Re-sending booking links mails an address someone typed: a person asks once or twice.
  {
    name: "booking-link-resend",
    methods: WRITES,
    path: /^\/my-booking(\.data)?$/,
    limit: 5,
    windowMs: HOUR,
    back: "/my-booking",
  },
  // A review from a booking link: one per booking is stored; the rest are retries and mistakes.
  {
    name: "review",
    methods: WRITES,
    path: /^\/my-booking\/[^/]+\/review(\.data)?$/,
    limit: 10,
    windowMs: HOUR,
  },
  // Each person of a group filled in from a booking link (up to 20 people), a post or two each,
  // or from their own link.
  {
    name: "participants",
    methods: WRITES,
    path: /^\/(my-booking\/[^/]+\/participants\/[^/]+?|my-details\/[^/]+?)(\.data)?$/,
    limit: 60,
    windowMs: HOUR,
  },
  // A booking link's own forms: reviewing and confirming a cancellation are two posts.
  {
    name: "booking-link",
    methods: WRITES,
    path: /^\/my-booking\/[^/]+?(\.data)?$/,
    limit: 10,
    windowMs: HOUR,
  },
  // Unsubscribe links: the page's button and the one-click POST of RFC 8058. Mailbox providers
  // send the one-click POSTs from a few servers on behalf of many readers, so the budget is wider
  // than one person's; the tokens are 256-bit, so guessing gains nothing from it either way.
  {
    name: "newsletter-unsubscribe",
    methods: WRITES,
    path: /^\/newsletter\/unsubscribe\/[^/]+?(\.data)?$/,
    limit: 60,
    windowMs: HOUR,
  },
  // Any other page form action (React Router actions answer every method but GET and HEAD).
  { name: "page-form", methods: WRITES, path: /^\/(?!api\/)/, limit: 20, windowMs: HOUR },
];

/** The policy that covers a request, if any. */
export function limitFor(method: string, path: string): PublicLimit | undefined {
  const m = method.toUpperCase();
  return PUBLIC_LIMITS.find((p) => p.methods.includes(m) && p.path.test(path));
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

/** For a browser that navigated or posted a form without JavaScript: a page, not JSON. */
function limitPage(message: string, back: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Please try again later | Tidewater Dive &amp; Camp</title>
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
function wantsPage(c: Context): boolean {
  return (c.req.header("Accept") ?? "").includes("text/html") && !c.req.path.endsWith(".data");
}

/** The one middleware that applies PUBLIC_LIMITS; mounted once, before every route. */
export function publicLimits(services: Services): MiddlewareHandler {
  const { env, log } = services;
  return async (c, next) => {
    const policy = limitFor(c.req.method, c.req.path);
    if (!policy) return next();
    const limit = Math.max(1, Math.round(policy.limit * env.RATE_LIMIT_FACTOR));
    const key = `public:${policy.name}:${clientKey(c, env.TRUST_PROXY_HOPS)}`;
    const result = await hit(services.database.db, key, { limit, windowMs: policy.windowMs }, services.now());
    if (result.allowed) return next();

    // Once per window and client, so a flood does not flood the log as well.
    if (result.hits === limit + 1) log.warn("rate limit reached", { limit: policy.name });
    const detail = tooManyRequestsMessage(result.retryAfter);
    c.header("Retry-After", String(result.retryAfter));
    c.header("Cache-Control", "no-store");
    if (wantsPage(c)) {
      const back = policy.back ?? (c.req.path.startsWith("/api/") ? "/" : c.req.path);
      return c.html(limitPage(detail, back), 429);
    }
    return c.json({ detail, retry_after: result.retryAfter, errors: {} }, 429);
  };
}
