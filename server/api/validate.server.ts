import type { Context } from "hono";
import type { z } from "zod";
import { badRequest, HttpError } from "../errors.server.ts";
import { validateBody } from "../security/text.server.ts";

/** Every JSON payload of this API is a small form; a larger body is refused before it is read in full. */
const MAX_JSON_BYTES = 1024 * 1024;

const megabytesOrKilobytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

const bodyTooLarge = (limit: number) =>
  new HttpError(413, "body: Request body is too large", {
    body: `Request body must be at most ${megabytesOrKilobytes(limit)}`,
  });

/**
 * The body's exact bytes, counted as they arrive: a declared Content-Length over
 * the limit is refused before reading, and a missing or false one cannot let the
 * body grow past it (the stream is cancelled at the first byte too many).
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw bodyTooLarge(limit);
  const stream = request.body;
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as UTF-8 text, bounded like readBodyBytes. */
export async function readBodyText(c: Context, limit = MAX_JSON_BYTES): Promise<string> {
  // Already read by someone else: Hono keeps its own copy.
  if (c.req.raw.bodyUsed) {
    const text = await c.req.text();
    if (Buffer.byteLength(text) > limit) throw bodyTooLarge(limit);
    return text;
  }
  return new TextDecoder().decode(await readBodyBytes(c.req.raw, limit));
}

/**
 * application/json, application/<anything>+json, with or without parameters
 * such as charset. Browsers can send a cross-site form only as
 * application/x-www-form-urlencoded, multipart/form-data or text/plain, so
 * requiring JSON here also refuses cross-site form posts.
 */
export function isJsonContentType(value: string | undefined): boolean {
  const type = (value ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

function requireJsonContentType(c: Context): void {
  const given = c.req.header("content-type");
  if (isJsonContentType(given)) return;
  const message = "Content-Type must be application/json";
  throw new HttpError(415, `${message}${given ? ` (received ${given.slice(0, 80)})` : ""}`, {
    "content-type": message,
  });
}

/**
 * Reads a JSON body and validates it; anything malformed is a 400 naming the
 * field, a body of another type a 415, text the database cannot store a 400
 * naming the field that holds it.
 */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  requireJsonContentType(c);
  let body: unknown;
  try {
    body = JSON.parse(await readBodyText(c));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest("body: Request body must be valid JSON", { body: "Request body must be valid JSON" });
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("body: Request body must be a JSON object", {
      body: "Request body must be a JSON object",
    });
  }
  return validateBody(body, schema);
}

/** Reads the query string (each parameter's first value) and validates it like a body: a 400 naming the field. */
export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return validateBody(c.req.query(), schema);
}
