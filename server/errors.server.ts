import type { ZodError } from "zod";
import type { Logger } from "./log.server.ts";

/** Marks an HttpError from any copy of this module (a registered symbol is the same in each). */
const HTTP_ERROR = Symbol.for("tidewater.http-error");

/** Errors the domain throws; server/app.ts maps them to HTTP answers. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;
  readonly [HTTP_ERROR] = true;
  constructor(status: number, detail: string, errors?: Record<string, string>) {
    super(detail);
    this.status = status;
    this.errors = errors;
  }

  /**
   * The built pages bundle their own copy of this module, while the services
   * the server hands them (the test checkout among them) throw the source's:
   * `instanceof HttpError` recognises both, so a refusal is never a 500.
   * Subclasses keep the ordinary prototype check.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of instanceof, a subclass included
    if (this !== HttpError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return (
      typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[HTTP_ERROR] === true
    );
  }
}
export const badRequest = (detail: string, errors?: Record<string, string>) =>
  new HttpError(400, detail, errors);
export const notFound = (detail = "Not found") => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

/** Seconds a client is asked to wait (Retry-After) while the database is away: a restart takes a few. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
export const UNAVAILABLE_DETAIL = "We are briefly unavailable. Please try again in a moment.";

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

/** The PostgreSQL error inside a driver or Drizzle error (DrizzleQueryError keeps it in `cause`). */
export interface DatabaseErrorInfo {
  code: string;
  constraint?: string;
  column?: string;
  table?: string;
  /** Only to tell the two kinds of foreign-key violation apart; never shown or logged. */
  message: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function databaseErrorInfo(error: unknown): DatabaseErrorInfo | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const e = current as Record<string, unknown>;
    // Node's own errors have codes such as "EPIPE": a SQLSTATE comes with a severity.
    if (typeof e.code === "string" && SQLSTATE.test(e.code) && "severity" in e) {
      const text = (k: string) => (typeof e[k] === "string" && e[k] ? (e[k] as string) : undefined);
      return {
        code: e.code,
        constraint: text("constraint"),
        column: text("column"),
        table: text("table"),
        message: typeof e.message === "string" ? e.message : "",
      };
    }
    current = e.cause;
  }
  return null;
}

/**
 * The 4xx for a database error the request's input caused, or null for a fault
 * of ours (a 500). SQLSTATE class 22 is data the column cannot hold, class 23 a
 * rule of the schema the input broke, 54000 a value too large to index. The
 * answer names the column when the database reports one and never quotes SQL
 * or the values.
 */
export function fromDatabaseError(error: unknown): HttpError | null {
  const info = databaseErrorInfo(error);
  if (!info) return null;
  const field = info.column ?? "body";
  const invalid = (message: string, status = 400) =>
    new HttpError(status, `${field}: ${message}`, { [field]: message });
  const { code } = info;
  switch (code) {
    case "22001":
      return invalid("is too long");
    case "54000":
      // Program limits reached by a value: a NUL passed to chr(), a string too large to index.
      return invalid("is too long or contains characters that cannot be stored");
    case "22003":
      return invalid("is out of range");
    case "22007":
    case "22008":
      return invalid("is not a valid date or time");
    case "22021":
    case "22P05":
      return invalid("contains characters that cannot be stored");
    case "22P02":
      return invalid("has the wrong format");
    case "23502":
      return invalid("is required");
    case "23503":
      // "update or delete on table ..." means another row still refers to this one.
      return /^update or delete/i.test(info.message)
        ? new HttpError(409, "This item is still in use and cannot be changed or removed.")
        : invalid("refers to something that does not exist");
    case "23505":
      return new HttpError(409, "That already exists.");
    case "23514":
    case "23P01":
      return invalid("is not allowed");
  }
  if (code.startsWith("22")) return invalid("is not valid");
  return null;
}

/** SQLSTATEs of a database that is away or cannot take writes now; class 08 (connection exception) too. */
const UNAVAILABLE_STATES = new Set([
  "57P01", // admin_shutdown: the server is stopping (a restart, a failover)
  "57P02", // crash_shutdown: another backend crashed, every connection is ended
  "57P03", // cannot_connect_now: the server is starting up or shutting down
  "53300", // too_many_connections
  "25006", // read_only_sql_transaction: still connected to a primary that became a standby
]);
/** Socket errors of a connection that cannot be made or was cut. */
const UNAVAILABLE_SOCKET = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres's own messages for a connection that ended, timed out or cannot be used any more. */
const UNAVAILABLE_DRIVER =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Why the database cannot be reached (a SQLSTATE, a socket error code or
 * "connection lost"), or null when the error is something else. These are the
 * faults of a database that restarts, fails over or is out of connections: the
 * request is answered 503 with Retry-After rather than 500, and the same
 * request succeeds once the database is back.
 */
export function databaseUnavailable(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const e = current as Record<string, unknown>;
    const code = typeof e.code === "string" ? e.code : "";
    if (SQLSTATE.test(code) && "severity" in e) {
      return UNAVAILABLE_STATES.has(code) || code.startsWith("08") ? code : null;
    }
    if (UNAVAILABLE_SOCKET.has(code)) return code;
    // Several parts that failed together (the trip job's): the database's absence only if it is every part's.
    if (Array.isArray(e.errors) && e.errors.length > 0) {
      const reasons = e.errors.map(databaseUnavailable);
      return reasons.every(Boolean) ? reasons[0] : null;
    }
    if (typeof e.message === "string" && UNAVAILABLE_DRIVER.test(e.message)) return "connection lost";
    current = e.cause;
  }
  return null;
}

/**
 * A failed run of background work (the outbox, the sweep, the trip job): the
 * database away is a warning with its reason, one line, as the next run will
 * try again; anything else is an error with its stack.
 */
export function logRunFailure(log: Logger, msg: string, error: unknown): void {
  const reason = databaseUnavailable(error);
  if (reason) log.warn(msg, { database: "unavailable", reason });
  else log.error(msg, { error });
}
