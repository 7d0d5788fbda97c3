/**
 * The text helpers the admin forms share: turning a form field into a list and
 * back, and the one rule for a web address a form accepts.
 */

/** "a, b ,, c" -> ["a", "b", "c"]: comma-separated, trimmed, empties dropped. */
export function splitComma(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** One entry per line, trimmed, blank lines dropped. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const joinLines = (items: readonly string[] | null | undefined) => (items ?? []).join("\n");
export const joinComma = (items: readonly string[] | null | undefined) => (items ?? []).join(", ");

/**
 * A web address as the forms accept it: an absolute http(s) URL, or a path on
 * this site ("/uploads/...", "/images/..."), which is what the media library
 * hands out and what keeps the responsive image variants working.
 */
export function isWebAddress(value: string): boolean {
  if (/[\s"'<>\\`]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && Boolean(u.hostname);
  } catch {
    return false;
  }
}
