import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NEEDS_ENCRYPTION_KEY } from "../../server/api/admin-two-factor.server.ts";
import { createApp } from "../../server/app.server.ts";
import { rateLimits, settings } from "../../server/db/schema.ts";
import { newRecoveryCode, recoveryDigest } from "../../server/domain/access/recovery-codes.server.ts";
import {
  disableTwoFactor,
  TWO_FACTOR_KEY,
  TWO_FACTOR_UNREADABLE,
  type TwoFactorRecord,
  upgradeTwoFactorStorage,
} from "../../server/domain/access/two-factor.server.ts";
import { LOGIN_POLICY } from "../../server/security/login-throttle.server.ts";
import { type SecretBox, secretBox } from "../../server/security/secret-box.server.ts";
import { buildServices } from "../../server/services.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext, testClock } from "../helpers/test-app.ts";

/**
 * Turning two-factor on (the password again), and how its secret and recovery
 * codes are kept: the secret sealed with the process's key, the codes as slow
 * hashes, and what an older version stored brought up to date at start.
 */
let t: TestContext;
let clock: ReturnType<typeof testClock>;
const KEY = "the-operators-encryption-key-0123456789";
const box = secretBox(KEY);

beforeAll(async () => {
  clock = testClock();
  t = await createTestApp(
    { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" },
    { now: clock.now, secretBox: box },
  );
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await disableTwoFactor(t.db);
  await t.db.delete(rateLimits);
});

const STEP_MS = 30_000;
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: clock.now().getTime() + offsetSteps * STEP_MS,
  });

/** Another process over the same database, holding `key` (or none). */
const processWith = (key: SecretBox | null) =>
  createApp(
    buildServices(
      { database: t.services.database, env: t.services.env, log: t.services.log },
      { now: clock.now, secretBox: key },
    ),
  );

const start = (token: string, body: unknown, app = t.app, headers: Record<string, string> = {}) =>
  app.request(
    "/api/admin/two-factor/start",
    jsonRequest("POST", body, { Authorization: `Bearer ${token}`, ...headers }),
  );
const signIn = (body: Record<string, unknown>, app = t.app) =>
  app.request("/api/admin/login", jsonRequest("POST", body, { "X-Forwarded-For": "192.0.2.60" }));
const stored = async () =>
  (await t.db.select().from(settings).where(eq(settings.key, TWO_FACTOR_KEY)))[0]?.value as
    | TwoFactorRecord
    | undefined;

async function enable(token: string) {
  const res = await start(token, { password: TEST_ADMIN_PASSWORD });
  expect(res.status).toBe(200);
  const { secret } = (await res.json()) as { secret: string };
  const confirm = await t.app.request(
    "/api/admin/two-factor/confirm",
    authed(token, "POST", { code: codeFor(secret) }),
  );
  expect(confirm.status).toBe(200);
  clock.advance(STEP_MS);
  return { secret, recoveryCodes: ((await confirm.json()) as { recovery_codes: string[] }).recovery_codes };
}

describe("turning two-factor on asks for the password again", () => {
  it("a token alone cannot start it; a wrong password is refused and counted; the right one starts it", async () => {
    const token = await login(t);
    const bare = await start(token, {});
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { errors: Record<string, string> }).errors.password).toBe(
      "Password is required",
    );
    const wrong = await start(token, { password: "wrong-password" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: Record<string, string> }).errors.password).toBe(
      "The password is not correct",
    );
    // Nothing was started by either.
    expect(
      (await t.db.select().from(settings).where(eq(settings.key, "admin_two_factor_pending"))).length,
    ).toBe(0);

    const client = { "X-Forwarded-For": "198.51.100.61" };
    for (let i = 1; i < LOGIN_POLICY.perClient.limit; i++) {
      expect((await start(token, { password: `guess-${i}` }, t.app, client)).status).toBe(400);
    }
    expect((await start(token, { password: TEST_ADMIN_PASSWORD }, t.app, client)).status).toBe(200);
    expect((await start(token, { password: TEST_ADMIN_PASSWORD }, t.app, client)).status).toBe(429);
  });
});

describe("how the secret and the recovery codes are kept", () => {
  it("the secret is sealed with the key (the pending one too); recovery codes are argon2id hashes", async () => {
    const token = await login(t);
    const res = await start(token, { password: TEST_ADMIN_PASSWORD });
    const { secret } = (await res.json()) as { secret: string };
    const [pending] = await t.db.select().from(settings).where(eq(settings.key, "admin_two_factor_pending"));
    expect(JSON.stringify(pending.value)).not.toContain(secret);

    const confirm = await t.app.request(
      "/api/admin/two-factor/confirm",
      authed(token, "POST", { code: codeFor(secret) }),
    );
    const { recovery_codes } = (await confirm.json()) as { recovery_codes: string[] };
    const record = await stored();
    expect(record?.secret.startsWith(`v1.${box.id}.`)).toBe(true);
    expect(JSON.stringify(record)).not.toContain(secret);
    expect(record?.recovery).toHaveLength(10);
    for (const entry of record?.recovery ?? []) expect(entry).toMatch(/^[0-9a-f]{2}:\$argon2id\$/);
    for (const code of recovery_codes) expect(JSON.stringify(record)).not.toContain(recoveryDigest(code));
    const status = await t.app.request("/api/admin/security", authed(token));
    expect(((await status.json()) as { two_factor: unknown }).two_factor).toMatchObject({
      enabled: true,
      can_set_up: true,
      secret: "encrypted",
    });
  });

  it("a process holding another key answers 503 for a code and never takes it for a wrong one", async () => {
    const { secret } = await enable(await login(t));
    const other = processWith(secretBox("a-different-key-for-another-process-000"));
    const res = await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret) }, other);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { detail: string }).detail).toBe(TWO_FACTOR_UNREADABLE);
    // The code was not used up: the process with the right key takes it.
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret) })).status).toBe(200);
  });

  it("without a key (PostgreSQL without ENCRYPTION_KEY) it cannot be set up, and the page is told why", async () => {
    const keyless = processWith(null);
    const token = await login(t);
    const status = await keyless.request("/api/admin/security", authed(token));
    expect(((await status.json()) as { two_factor: unknown }).two_factor).toMatchObject({
      enabled: false,
      can_set_up: false,
    });
    const res = await start(token, { password: TEST_ADMIN_PASSWORD }, keyless);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe(NEEDS_ENCRYPTION_KEY);
  });
});

describe("what an older version stored is brought up to date at start", () => {
  /** Two-factor as the version before stored it: the secret in clear, recovery codes as bare SHA-256. */
  async function legacyRecord() {
    const secret = new Secret({ size: 20 }).base32;
    const codes = [newRecoveryCode(), newRecoveryCode()];
    const record: TwoFactorRecord = {
      secret,
      enabled_at: clock.now().toISOString(),
      last_step: 0,
      recovery: codes.map(recoveryDigest),
    };
    await t.db.insert(settings).values({ key: TWO_FACTOR_KEY, value: record });
    return { secret, codes };
  }

  it("the secret is sealed and the codes get the slow hash; the authenticator and the codes keep working", async () => {
    const { secret, codes } = await legacyRecord();
    expect(await upgradeTwoFactorStorage(t.db, box, clock.now())).toEqual({
      secret: "encrypted",
      sealed: true,
      rehashed: 2,
    });
    const record = await stored();
    expect(JSON.stringify(record)).not.toContain(secret);
    for (const code of codes) expect(JSON.stringify(record)).not.toContain(recoveryDigest(code));
    // A second start finds nothing to do.
    expect(await upgradeTwoFactorStorage(t.db, box, clock.now())).toEqual({
      secret: "encrypted",
      sealed: false,
      rehashed: 0,
    });
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret) })).status).toBe(200);
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codes[1].toUpperCase() })).status).toBe(200);
    expect((await stored())?.recovery).toHaveLength(1);
  });

  it("with no key to seal it (PostgreSQL without ENCRYPTION_KEY) the secret stays readable and the page says so", async () => {
    const { secret, codes } = await legacyRecord();
    expect(await upgradeTwoFactorStorage(t.db, null, clock.now())).toEqual({
      secret: "unencrypted",
      sealed: false,
      rehashed: 2,
    });
    const keyless = processWith(null);
    const ok = await signIn({ password: TEST_ADMIN_PASSWORD, code: codeFor(secret) }, keyless);
    expect(ok.status).toBe(200);
    expect((await signIn({ password: TEST_ADMIN_PASSWORD, code: codes[0] }, keyless)).status).toBe(200);
    const { token } = (await ok.json()) as { token: string };
    const status = await keyless.request("/api/admin/security", authed(token));
    expect(((await status.json()) as { two_factor: unknown }).two_factor).toMatchObject({
      enabled: true,
      secret: "unencrypted",
    });
  });
});
