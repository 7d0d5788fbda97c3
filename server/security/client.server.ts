/**
 * Who a request comes from, for rate limits and caps. The address is the
 * socket's peer, or, behind TRUST_PROXY_HOPS reverse proxies, the address the
 * outermost trusted proxy saw (counted from the right of X-Forwarded-For, the
 * only part a client cannot forge). IPv6 clients are grouped by their /64, the
 * block one subscriber usually holds. The key is hashed: it is kept in the
 * database and must not be a customer's address in clear. The one exception
 * is `clientAddressInClear`, stored only with a waiver acceptance as evidence
 * of who accepted it.
 */
import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import type { Context } from "hono";

/** How an IPv6 address is grouped: by the /64 one subscriber holds, the /48 one site is given, or not at all. */
type V6Group = 64 | 48 | 128;

/** The client's address as seen through `trustedHops` proxies; "local" when unknown (in-process tests). */
function clientAddress(c: Context, trustedHops: number, group: V6Group = 64): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const peer = env?.incoming?.socket?.remoteAddress;
  if (trustedHops > 0) {
    const chain = (c.req.header("X-Forwarded-For") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    // The last entry was appended by the nearest proxy, and so on outwards.
    const seen = chain[chain.length - trustedHops];
    if (seen) return normalise(seen, group);
    if (chain.length) return normalise(chain[0], group);
  }
  return peer ? normalise(peer, group) : "local";
}

/** Strips an IPv4-mapped prefix and, when grouping, reduces IPv6 to its /64 or /48 network. */
function normalise(address: string, group: V6Group): string {
  let a = address.trim().slice(0, 100);
  if (a.startsWith("[")) a = a.slice(1, a.indexOf("]") > 0 ? a.indexOf("]") : undefined);
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a)) return a.slice(7);
  if (!isIPv6(a) || group === 128) return a.toLowerCase();
  return `${expandV6(a)
    .slice(0, group / 16)
    .join(":")}::/${group}`;
}

function expandV6(a: string): string[] {
  const [head, tail = ""] = a.toLowerCase().split("%")[0].split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  if (!a.includes("::")) return h.map((x) => x.padStart(4, "0"));
  const zeros = new Array(Math.max(0, 8 - h.length - t.length)).fill("0");
  return [...h, ...zeros, ...t].map((x) => x.padStart(4, "0"));
}

const hashed = (address: string) => createHash("sha256").update(address).digest("base64url").slice(0, 22);

/** A stable, non-reversible key for an address (what rate limits and caps store). */
export function clientKey(c: Context, trustedHops: number): string {
  return hashed(clientAddress(c, trustedHops));
}

/**
 * The key of the network a client is in, for counting guesses spread over
 * many addresses: an IPv4 address, or an IPv6 /48. One subscriber or server
 * can hold a whole /48 (65,536 /64s), so a /64 would let one attacker pose
 * as thousands of newcomers; IPv4 addresses are scarce enough to count alone.
 */
export function networkKey(c: Context, trustedHops: number): string {
  return hashed(`net:${clientAddress(c, trustedHops, 48)}`);
}

/**
 * The client's own address (IPv6 not grouped), for the one record that must
 * name it: a waiver acceptance, kept as evidence of who accepted.
 */
export function clientAddressInClear(c: Context, trustedHops: number): string {
  return clientAddress(c, trustedHops, 128);
}
