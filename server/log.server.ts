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
    if (value instanceof Error) {
      // Only the well-known parts: custom fields on provider errors can carry request headers.
      const out: Record<string, unknown> = { name: value.name, message: value.message, stack: value.stack };
      if (value.cause !== undefined) out.cause = clean(value.cause, depth + 1, seen);
      return out;
    }
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
