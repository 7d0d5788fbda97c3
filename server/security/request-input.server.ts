/**
 * Checks on what every request carries before any route sees it: the path and
 * the query string must decode to text the database can store, and the body of
 * a page's form post is bounded.
 */
import type { MiddlewareHandler } from "hono";
import { readBodyBytes } from "../api/validate.server.ts";
import { HttpError } from "../errors.server.ts";
import { isApi, routeOf } from "../route-match.server.ts";
import { badText, textProblem } from "./text.server.ts";

const badEncoding = (field: string) =>
  new HttpError(400, `${field}: is not valid percent-encoding`, { [field]: "is not valid percent-encoding" });

function decode(raw: string, field: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badEncoding(field);
  }
}

/**
 * Every path segment and every query parameter, decoded strictly: a malformed
 * escape such as %E0%A4%A, or a decoded NUL or lone surrogate (%00, %ED%A0%80
 * cannot decode, but \uD800 can arrive raw), is a 400 naming "path" or the
 * parameter, before a route can pass it to the database.
 */
export function checkRequestText(url: string): void {
  const parsed = new URL(url);
  for (const segment of parsed.pathname.split("/")) {
    const problem = textProblem(decode(segment, "path"));
    if (problem) throw badText({ field: "path", message: problem });
  }
  checkParams(parsed.search.slice(1), "query");
}

/**
 * name=value pairs as in a query string or a form body: each decoded strictly
 * and checked, the error naming the parameter (or `container` when the name
 * itself is at fault).
 */
export function checkParams(encoded: string, container: string): void {
  for (const pair of encoded.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const name = decode((eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, " "), container);
    const nameProblem = textProblem(name);
    if (nameProblem) throw badText({ field: container, message: `parameter names ${nameProblem}` });
    const field = name.slice(0, 60) || container;
    if (eq === -1) continue;
    const problem = textProblem(decode(pair.slice(eq + 1).replace(/\+/g, " "), field));
    if (problem) throw badText({ field, message: problem });
  }
}

export const requestText = (): MiddlewareHandler => async (c, next) => {
  checkRequestText(c.req.url);
  await next();
};

/** A page's form (the contact form without JavaScript) is a few fields of text. */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * Bounds the body of a form post to a page (React Router actions) and applies
 * the text rule to its fields. The API reads its own bodies with its own
 * limits; uploads stream under theirs. The body is read once here and handed on
 * as a fresh request, so an action's request.formData() never sees more than
 * the limit.
 */
export const pageFormBody = (): MiddlewareHandler => async (c, next) => {
  const method = c.req.method;
  const match = routeOf(c);
  // GET and HEAD arrive without a body (OPTIONS is answered before this, server/methods.server.ts).
  if (method === "GET" || method === "HEAD" || isApi(match)) {
    return next();
  }
  // Page forms that take a photo: their action streams the body through the upload reader
  // (readMultipart), under its own size limits and the same text rule.
  if (match.policy.uploads && /^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
    return next();
  }
  const bytes = await readBodyBytes(c.req.raw, MAX_FORM_BYTES);
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    // The same strict decoding as a query string: a malformed escape is a 400 too.
    checkParams(new TextDecoder().decode(bytes), "body");
  }
  const raw = c.req.raw;
  c.req.raw = new Request(raw.url, {
    method,
    headers: raw.headers,
    body: bytes.byteLength ? new Uint8Array(bytes) : null,
    signal: raw.signal,
  });
  await next();
};
