/**
 * Who a request comes from (server/security/client.server.ts): the socket's
 * peer or, behind trusted proxies, the address the outermost trusted proxy
 * saw; IPv6 grouped by /64 for the client's key and by /48 for its network;
 * keys hashed, the address in clear only where it must be kept.
 */
import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddressInClear, clientKey, networkKey } from "../../server/security/client.server.ts";

type Seen = { clear: string; key: string; network: string };

/** What the three functions make of a request from `peer` with these headers, through `hops` proxies. */
async function seen(peer: string | null | undefined, hops: number, forwardedFor?: string): Promise<Seen> {
  const app = new Hono();
  app.get("/", (c) =>
    c.json({
      clear: clientAddressInClear(c, hops),
      key: clientKey(c, hops),
      network: networkKey(c, hops),
    }),
  );
  const headers: Record<string, string> =
    forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor };
  // No peer: no environment at all (an in-process request), one without a Node request (null),
  // or one without a socket ("").
  const env =
    peer === undefined
      ? undefined
      : peer === null
        ? {}
        : peer === ""
          ? { incoming: {} }
          : { incoming: { socket: { remoteAddress: peer } } };
  const res = await app.request("/", { headers }, env);
  return (await res.json()) as Seen;
}

const hashed = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 22);

describe("the client's address", () => {
  it("is the socket's peer without proxies, whatever X-Forwarded-For claims", async () => {
    expect((await seen("203.0.113.5", 0, "198.51.100.9")).clear).toBe("203.0.113.5");
  });

  it("is 'local' when there is no peer (an in-process request)", async () => {
    expect((await seen(undefined, 0)).clear).toBe("local");
    expect((await seen(undefined, 1)).clear).toBe("local");
    expect((await seen("", 0)).clear).toBe("local");
    expect((await seen(null, 0)).clear).toBe("local");
  });

  it("behind proxies, is the entry the outermost trusted proxy appended, counted from the right", async () => {
    const chain = "198.51.100.1, 198.51.100.2 ,198.51.100.3";
    expect((await seen("10.0.0.1", 1, chain)).clear).toBe("198.51.100.3");
    expect((await seen("10.0.0.1", 2, chain)).clear).toBe("198.51.100.2");
    expect((await seen("10.0.0.1", 3, chain)).clear).toBe("198.51.100.1");
  });

  it("behind more trusted hops than the chain holds, is the chain's first entry", async () => {
    expect((await seen("10.0.0.1", 5, "198.51.100.1,,198.51.100.2")).clear).toBe("198.51.100.1");
  });

  it("behind proxies with no X-Forwarded-For (or only blanks), is the peer", async () => {
    expect((await seen("10.0.0.1", 1)).clear).toBe("10.0.0.1");
    expect((await seen("10.0.0.1", 1, " , ")).clear).toBe("10.0.0.1");
  });

  it("drops an IPv4-mapped prefix, brackets and a port, and lower-cases IPv6", async () => {
    expect((await seen("::FFFF:203.0.113.7", 0)).clear).toBe("203.0.113.7");
    expect((await seen("10.0.0.1", 1, "[2001:DB8::1]:443")).clear).toBe("2001:db8::1");
    expect((await seen("10.0.0.1", 1, "[2001:db8::2")).clear).toBe("2001:db8::2");
    expect((await seen("2001:DB8::A", 0)).clear).toBe("2001:db8::a");
    // Only a whole mapped IPv4 address loses the prefix; octets of any length.
    expect((await seen("::ffff:10.20.30.40", 0)).clear).toBe("10.20.30.40");
    expect((await seen("fe80::ffff:10.20.30.40", 0)).clear).toBe("fe80::ffff:10.20.30.40");
    expect((await seen("10.0.0.1", 1, "::ffff:10.20.30.40x")).clear).toBe("::ffff:10.20.30.40x");
  });

  it("keeps at most 100 characters of what a proxy claims", async () => {
    const long = "x".repeat(150);
    expect((await seen("10.0.0.1", 1, long)).clear).toBe("x".repeat(100));
  });
});

describe("the client's key", () => {
  it("is the hash of the address, never the address", async () => {
    const s = await seen("203.0.113.5", 0);
    expect(s.key).toBe(hashed("203.0.113.5"));
    expect(s.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(s.network).toBe(hashed("net:203.0.113.5"));
  });

  it("groups IPv6 by its /64, written in full", async () => {
    const a = await seen("2001:db8:1:2::1", 0);
    expect(a.key).toBe(hashed("2001:0db8:0001:0002::/64"));
    // Another address in the same /64, written without "::" or with a zone: the same key.
    expect((await seen("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 0)).key).toBe(a.key);
    expect((await seen("2001:db8:1:2::9%eth0", 0)).key).toBe(a.key);
    expect((await seen("2001:db8:1:3::1", 0)).key).not.toBe(a.key);
  });

  it("expands '::' at the start, the middle and the end", async () => {
    expect((await seen("::1", 0)).key).toBe(hashed("0000:0000:0000:0000::/64"));
    expect((await seen("2001:db8::", 0)).key).toBe(hashed("2001:0db8:0000:0000::/64"));
    expect((await seen("2001::5:6:7:8", 0)).key).toBe(hashed("2001:0000:0000:0000::/64"));
    expect((await seen("1:2:3:4:5:6::8", 0)).key).toBe(hashed("0001:0002:0003:0004::/64"));
    // A long tail reaches into the /64: the zeros are exactly those "::" stands for.
    expect((await seen("1:2::3:4:5:6:7", 0)).key).toBe(hashed("0001:0002:0000:0003::/64"));
    expect((await seen("1::2:3:4:5:6:7", 0)).key).toBe(hashed("0001:0000:0002:0003::/64"));
  });

  it("groups the network of an IPv6 client by its /48, of an IPv4 client by the address", async () => {
    const a = await seen("2001:db8:1:2::1", 0);
    expect(a.network).toBe(hashed("net:2001:0db8:0001::/48"));
    expect((await seen("2001:db8:1:ffff::1", 0)).network).toBe(a.network);
    expect((await seen("2001:db8:2:2::1", 0)).network).not.toBe(a.network);
    expect((await seen("203.0.113.6", 0)).network).not.toBe((await seen("203.0.113.5", 0)).network);
  });
});
