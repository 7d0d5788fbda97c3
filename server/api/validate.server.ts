import type { Context } from "hono";
import type { z } from "zod";
import { badRequest, fromZod } from "../errors.server.ts";

/** Reads a JSON body and validates it; anything malformed is a 400 naming the field. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
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
