import type { Context } from "hono";
import type { z } from "zod";
import { badRequest, fromZod, HttpError } from "../errors.server.ts";

/** Every JSON payload of this API is a small form; a larger body is refused before it is read in full. */
export const MAX_JSON_BYTES = 1024 * 1024;

const tooLarge = () =>
  new HttpError(413, "body: Request body is too large", { body: "Request body must be at most 1 MB" });

/** The body as text, counting bytes as they arrive (a missing Content-Length must not let it grow unbounded). */
async function readText(c: Context): Promise<string> {
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > MAX_JSON_BYTES) throw tooLarge();
  const stream = c.req.raw.body;
  // Already read by someone else: Hono keeps its own copy.
  if (!stream || c.req.raw.bodyUsed) return c.req.text();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads a JSON body and validates it; anything malformed is a 400 naming the field. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = JSON.parse(await readText(c));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest("body: Request body must be valid JSON", { body: "Request body must be valid JSON" });
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("body: Request body must be a JSON object", {
      body: "Request body must be a JSON object",
    });
  }
  const result = schema.safeParse(body);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}
