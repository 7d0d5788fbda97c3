/**
 * The address rule for trying the site out (ADR 29): checkouts return to
 * PUBLIC_URL, except when both PUBLIC_URL and the visitor's address are local
 * (this machine or a private network): then they return to the address the
 * visitor opened, so the site works on 127.0.0.1 or on a phone over the LAN.
 * Anywhere else the Host header is the visitor's to write and is never followed.
 */

/** localhost, 127.0.0.0/8, ::1, 10/8, 172.16/12, 192.168/16 and mDNS `.local` names. */
export function isLocalHostname(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (h === "localhost" || h.endsWith(".localhost") || h === "::1") return true;
  if (h.endsWith(".local") && h.length > ".local".length) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (!v4) return false;
  const [a, b, c, d] = v4.slice(1).map(Number);
  if ([a, b, c, d].some((n) => n > 255)) return false;
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** A Host header's hostname, or null when it is not a plain host[:port]. */
function hostnameOf(host: string | null | undefined): string | null {
  if (!host || host.length > 300 || /[\s/\\@?#]/.test(host)) return null;
  try {
    const url = new URL(`http://${host}`);
    return url.host === host.toLowerCase() || url.host === host ? url.hostname : null;
  } catch {
    return null;
  }
}

/**
 * Where this visitor's checkout returns: the visitor's own address when both
 * it and PUBLIC_URL are local, with PUBLIC_URL's scheme; PUBLIC_URL otherwise.
 */
export function checkoutSiteUrl(publicUrl: string, visitorHost: string | null | undefined): string {
  const configured = new URL(publicUrl);
  const visitor = hostnameOf(visitorHost);
  if (!visitor || !isLocalHostname(configured.hostname) || !isLocalHostname(visitor)) return publicUrl;
  return `${configured.protocol}//${new URL(`http://${visitorHost}`).host}`;
}

/**
 * Whether a visitor at `visitorHost` should be told that checkouts return to
 * PUBLIC_URL: their address differs from it and the rule above cannot follow it.
 */
export function addressCannotBeFollowed(publicUrl: string, visitorHost: string): boolean {
  const configured = new URL(publicUrl);
  if (configured.host === visitorHost.toLowerCase()) return false;
  return checkoutSiteUrl(publicUrl, visitorHost) === publicUrl;
}
