/**
 * Structured logs: one JSON object per line on stdout. Callers pass fields,
 * never secrets; `redact` still strips every key that could carry one, at any
 * depth, because request headers and provider errors nest them.
 */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
// "pass" alone or inside password/passwd/passphrase, but not "passengers".
const SECRET_KEYS =
  /(^|[^a-z])pass($|[^a-z])|pass(word|wd|phrase)|token|secret|authori[sz]ation|cookie|api[_-]?key|private[_-]?key|credential/i;
const MAX_DEPTH = 6;
const RESERVED = new Set(["time", "level", "msg"]);

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * Errors that quote their input: Drizzle's query error carries the SQL text and
 * every bound parameter (names, emails, notes) in its message, and PostgreSQL's
 * own messages and details quote the offending value ('invalid input syntax for
 * type integer: "..."', 'Key (email)=(...) already exists'). Of these only the
 * class, the SQLSTATE code and the schema names are logged.
 */
function quotesInput(error: Error): boolean {
  const e = error as Error & Record<string, unknown>;
  if ("params" in e && "query" in e) return true;
  if (error.message.startsWith("Failed query:")) return true;
  return typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && "severity" in e;
}

/** "DrizzleQueryError" rather than the "Error" it inherits as its name. */
function className(error: Error): string {
  if (error.name !== "Error") return error.name;
  const ctor = (error as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof ctor === "string" && ctor ? ctor : error.name;
}

/** The stack's frames without its first line, which repeats the message. */
function framesOnly(error: Error): string | undefined {
  const stack = error.stack;
  if (!stack) return undefined;
  const at = stack.indexOf("\n    at ");
  return at === -1 ? className(error) : `${className(error)}${stack.slice(at)}`;
}

function cleanError(error: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  let out: Record<string, unknown>;
  if (quotesInput(error)) {
    const e = error as Error & Record<string, unknown>;
    const schemaName = (k: string) => (typeof e[k] === "string" && e[k] ? e[k] : undefined);
    out = {
      name: className(error),
      code: schemaName("code"),
      constraint: schemaName("constraint"),
      table: schemaName("table"),
      column: schemaName("column"),
      routine: schemaName("routine"),
      stack: framesOnly(error),
    };
  } else {
    // Only the well-known parts: custom fields on provider errors can carry request headers.
    out = { name: error.name, message: error.message, stack: error.stack };
  }
  if (error.cause !== undefined) out.cause = clean(error.cause, depth + 1, seen);
  return out;
}

/** A JSON-safe copy with secrets replaced; never throws (cycles, BigInt, functions). */
function clean(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "function" || typeof value === "symbol") return undefined;
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (seen.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return "[truncated]";
  seen.add(value);
  try {
    if (value instanceof Error) return cleanError(value, depth, seen);
    if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1, seen) ?? null);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_KEYS.test(k) ? "[redacted]" : clean(v, depth + 1, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const cleaned = clean(fields, 0, new WeakSet()) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // A field may not overwrite the line's own time, level or message.
  for (const [k, v] of Object.entries(cleaned)) out[RESERVED.has(k) ? `field_${k}` : k] = v;
  return out;
}

export function createLogger(
  level: Level | "silent" = "info",
  write = (line: string) => process.stdout.write(line),
): Logger {
  const min = order[level];
  const emit = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < min) return;
    let line: string;
    try {
      line = JSON.stringify({
        time: new Date().toISOString(),
        level: lvl,
        msg,
        ...(fields ? redact(fields) : {}),
      });
    } catch {
      line = JSON.stringify({
        time: new Date().toISOString(),
        level: lvl,
        msg,
        note: "fields not serialisable",
      });
    }
    write(`${line}\n`);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

/**
 * A request path fit for the log: checkout session and payment ids are bearer
 * secrets (whoever holds one can read or cancel that checkout), and so is a
 * booking link's token (whoever holds it can cancel the booking) or of a
 * participant's own link, so the segment after a checkout route, /my-booking/
 * or /my-details/, and any Stripe-style session id anywhere, is replaced.
 */
export function redactPath(path: string): string {
  return path
    .replace(/(\/(?:my-booking|my-details|newsletter\/unsubscribe)\/)[^/?#.]+/g, "$1[redacted]")
    .replace(/(\/(?:checkout\/(?:status|cancel|test)|test-checkout)\/)[^/?#]+/g, "$1[redacted]")
    .replace(/\bcs_(?:test|live)_[A-Za-z0-9]+/g, "[redacted]");
}
