/**
 * Response headers that protect the pages: a Content-Security-Policy with a
 * fresh nonce per request on every HTML answer, HSTS and a Permissions-Policy
 * on every answer, a sandbox for operator uploads that are not images, and the
 * caching and privacy headers each route declares.
 */

import { createHash, randomBytes } from "node:crypto";
import { posix } from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import type { ServerBuild } from "react-router";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { routeOf } from "../route-match.server.ts";

/** One year, the value HSTS preload lists ask for; browsers ignore it over plain http. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The browser features a page of this site (and anything it might frame) may
 * use: none of the powerful ones, except writing to the clipboard from this
 * origin (the admin console copies recovery codes and media links). Payment
 * is denied too: card payments happen on Stripe's own hosted page or on the
 * built-in test checkout's form, neither of which uses the Payment Request
 * API here. Only features Chromium recognises are listed, so the header
 * never logs a console warning.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "clipboard-read=()",
  "clipboard-write=(self)",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=()",
  "gamepad=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "local-fonts=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** Sets PERMISSIONS_POLICY on every answer (pages, files, API), as HSTS is. */
export const permissionsPolicy = (): MiddlewareHandler => async (c, next) => {
  await next();
  c.res.headers.set("Permissions-Policy", PERMISSIONS_POLICY);
};

const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

export type NonceVariables = { cspNonce: string };

/**
 * The policy for a server-rendered page. Scripts run only when the policy
 * names them: a page rendered for one request carries a fresh nonce, with
 * 'strict-dynamic' letting those scripts load the route modules they import
 * (the host list is then ignored by browsers that support it); a page shared
 * between visitors (server/cache/page-cache.server.ts) lists the hashes of the
 * inline scripts the application defines, never of whatever its HTML holds,
 * and allows this site's own script files. Styles allow inline
 * because server rendering writes style attributes. A form may post only here,
 * or to Stripe Checkout when Stripe takes the payments (a booking without
 * JavaScript is redirected there).
 */
export function htmlPolicy(options: { scripts: string[]; stripeCheckout: boolean }): string {
  const formAction = options.stripeCheckout ? `'self' ${STRIPE_CHECKOUT_ORIGIN}` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${options.scripts.join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action ${formAction}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "font-src 'self'",
  ].join("; ");
}

/** The CSP source that allows an inline script with exactly this text. */
export const scriptHash = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The inline scripts the build's server entry lists (app/lib/inline-scripts.ts),
 * which shared pages allow by hash. A build without the list does not start:
 * its shared pages could run none of their scripts.
 */
export function inlineScriptsOf(build: ServerBuild): readonly string[] {
  const scripts: unknown = (build.entry.module as { inlineScripts?: unknown }).inlineScripts;
  if (!Array.isArray(scripts) || !scripts.every((s) => typeof s === "string")) {
    throw new Error("The server build's entry exports no inlineScripts list (app/entry.server.tsx).");
  }
  return scripts;
}

/** 128 random bits, as CSP nonces should carry. */
const newNonce = () => randomBytes(16).toString("base64");

/**
 * Sets c.var.cspNonce for the renderer and the nonce policy on whatever HTML
 * comes back without a policy of its own (shared pages bring theirs).
 */
export function contentSecurityPolicy(options: { stripeCheckout: boolean }): MiddlewareHandler<{
  Variables: NonceVariables;
}> {
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    await next();
    if (isHtml(c) && !c.res.headers.has("Content-Security-Policy")) {
      c.res.headers.set(
        "Content-Security-Policy",
        htmlPolicy({
          scripts: [`'nonce-${nonce}'`, "'strict-dynamic'"],
          stripeCheckout: options.stripeCheckout,
        }),
      );
    }
  };
}

const isHtml = (c: Context) =>
  (c.res.headers.get("content-type") ?? "").toLowerCase().startsWith("text/html");

/** Stored upload types a browser shows inline as pictures; every other upload is a download. */
const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "gif", "webp", "avif", "heic"]);

/**
 * An upload that is not an image must never run as a page of this origin when
 * opened directly: it is a download, under a sandbox policy that allows
 * nothing. (A video still plays in <video>: the disposition only affects
 * navigation.) Images keep showing inline. Set after the file is served:
 * headers the static handler's onFound sets on its finished response are lost.
 */
export const uploadHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (c.res.status !== 200 && c.res.status !== 206) return;
  const headers = c.res.headers;
  // X-Content-Type-Options: nosniff comes with every answer (secureHeaders).
  headers.set("Cache-Control", "public, max-age=604800");
  const file = posix.basename(c.req.path);
  if (IMAGE_EXTENSIONS.has(posix.extname(file).slice(1).toLowerCase())) return;
  headers.set("Content-Security-Policy", "sandbox; default-src 'none'");
  headers.set("Content-Disposition", `attachment; filename="${file.replace(/[^\w.-]/g, "_") || "download"}"`);
};

/**
 * The caching and privacy headers the route table declares (app/route-policy.ts).
 *
 * An address that is a credential (a booking link's token, a checkout session)
 * must not be cached, indexed, or named in the Referer sent to any other site.
 * The policy is same-origin rather than no-referrer: under no-referrer a
 * browser sends `Origin: null` with the page's own form posts, and React Router
 * refuses a document POST whose Origin is not the site's (400 "Bad Request"),
 * so the cancel and re-send forms would fail without JavaScript. Same-origin
 * requests reach only this server, which holds the token already.
 *
 * Every other answer that says nothing of its own is no-store: personal or
 * changing answers (admin, the API's writes, redirects) are never kept
 * anywhere; shared pages, static files and uploads set their own.
 *
 * Mounted before secureHeaders and set after it, so this Referrer-Policy wins.
 */
export const routeHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (routeOf(c).policy.cache === "private") {
    headers.set("Cache-Control", NO_STORE);
    headers.set("X-Robots-Tag", "noindex, nofollow");
    headers.set("Referrer-Policy", "same-origin");
  } else if (!headers.has("Cache-Control")) {
    headers.set("Cache-Control", NO_STORE);
  }
};
