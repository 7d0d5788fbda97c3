import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SCRIPT_NODE_FLAGS } from "../../server/node-flags.ts";
import { seededDataDir } from "../helpers/seeded-data-dir.ts";
import { createPgDatabase, type ServerProcess, startServer, tempDataDir } from "../helpers/server-process.ts";

const PAY = { card_number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Mia Nguyen" };

/** Runs one npm script's program (what `npm run backup|restore` runs) with env; answers its exit and output. */
function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [...SCRIPT_NODE_FLAGS, script, ...args], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function post(server: ServerProcess, url: string, body: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** Books one spot on the first open date and pays for it through the test checkout. */
async function paidBooking(server: ServerProcess): Promise<string> {
  const dates = (await (await fetch(`${server.url}/api/adventures/dive-exhibition/dates`)).json()) as {
    date: string;
    available: boolean;
  }[];
  const date = dates.find((d) => d.available)?.date;
  const booked = await post(server, "/api/bookings", {
    adventure_id: "dive-exhibition",
    selected_date: date,
    group_size: 1,
    customer_first_name: "Mia",
    customer_last_name: "Nguyen",
    customer_email: "mia@example.com",
    customer_phone: "+61 400 000 000",
  });
  expect(booked.status).toBe(201);
  expect(
    (await post(server, `/api/payments/v1/test-checkout/${booked.body.session_id}/pay`, PAY)).status,
  ).toBe(200);
  return booked.body.session_id;
}

async function statusOf(server: ServerProcess, session: string) {
  return (await (await fetch(`${server.url}/api/payments/v1/checkout/status/${session}`)).json()) as Record<
    string,
    unknown
  >;
}

describe("npm run backup / npm run restore", () => {
  // The source site as any site after its first start; the target stays empty for the restore.
  const dirs = [seededDataDir(), tempDataDir(), tempDataDir()];
  afterAll(() => {
    for (const d of dirs) d.remove();
  });

  it("the embedded database: back up a stopped site, restore into a new data folder, serve it", async () => {
    const [source, target, out] = dirs;
    const server = await startServer({ DATA_DIR: source.dir });
    const session = await paidBooking(server);
    const paid = await statusOf(server, session);
    expect(paid.payment_status).toBe("paid");
    expect(await server.stop()).toBe(0);

    const backup = await run("scripts/backup.ts", ["--out", out.dir, "--keep", "3"], {
      DATA_DIR: source.dir,
    });
    expect(backup.code, backup.output).toBe(0);
    const files = readdirSync(out.dir).filter((f) => f.endsWith(".tar.gz"));
    expect(files).toHaveLength(1);
    const file = path.join(out.dir, files[0]);

    const restore = await run("scripts/restore.ts", [file], { DATA_DIR: target.dir });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain("Restored");

    const restored = await startServer({ DATA_DIR: target.dir });
    try {
      expect(await statusOf(restored, session)).toEqual(paid);
      // The restored site was seeded once already: it is not seeded again on start.
      expect(restored.output.some((l) => l.includes("seeded"))).toBe(false);
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  });

  it.skipIf(process.env.SKIP_PG === "1")(
    "PostgreSQL: back up a live site, restore into a new empty database",
    async () => {
      const [source, target, out] = dirs.map((d) => ({ dir: path.join(d.dir, "pg") }));
      const from = await createPgDatabase();
      const to = await createPgDatabase();
      try {
        const env = { DATABASE_URL: from.url, DATA_DIR: source.dir, PAYMENTS: "test" };
        const server = await startServer(env);
        let paid: Record<string, unknown>;
        let session: string;
        try {
          session = await paidBooking(server);
          paid = await statusOf(server, session);
          const backup = await run("scripts/backup.ts", ["--out", out.dir], env);
          expect(backup.code, backup.output).toBe(0);
        } finally {
          await server.stop();
        }
        const file = path.join(out.dir, readdirSync(out.dir)[0]);
        expect(existsSync(file)).toBe(true);
        const restore = await run("scripts/restore.ts", [file], {
          DATABASE_URL: to.url,
          DATA_DIR: target.dir,
        });
        expect(restore.code, restore.output).toBe(0);
        // A database that holds data is refused, with the way forward.
        const again = await run("scripts/restore.ts", [file], { DATABASE_URL: to.url, DATA_DIR: target.dir });
        expect(again.code).toBe(1);
        expect(again.output).toContain("Restore refused: The database is not empty");
        expect(again.output).toContain("--force");
        const restored = await startServer({ DATABASE_URL: to.url, DATA_DIR: target.dir, PAYMENTS: "test" });
        try {
          expect(await statusOf(restored, session)).toEqual(paid);
        } finally {
          await restored.stop();
        }
      } finally {
        await from.drop();
        await to.drop();
      }
    },
  );
});
