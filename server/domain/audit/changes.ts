/**
 * What an audit entry says changed: for each field whose value differs, its
 * value before and after. A secret (a password hash, a token, a two-factor
 * secret) or a medical answer is never copied into the log: the entry says
 * only that it changed. Pure, so the rule is tested without a database.
 */

export type FieldChange = { before: unknown; after: unknown } | { changed: true };
export type Changes = Record<string, FieldChange>;

/** Field names whose values never enter the log, in any entity (camelCase or snake_case). */
const SECRET = /(password|token|secret|hash|recovery|medical_?answers|medical_?clearance_?file|^answers$)/i;

/** Plain JSON for the log: dates as ISO text, undefined as null. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Whether a field's values never enter the log (nor leave it: the log's readers check again). */
export const isSecretField = (key: string) => SECRET.test(key);

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/**
 * The fields that differ between `before` and `after` (either may be null: a
 * row created or deleted). `redact` names further fields of this entity to
 * record as "changed" only, beside those the secret rule catches.
 */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  redact: readonly string[] = [],
): Changes {
  const out: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const was = before?.[key];
    const now = after?.[key];
    if (before && after && same(was, now)) continue;
    if (!before && (now === undefined || now === null)) continue;
    if (!after && (was === undefined || was === null)) continue;
    out[key] =
      SECRET.test(key) || redact.includes(key)
        ? { changed: true }
        : { before: plain(was), after: plain(now) };
  }
  return out;
}
