import { spawnSync } from "node:child_process";
import { Secret, TOTP } from "otpauth";
import { afterAll, expect, it } from "vitest";
import { SCRIPT_NODE_FLAGS } from "../../server/node-flags.ts";
import { seededDataDir, seededPgDatabase } from "../helpers/seeded-data-dir.ts";
import { startServer } from "../helpers/server-process.ts";

const PASSWORD = "process-admin-password";
const data = seededDataDir();
afterAll(() => data.remove());

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Two-factor on, server stopped, the command run with the same configuration, server started again. */
async function lostAuthenticator(env: Record<string, string>) {
  const first = await startServer(env);
  let token: string;
  try {
    token = (
      (await (await post(`${first.url}/api/admin/login`, { password: PASSWORD })).json()) as { token: string }
    ).token;
    const { secret } = (await (
      await post(`${first.url}/api/admin/two-factor/start`, { password: PASSWORD }, token)
    ).json()) as {
      secret: string;
    };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await post(`${first.url}/api/admin/two-factor/confirm`, { code }, token)).status).toBe(200);
    expect((await post(`${first.url}/api/admin/login`, { password: PASSWORD })).status).toBe(401);
  } finally {
    expect(await first.stop("SIGTERM")).toBe(0);
  }

  const run = spawnSync(process.execPath, [...SCRIPT_NODE_FLAGS, "scripts/admin-two-factor-off.ts"], {
    env: { ...process.env, DATABASE_URL: "", ...env },
    encoding: "utf8",
  });
  expect(run.status).toBe(0);
  expect(run.stdout).toContain("Two-factor sign-in is now off.");
  expect(run.stdout).not.toContain(PASSWORD);

  const second = await startServer(env);
  try {
    expect((await post(`${second.url}/api/admin/login`, { password: PASSWORD })).status).toBe(200);
    const old = await fetch(`${second.url}/api/bookings`, { headers: { Authorization: `Bearer ${token}` } });
    expect(old.status).toBe(401);
  } finally {
    expect(await second.stop("SIGTERM")).toBe(0);
  }
}

it("an operator who lost the authenticator turns two-factor off with npm run admin:two-factor-off (embedded database)", async () => {
  await lostAuthenticator({ DATA_DIR: data.dir, ADMIN_PASSWORD: PASSWORD });
});

it.skipIf(process.env.SKIP_PG === "1")("the same on PostgreSQL", async () => {
  const database = await seededPgDatabase();
  try {
    await lostAuthenticator({
      DATABASE_URL: database.url,
      DATA_DIR: data.dir,
      ADMIN_PASSWORD: PASSWORD,
      PAYMENTS: "test",
      // On PostgreSQL the two-factor secret needs a key every process shares.
      ENCRYPTION_KEY: "a-key-for-this-test-only-0123456789abcdef",
    });
  } finally {
    await database.drop();
  }
});
