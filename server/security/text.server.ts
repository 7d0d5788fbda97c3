/**
 * The one rule for text that arrives from outside (JSON fields, path and query
 * parameters, form and multipart fields): it must be text PostgreSQL can store
 * and a person could have typed.
 *
 * - NUL (U+0000) cannot be stored in a PostgreSQL text value at all; the other
 *   C0 control characters and DEL are refused too because no field of this site
 *   has a use for them and they hide content in logs, emails and CSV exports.
 *   Tab, line feed and carriage return stay: messages and descriptions have lines.
 * - A lone UTF-16 surrogate is not a Unicode character: it cannot be encoded as
 *   UTF-8, so the database either refuses it or silently stores U+FFFD.
 */
import { HttpError } from "../errors.server.ts";

export const TEXT_MESSAGES = {
  control: "must not contain control characters",
  surrogate: "must not contain invalid characters",
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's purpose.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** What is wrong with a string, or null when it may be stored. */
export function textProblem(value: string): string | null {
  if (CONTROL.test(value)) return TEXT_MESSAGES.control;
  // Well-formed UTF-16 is exactly "no lone surrogate".
  if (!value.isWellFormed()) return TEXT_MESSAGES.surrogate;
  return null;
}

export interface TextIssue {
  /** Dotted path to the field, e.g. "customer_first_name" or "items.2.title". */
  field: string;
  message: string;
}

/**
 * The first string inside a parsed value (object keys included) that breaks the
 * rule. `root` names a bare string value and prefixes nothing otherwise.
 */
export function findBadText(value: unknown, root = "body"): TextIssue | null {
  const walk = (v: unknown, at: string[], depth: number): TextIssue | null => {
    const name = () => (at.length ? at.join(".") : root);
    if (typeof v === "string") {
      const message = textProblem(v);
      return message ? { field: name(), message } : null;
    }
    // JSON.parse output has no cycles; the depth cap only bounds work on absurd nesting.
    if (v === null || typeof v !== "object" || depth > 64) return null;
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) {
        const found = walk(item, [...at, String(i)], depth + 1);
        if (found) return found;
      }
      return null;
    }
    for (const [key, item] of Object.entries(v)) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { field: at.length ? name() : root, message: `field names ${keyProblem}` };
      const found = walk(item, [...at, key], depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(value, [], 0);
}

/** A 400 in the API's error shape naming the field. */
export function badText(issue: TextIssue): HttpError {
  return new HttpError(400, `${issue.field}: ${issue.message}`, { [issue.field]: issue.message });
}

/** Throws the 400 when any string in `value` breaks the rule. */
export function assertCleanText(value: unknown, root = "body"): void {
  const issue = findBadText(value, root);
  if (issue) throw badText(issue);
}
