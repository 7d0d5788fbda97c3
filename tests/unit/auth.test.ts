import { describe, expect, it } from "vitest";
import { loginAnswerMessage, loginNetworkMessage } from "../../app/lib/admin-api.ts";
import { bearerToken, hashToken, newToken } from "../../server/domain/access/auth.server.ts";
import { LOGIN_POLICY, waitText } from "../../server/security/login-throttle.server.ts";

describe("login throttle rules", () => {
  it("waits are shown in whole minutes, rounded up", () => {
    expect(waitText(900)).toBe("15 minutes");
    expect(waitText(61)).toBe("2 minutes");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(1)).toBe("1 minute");
  });

  it("the per-client limit is tighter than the global budget, and a known client is remembered for 30 days", () => {
    expect(LOGIN_POLICY.perClient.limit).toBeLessThan(LOGIN_POLICY.globalFailures.limit);
    expect(LOGIN_POLICY.knownClientMs).toBe(30 * 24 * 60 * 60 * 1000);
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

describe("login messages", () => {
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

  it("an answer asking for the authenticator code says so", () => {
    expect(
      loginAnswerMessage(
        401,
        false,
        '{"success":false,"two_factor_required":true,"detail":"Enter the 6-digit code from your authenticator app."}',
      ),
    ).toEqual({ ok: false, message: "Enter the 6-digit code from your authenticator app.", twoFactor: true });
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
