import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CODE_INVALID, CODE_REQUIRED } from "../../server/api/admin-auth.server.ts";
import { rateLimits, settings } from "../../server/db/schema.ts";
import {
  disableTwoFactor,
  getTwoFactor,
  spendSecondFactor,
  TWO_FACTOR_KEY,
} from "../../server/domain/access/two-factor.server.ts";
import { LOGIN_POLICY } from "../../server/security/login-throttle.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext, testClock } from "../helpers/test-app.ts";

let t: TestContext;
let clock: ReturnType<typeof testClock>;
/** Every code, secret and recovery code the tests saw: none may reach the log. */
const secrets: string[] = [];

beforeAll(async () => {
  clock = testClock();
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" }, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});
// Each test starts with two-factor off and no sign-in counts.
beforeEach(async () => {
  await disableTwoFactor(t.db);
  await t.db.delete(rateLimits);
});

const STEP_MS = 30_000;

/** The code an authenticator app shows at the test clock's time (plus `offsetSteps`). */
function codeFor(secret: string, offsetSteps = 0): string {
  const code = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate({
    timestamp: clock.now().getTime() + offsetSteps * STEP_MS,
  });
  secrets.push(code);
  return code;
}

const signIn = (body: Record<string, unknown>, forwardedFor = "192.0.2.10") =>
  t.app.request("/api/admin/login", jsonRequest("POST", body, { "X-Forwarded-For": forwardedFor }));

/** Turns two-factor on through the API, as the settings page does. */
async function enable(token: string) {
  const start = await t.app.request(
    "/api/admin/two-factor/start",
    authed(token, "POST", { password: TEST_ADMIN_PASSWORD }),
  );
  expect(start.status).toBe(200);
  const enrolment = (await start.json()) as { secret: string; otpauth_uri: string; qr_code: string };
  secrets.push(enrolment.secret);
  const confirm = await t.app.request(
    "/api/admin/two-factor/confirm",
    authed(token, "POST", { code: codeFor(enrolment.secret) }),
  );
  expect(confirm.status).toBe(200);
  const body = (await confirm.json()) as { enabled: boolean; recovery_codes: string[] };
  secrets.push(...body.recovery_codes);
  // The confirming code is used up; the next one comes with the next step.
  clock.advance(STEP_MS);
  return { secret: enrolment.secret, recoveryCodes: body.recovery_codes, enrolment };
}

async function status(token: string) {
  const res = await t.app.request("/api/admin/security", authed(token));
  expect(res.status).toBe(200);
  return (await res.json()) as {
    password_source: string;
    two_factor: { enabled: boolean; recovery_codes_left: number };
  };
}

describe("enrolment from the settings page", () => {
  it("answers a secret, an otpauth URI and a QR code; a current code turns it on with 10 recovery codes", async () => {
    const token = await login(t);
    expect((await status(token)).two_factor.enabled).toBe(false);

    const start = await t.app.request(
      "/api/admin/two-factor/start",
      authed(token, "POST", { password: TEST_ADMIN_PASSWORD }),
    );
    expect(start.status).toBe(200);
    const enrolment = (await start.json()) as { secret: string; otpauth_uri: string; qr_code: string };
    secrets.push(enrolment.secret);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.otpauth_uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(enrolment.secret);
    expect(uri.searchParams.get("issuer")).toBe("Tidewater Dive & Camp");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(enrolment.qr_code.startsWith("data:image/svg+xml;base64,")).toBe(true);
    expect(Buffer.from(enrolment.qr_code.split(",")[1], "base64").toString()).toContain("<svg");
    // Not on until confirmed.
    expect((await status(token)).two_factor.enabled).toBe(false);

    const wrong = await t.app.request(
      "/api/admin/two-factor/confirm",
      authed(token, "POST", { code: codeFor(enrolment.secret, 5) }),
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: Record<string, string> }).errors.code).toMatch(
      /does not match/,
    );

    const ok = await t.app.request(
      "/api/admin/two-factor/confirm",
      authed(token, "POST", { code: codeFor(enrolment.secret) }),
    );
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { enabled: boolean; recovery_codes: string[] };
    secrets.push(...body.recovery_codes);
    expect(body.enabled).toBe(true);
    expect(body.recovery_codes).toHaveLength(10);
    for (const c of body.recovery_codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect((await status(token)).two_factor).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    // Only hashes are stored.
    const [row] = await t.db.select().from(settings).where(eq(settings.key, TWO_FACTOR_KEY));
    const stored = JSON.stringify(row.value);
    for (const c of body.recovery_codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace("-", ""));
    }

    // A second enrolment is refused while it is on.
    const again = await t.app.request(
      "/api/admin/two-factor/start",
      authed(token, "POST", { password: TEST_ADMIN_PASSWORD }),
    );
    expect(again.status).toBe(409);
  });

  it("the enrolment routes need the admin token", async () => {
    for (const path of ["start", "confirm", "disable"]) {
      const res = await t.app.request(`/api/admin/two-factor/${path}`, jsonRequest("POST", {}));
      expect(res.status).toBe(401);
    }
  });
});

describe("sign-in with two-factor on", () => {
  it("the password alone asks for the code; password and a current code sign in", async () => {
    const { secret } = await enable(await login(t));

    const asked = await signIn({ password: TEST_ADMIN_PASSWORD });
    expect(asked.status).toBe(401);
    expect(await asked.json()).toEqual({ success: false, two_factor_required: true, detail: CODE_REQUIRED });

    // A wrong password answers exactly as before: nothing about codes.
    const badPassword = await signIn({ password: "wrong-password", code: codeFor(secret) });
    expect(badPassword.status).toBe(401);
    expect(await badPassword.json()).toEqual({ success: false, detail: "Invalid password" });

    const badCode = await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret, 7) });
    expect(badCode.status).toBe(401);
    expect(await badCode.json()).toEqual({ success: false, two_factor_required: true, detail: CODE_INVALID });

    const ok = await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret) });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { success: boolean; token: string };
    expect(body.success).toBe(true);
    expect((await t.app.request("/api/bookings", authed(body.token))).status).toBe(200);
  });

  it("a code works once: replaying it, or an older code, is refused; the next step's code works", async () => {
    const { secret } = await enable(await login(t));
    const code = codeFor(secret);
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code })).status).toBe(200);
    const replay = await signIn({ password: TEST_ADMIN_PASSWORD, code });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { detail: string }).detail).toBe(CODE_INVALID);

    clock.advance(STEP_MS);
    // The previous step's code is still inside the drift window, but older than the one used.
    const older = codeFor(secret, -1);
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: older })).status).toBe(401);
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret) })).status).toBe(200);
  });

  it("the code used to confirm the enrolment cannot sign in", async () => {
    const token = await login(t);
    const start = await t.app.request(
      "/api/admin/two-factor/start",
      authed(token, "POST", { password: TEST_ADMIN_PASSWORD }),
    );
    const { secret } = (await start.json()) as { secret: string };
    secrets.push(secret);
    const code = codeFor(secret);
    expect(
      (await t.app.request("/api/admin/two-factor/confirm", authed(token, "POST", { code }))).status,
    ).toBe(200);
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code })).status).toBe(401);
  });

  it("codes one step either side of now are accepted (clock drift)", async () => {
    const { secret } = await enable(await login(t));
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret, 1) })).status).toBe(200);
    clock.advance(3 * STEP_MS);
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret, -1) })).status).toBe(200);
    clock.advance(STEP_MS);
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret, -2) })).status).toBe(401);
  });

  it("a recovery code signs in once instead of a code, typed in any case and spacing", async () => {
    const token = await login(t);
    const { recoveryCodes } = await enable(token);
    const [first, second] = recoveryCodes;
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: first })).status).toBe(200);
    const again = await signIn({ password: TEST_ADMIN_PASSWORD, code: first });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { detail: string }).detail).toBe(CODE_INVALID);
    const typed = second.toUpperCase().replace("-", " ");
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: typed })).status).toBe(200);
    expect((await status(token)).two_factor.recovery_codes_left).toBe(8);
  });

  it("a recovery code two sign-ins read at once is spent by one of them only", async () => {
    const token = await login(t);
    const { recoveryCodes } = await enable(token);
    // Both read the record before either spends the code.
    const record = (await getTwoFactor(t.db)) as NonNullable<Awaited<ReturnType<typeof getTwoFactor>>>;
    const spend = () => spendSecondFactor(t.db, t.services.secretBox, record, recoveryCodes[0], clock.now());
    expect(await spend()).toBe("recovery");
    expect(await spend()).toBeNull();
    expect((await status(token)).two_factor.recovery_codes_left).toBe(9);
  });

  it("past its own limit, a client still signs in with the password and a current code (never a recovery code)", async () => {
    const { secret, recoveryCodes } = await enable(await login(t));
    // A shared address (one NAT) where someone else keeps guessing.
    const client = "198.51.100.123";
    for (let i = 0; i < LOGIN_POLICY.perClient.limit; i++) {
      const res = await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret, 9) }, client);
      expect(res.status).toBe(401);
    }
    const limited = await signIn({ password: TEST_ADMIN_PASSWORD }, client);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      success: false,
      two_factor_required: true,
      detail:
        "Too many failed login attempts from this address. Enter the 6-digit code from your authenticator app with your password, or try again in 15 minutes.",
    });
    // A wrong code, or a recovery code (a slow hash each, with no limit on this door), does not open it.
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret, 9) }, client)).status).toBe(
      429,
    );
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: recoveryCodes[0] }, client)).status).toBe(
      429,
    );
    // A valid code with a wrong password is used up and lets nobody in.
    expect((await signIn({ password: "wrong-password", code: codeFor(secret) }, client)).status).toBe(401);
    clock.advance(STEP_MS);
    const ok = await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret) }, client);
    expect(ok.status).toBe(200);
    // The recovery code refused above was not used up.
    expect(
      (await signIn({ password: TEST_ADMIN_PASSWORD, code: recoveryCodes[0] }, "192.0.2.44")).status,
    ).toBe(200);
  });

  it("the right password without the code spends no failure: not the site's budget, nor, under attack, the network's", async () => {
    await enable(await login(t));
    const askedForCode = async (from: string) => {
      const res = await signIn({ password: TEST_ADMIN_PASSWORD }, from);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ two_factor_required: true, detail: CODE_REQUIRED });
    };
    // As many newcomers as the site's failure budget holds: each unit taken is given back.
    for (let i = 0; i < LOGIN_POLICY.globalFailures.limit; i++) await askedForCode(`203.0.113.${i + 1}`);
    // So the site is not under attack: a guesser has its own limit of 5, not a network's 3.
    const guesser = "198.51.100.210";
    for (let i = 0; i <= LOGIN_POLICY.perNetworkUnderAttack.limit; i++) {
      expect((await signIn({ password: `wrong-${i}` }, guesser)).status).toBe(401);
    }

    // Under attack (the budget spent by guesses), a newcomer's network check is given back too.
    for (let i = 0; i < LOGIN_POLICY.globalFailures.limit; i++) {
      expect((await signIn({ password: `guess-${i}` }, `192.0.2.${i + 100}`)).status).toBe(401);
    }
    const newcomer = "198.51.100.220";
    for (let i = 0; i <= LOGIN_POLICY.perNetworkUnderAttack.limit; i++) await askedForCode(newcomer);
  });

  it("while the site is under attack, a network that has used its checks still signs in with a valid code", async () => {
    const { secret, recoveryCodes } = await enable(await login(t));
    for (let i = 0; i < LOGIN_POLICY.globalFailures.limit; i++) {
      expect((await signIn({ password: `guess-${i}` }, `203.0.113.${i + 1}`)).status).toBe(401);
    }
    // A newcomer gets the usual answer: the password was right, now the code.
    const newDevice = await signIn({ password: TEST_ADMIN_PASSWORD }, "198.51.100.200");
    expect(newDevice.status).toBe(401);
    expect(await newDevice.json()).toEqual({
      success: false,
      two_factor_required: true,
      detail: CODE_REQUIRED,
    });

    const guesser = "198.51.100.201";
    for (let i = 0; i < LOGIN_POLICY.perNetworkUnderAttack.limit; i++) {
      expect((await signIn({ password: `wrong-${i}` }, guesser)).status).toBe(401);
    }
    const paused = await signIn({ password: TEST_ADMIN_PASSWORD }, guesser);
    expect(paused.status).toBe(429);
    const body = (await paused.json()) as { two_factor_required: boolean; detail: string };
    expect(body.two_factor_required).toBe(true);
    expect(body.detail).toMatch(
      /^Too many failed sign-in attempts on this site, so a new device needs the 6-digit code/,
    );
    // A wrong code does not open the door; a valid code, or a recovery code, does.
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret, 9) }, guesser)).status).toBe(
      429,
    );
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret) }, guesser)).status).toBe(
      200,
    );
    expect(
      (await signIn({ password: TEST_ADMIN_PASSWORD, code: recoveryCodes[0] }, "198.51.100.200")).status,
    ).toBe(200);
  });
});

describe("turning two-factor off", () => {
  it("needs the password and a current code; afterwards the password alone signs in", async () => {
    const token = await login(t);
    const { secret } = await enable(token);

    const badPassword = await t.app.request(
      "/api/admin/two-factor/disable",
      authed(token, "POST", { password: "wrong-password", code: codeFor(secret) }),
    );
    expect(badPassword.status).toBe(400);
    expect(((await badPassword.json()) as { errors: Record<string, string> }).errors.password).toBe(
      "The password is not correct",
    );
    const badCode = await t.app.request(
      "/api/admin/two-factor/disable",
      authed(token, "POST", { password: TEST_ADMIN_PASSWORD, code: codeFor(secret, 9) }),
    );
    expect(badCode.status).toBe(400);
    expect(((await badCode.json()) as { errors: Record<string, string> }).errors.code).toMatch(/not valid/);
    const missing = await t.app.request("/api/admin/two-factor/disable", authed(token, "POST", {}));
    expect(missing.status).toBe(400);
    expect((await status(token)).two_factor.enabled).toBe(true);

    const off = await t.app.request(
      "/api/admin/two-factor/disable",
      authed(token, "POST", { password: TEST_ADMIN_PASSWORD, code: codeFor(secret) }),
    );
    expect(off.status).toBe(200);
    expect((await status(token)).two_factor.enabled).toBe(false);
    expect((await signIn({ password: TEST_ADMIN_PASSWORD })).status).toBe(200);

    const again = await t.app.request(
      "/api/admin/two-factor/disable",
      authed(token, "POST", { password: TEST_ADMIN_PASSWORD, code: "123456" }),
    );
    expect(again.status).toBe(409);
  });

  it("password checks when turning it off count against the login limit", async () => {
    const token = await login(t);
    const { secret } = await enable(token);
    const client = { "X-Forwarded-For": "198.51.100.77" };
    for (let i = 0; i < LOGIN_POLICY.perClient.limit; i++) {
      const res = await t.app.request(
        "/api/admin/two-factor/disable",
        jsonRequest(
          "POST",
          { password: `guess-${i}`, code: "000000" },
          { ...client, Authorization: `Bearer ${token}` },
        ),
      );
      expect(res.status).toBe(400);
    }
    const limited = await t.app.request(
      "/api/admin/two-factor/disable",
      jsonRequest(
        "POST",
        { password: TEST_ADMIN_PASSWORD, code: codeFor(secret) },
        { ...client, Authorization: `Bearer ${token}` },
      ),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("secrets stay out of the logs", () => {
  it("no code, secret, recovery code or password appears in any log line", () => {
    const text = t.logs.join("\n");
    expect(t.logs.length).toBeGreaterThan(10);
    expect(secrets.length).toBeGreaterThan(20);
    expect(text).not.toContain(TEST_ADMIN_PASSWORD);
    // A 6-digit code could occur inside a request id by chance: look for it as a whole word only.
    for (const s of secrets) expect(text).not.toMatch(new RegExp(`(?<!\\w)${s}(?!\\w)`));
  });
});
