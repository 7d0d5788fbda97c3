import type { ZodError } from "zod";

/** Errors the domain throws; server/app.ts maps them to HTTP answers. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;
  constructor(status: number, detail: string, errors?: Record<string, string>) {
    super(detail);
    this.status = status;
    this.errors = errors;
  }
}
export const badRequest = (detail: string, errors?: Record<string, string>) =>
  new HttpError(400, detail, errors);
export const notFound = (detail = "Not found") => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

/** A 400 whose message names every failing field, e.g. "email: Enter a valid email address". */
export function fromZod(error: ZodError): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    errors[key] ??= issue.message;
  }
  const detail = Object.entries(errors)
    .map(([k, v]) => `${k}: ${v}`)
    .join("; ");
  return new HttpError(400, detail, errors);
}
