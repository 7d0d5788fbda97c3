import { describe, expect, it } from "vitest";
import { addressCannotBeFollowed, checkoutSiteUrl, isLocalHostname } from "../../app/lib/local-address.ts";

describe("isLocalHostname", () => {
  it.each([
    "localhost",
    "LOCALHOST",
    "app.localhost",
    "127.0.0.1",
    "127.255.3.4",
    "::1",
    "[::1]",
    "10.0.0.7",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.20",
    "laptop.local",
  ])("%s is local", (h) => expect(isLocalHostname(h)).toBe(true));

  it.each([
    "example.com",
    "tidewater.example",
    "172.15.0.1",
    "172.32.0.1",
    "192.169.0.1",
    "11.0.0.1",
    "8.8.8.8",
    "256.1.1.1",
    "local",
    ".local",
    "localhost.example.com",
    "127.0.0.1.nip.io",
    "::2",
  ])("%s is not", (h) => expect(isLocalHostname(h)).toBe(false));
});

describe("checkoutSiteUrl", () => {
  const local = "http://localhost:3000";
  it("follows a local visitor when PUBLIC_URL is local", () => {
    expect(checkoutSiteUrl(local, "127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    expect(checkoutSiteUrl(local, "192.168.1.20:3000")).toBe("http://192.168.1.20:3000");
    expect(checkoutSiteUrl(local, "[::1]:3000")).toBe("http://[::1]:3000");
    expect(checkoutSiteUrl(local, "mac.local")).toBe("http://mac.local");
  });

  it("never follows a public Host, nor any Host when PUBLIC_URL is public", () => {
    expect(checkoutSiteUrl(local, "evil.example")).toBe(local);
    expect(checkoutSiteUrl(local, "evil.example:3000")).toBe(local);
    expect(checkoutSiteUrl("https://tidewater.example", "127.0.0.1:3000")).toBe("https://tidewater.example");
    expect(checkoutSiteUrl("https://tidewater.example", "localhost")).toBe("https://tidewater.example");
    expect(checkoutSiteUrl("http://203.0.113.5", "192.168.1.2")).toBe("http://203.0.113.5");
  });

  it("ignores a Host that is not a plain host and port", () => {
    for (const host of [
      undefined,
      null,
      "",
      "127.0.0.1/evil",
      "user@127.0.0.1",
      "127.0.0.1:3000 x",
      "a\\b",
    ]) {
      expect(checkoutSiteUrl(local, host)).toBe(local);
    }
  });

  it("tells a visitor when their address differs and cannot be followed", () => {
    expect(addressCannotBeFollowed(local, "localhost:3000")).toBe(false);
    expect(addressCannotBeFollowed(local, "127.0.0.1:3000")).toBe(false);
    expect(addressCannotBeFollowed("https://tidewater.example", "www.tidewater.example")).toBe(true);
    expect(addressCannotBeFollowed("https://tidewater.example", "tidewater.example")).toBe(false);
    expect(addressCannotBeFollowed("https://tidewater.example", "127.0.0.1:3000")).toBe(true);
  });
});
