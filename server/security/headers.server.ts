/**
 * Response headers that protect the pages: a Content-Security-Policy with a
 * fresh nonce per request on every HTML answer, HSTS on every answer, and a
 * sandbox for operator uploads that are not images.
 */
import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";

/** One year, the value HSTS preload lists ask for; browsers ignore it over plain http. */
export const HSTS = "max-age=31536000; includeSubDomains";

const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

export type NonceVariables = { cspNonce: string };

/**
 * The policy for a server-rendered page. Scripts run only with this response's
 * nonce; 'strict-dynamic' lets those scripts load the route modules they import
 * (the host list is then ignored by browsers that support it). Styles allow
 * inline because server rendering writes style attributes. A form may post only
 * here, or to Stripe Checkout when Stripe takes the payments (a booking without
 * JavaScript is redirected there).
 */
function pagePolicy(nonce: string, options: { stripeCheckout: boolean }): string {
  const formAction = options.stripeCheckout ? `'self' ${STRIPE_CHECKOUT_ORIGIN}` : "'self'";
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
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

/** 128 random bits, as CSP nonces should carry. */
const newNonce = () => randomBytes(16).toString("base64");

/** Sets c.var.cspNonce for the renderer and the policy on whatever HTML comes back. */
export function contentSecurityPolicy(options: { stripeCheckout: boolean }): MiddlewareHandler<{
  Variables: NonceVariables;
}> {
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    await next();
    if (isHtml(c)) c.res.headers.set("Content-Security-Policy", pagePolicy(nonce, options));
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
  headers.set("Cache-Control", "public, max-age=604800");
  headers.set("X-Content-Type-Options", "nosniff");
  const file = c.req.path.split("/").pop() ?? "";
  const ext = file.split(".").pop()?.toLowerCase() ?? "";
  if (IMAGE_EXTENSIONS.has(ext)) return;
  headers.set("Content-Security-Policy", "sandbox; default-src 'none'");
  headers.set("Content-Disposition", `attachment; filename="${file.replace(/[^\w.-]/g, "_") || "download"}"`);
};

/**
 * A booking's private link carries its token in the path: the page must not
 * be cached, indexed, or named in the Referer sent to any other site. The
 * policy is same-origin rather than no-referrer: under no-referrer a browser
 * sends `Origin: null` with the page's own form posts, and React Router refuses
 * a document POST whose Origin is not the site's (400 "Bad Request"), so the
 * cancel and re-send forms would fail without JavaScript. Same-origin requests
 * reach only this server, which holds the token already. Mounted before
 * secureHeaders and set after it, so this Referrer-Policy wins.
 */
export const privateLinkHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex, nofollow");
  headers.set("Referrer-Policy", "same-origin");
};
