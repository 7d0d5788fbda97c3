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
import type { z } from "zod";
import { fromZod, HttpError } from "../errors.server.ts";

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
 * rule. `root` names a bare string value or a bad key at the top level. Walks
 * with its own stack: a body nested thousands deep must not overflow the call stack.
 */
export function findBadText(value: unknown, root = "body"): TextIssue | null {
  // Each node keeps its parent: the dotted name is built only for the one reported.
  type Node = { v: unknown; key?: string; parent?: Node };
  const nameOf = (node: Node) => {
    const keys: string[] = [];
    for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) keys.push(n.key);
    return keys.length ? keys.reverse().join(".") : root;
  };
  const stack: Node[] = [{ v: value }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const v = node.v;
    if (typeof v === "string") {
      const message = textProblem(v);
      if (message) return { field: nameOf(node), message };
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
    // Pushed in reverse so the first field in the body is reported first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i];
      if (!Array.isArray(v)) {
        const keyProblem = textProblem(key);
        if (keyProblem) return { field: nameOf(node), message: `field names ${keyProblem}` };
      }
      stack.push({ v: item, key, parent: node });
    }
  }
  return null;
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

/**
 * One payload, JSON or a page's form fields, checked as every route checks it:
 * text the database cannot store is a 400 naming the field, then the schema.
 */
export function validateBody<T extends z.ZodType>(body: unknown, schema: T): z.infer<T> {
  // Before the schema: a refused character is named even in a field the schema would drop.
  assertCleanText(body);
  const result = schema.safeParse(body);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}
