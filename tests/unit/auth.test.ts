import { describe, expect, it } from "vitest";
import { loginAnswerMessage, loginNetworkMessage } from "../../app/lib/admin-api.ts";
import { bearerToken, hashToken, LoginRateLimiter, newToken } from "../../server/domain/auth.server.ts";

describe("LoginRateLimiter", () => {
  it("locks a client out after max failures until the window ends", () => {
    const limiter = new LoginRateLimiter(5, 15 * 60_000);
    const t0 = 1_000_000;
    for (let i = 0; i < 4; i++) limiter.fail("a", t0 + i);
    expect(limiter.retryAfter("a", t0 + 10)).toBe(0);
    limiter.fail("a", t0 + 20);
    expect(limiter.retryAfter("a", t0 + 30)).toBe(900);
    expect(limiter.retryAfter("b", t0 + 30)).toBe(0);
    expect(limiter.retryAfter("a", t0 + 15 * 60_000 - 1)).toBe(1);
    expect(limiter.retryAfter("a", t0 + 15 * 60_000)).toBe(0);
    limiter.fail("a", t0 + 15 * 60_000 + 1);
    expect(limiter.retryAfter("a", t0 + 15 * 60_000 + 2)).toBe(0);
  });

  it("a success forgets the failures", () => {
    const limiter = new LoginRateLimiter(2, 1000);
    limiter.fail("a", 0);
    limiter.succeed("a");
    limiter.fail("a", 1);
    expect(limiter.retryAfter("a", 2)).toBe(0);
  });
});

describe("tokens", () => {
  it("are 256 random bits in base64url, stored as a SHA-256 hex digest", () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toContain(a);
  });

  it("bearerToken reads only a Bearer header", () => {
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe("login messages (admin spec section 8)", () => {
  it("success stores nothing here but returns the token", () => {
    expect(loginAnswerMessage(200, true, '{"success":true,"token":"t"}')).toEqual({ ok: true, token: "t" });
  });

  it("shows the server's detail or message", () => {
    expect(loginAnswerMessage(401, false, '{"detail":"Invalid password","success":false}')).toEqual({
      ok: false,
      message: "Invalid password",
    });
    expect(loginAnswerMessage(403, false, '{"message":"Nope"}')).toEqual({ ok: false, message: "Nope" });
  });

  it("'Login failed' when success is false without a message", () => {
    expect(loginAnswerMessage(200, true, '{"success":false}')).toEqual({
      ok: false,
      message: "Login failed",
    });
  });

  it("'Server error: HTTP {status}: {body}' for a non-OK status without detail", () => {
    expect(loginAnswerMessage(502, false, "Bad Gateway")).toEqual({
      ok: false,
      message: "Server error: HTTP 502: Bad Gateway",
    });
  });

  it("network cases", () => {
    expect(loginNetworkMessage(new TypeError("Failed to fetch"))).toBe(
      "Unable to connect to server. Please check if the backend is running.",
    );
    expect(loginNetworkMessage(new Error("connect ECONNREFUSED: connection refused"))).toBe(
      "Connection refused. Backend server may be down.",
    );
    expect(loginNetworkMessage(new DOMException("The operation was aborted.", "AbortError"))).toBe(
      "Request timeout. Please try again.",
    );
    expect(loginNetworkMessage(new Error("socket hang up"))).toBe("Connection error: socket hang up");
  });
});
