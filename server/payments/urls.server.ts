/**
 * Redirect targets: only this site's own origin (PUBLIC_URL) is ever used.
 * A URL naming any other origin is replaced by our default, never followed.
 */
export const SESSION_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";
const MARKER = "CHECKOUTSESSIONIDPLACEHOLDER";

function siteOrigin(publicUrl: string): string {
  return new URL(publicUrl).origin;
}

/** The candidate as an absolute URL on our origin, or the fallback. */
export function ownUrl(candidate: unknown, publicUrl: string, fallback: string): string {
  if (typeof candidate !== "string" || !candidate.trim()) return fallback;
  const origin = siteOrigin(publicUrl);
  const raw = candidate.trim().replaceAll(SESSION_PLACEHOLDER, MARKER);
  let url: URL;
  try {
    url = raw.startsWith("/") ? new URL(raw, origin) : new URL(raw);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || (url.protocol !== "http:" && url.protocol !== "https:")) return fallback;
  if (url.username || url.password) return fallback;
  url.hash = "";
  return url.toString().replaceAll(MARKER, SESSION_PLACEHOLDER);
}

/** True when the value names exactly our origin (host_url). */
export function isOwnOrigin(candidate: unknown, publicUrl: string): boolean {
  if (typeof candidate !== "string") return false;
  try {
    return new URL(candidate).origin === siteOrigin(publicUrl);
  } catch {
    return false;
  }
}

/** Adds session_id to a URL unless it already carries the placeholder. */
export function withSessionParam(url: string, value = SESSION_PLACEHOLDER): string {
  if (url.includes(SESSION_PLACEHOLDER)) return url.replaceAll(SESSION_PLACEHOLDER, value);
  const parsed = new URL(url.replaceAll(SESSION_PLACEHOLDER, MARKER));
  parsed.searchParams.set("session_id", MARKER);
  return parsed.toString().replaceAll(MARKER, value);
}
