/** Running an admin schema for a form, with its messages per field. */

import type { z } from "../zod.ts";

/** Field -> first message, named as the server names them (errors.server.ts fromZod). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "body";
    out[key] ??= issue.message;
  }
  return out;
}

/** Runs a schema for a form: the parsed value, or the messages per field. */
export function check<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { ok: true; data: z.infer<T> } | { ok: false; errors: Record<string, string> } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
