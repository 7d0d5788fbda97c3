/**
 * react-hook-form over the shared zod schemas of app/lib/admin-forms/, for
 * the forms whose fields hold what the operator typed (numbers as text, lists
 * one entry per line or comma-separated). The schema checks the payload those
 * values make, i.e. what the API would receive, so the form and the server
 * apply one rule with one message; every message lands on the field it is
 * about.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import type { z } from "../../../lib/zod";

/** The first message inside a field's error (a list's error is kept per entry). */
function firstError(error: unknown): FieldError | undefined {
  if (!error || typeof error !== "object") return undefined;
  if (typeof (error as FieldError).message === "string") return error as FieldError;
  for (const inner of Object.values(error)) {
    const found = firstError(inner);
    if (found) return found;
  }
  return undefined;
}

/**
 * A resolver that validates `toPayload(values)` with `schema`. Valid forms
 * keep their typed values (the screen builds the payload it sends from them,
 * as before); an error on an entry of a list ("tags.3") is reported on the
 * list's field ("tags"), the one input the operator edits, in the schema's
 * order so the first error is the first one the schema names.
 */
export function payloadResolver<F extends FieldValues>(
  schema: z.ZodType,
  toPayload: (values: F) => unknown,
): Resolver<F> {
  const resolve = zodResolver(schema as z.ZodType<unknown, FieldValues>) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await resolve(toPayload(values) as FieldValues, context, options as never);
    const errors: Record<string, FieldError> = {};
    for (const [name, error] of Object.entries(result.errors)) {
      const first = firstError(error);
      if (first) errors[name] = { type: first.type, message: first.message, ref: first.ref };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<F> }
      : { values, errors: {} };
  };
}

/** The form's errors as field -> message (for the error summary and the first-error focus). */
export function errorMessages(errors: FieldErrors, except?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, error] of Object.entries(errors)) {
    const first = firstError(error);
    if (first?.message && first.type !== except) out[name] = first.message;
  }
  return out;
}

/** The type of the errors the server reported (FormResult.errors) once they are in the form. */
export const SERVER_ERROR = "server";

/** Puts the server's field errors into the form, each on its field. */
export function setServerErrors<F extends FieldValues>(
  setError: UseFormSetError<F>,
  errors: Record<string, string>,
) {
  for (const [name, message] of Object.entries(errors)) {
    setError(name as Path<F>, { type: SERVER_ERROR, message });
  }
}
