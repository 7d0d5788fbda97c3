import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, tempDataDir } from "../helpers/server-process.ts";

const login = (url: string, password: string) =>
  fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password }),
  });

describe("a generated admin password", () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it("is never written to the output when it is not a terminal: it goes to a file only its owner can read; setting ADMIN_PASSWORD later ends its sessions", async () => {
    const server = await startServer({ DATA_DIR: data.dir, ADMIN_PASSWORD: "" });
    let token: string;
    try {
      const file = path.join(data.dir, "admin-password.txt");
      // The start-up notice follows the "listening" line, and names the file once it is written.
      await server.waitForLine(file);
      const password = readFileSync(file, "utf8").trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const output = server.output.join("\n");
      expect(output).not.toContain(password);
      expect(output).toContain(file);
      const res = await login(server.url, password);
      expect(res.status).toBe(200);
      token = ((await res.json()) as { token: string }).token;
    } finally {
      expect(await server.stop("SIGTERM")).toBe(0);
    }

    // The password changes between two starts: every session opened under the old one ends.
    const next = await startServer({ DATA_DIR: data.dir, ADMIN_PASSWORD: "the-password-set-later" });
    try {
      const old = await fetch(`${next.url}/api/bookings`, { headers: { Authorization: `Bearer ${token}` } });
      expect(old.status).toBe(401);
      expect((await login(next.url, "the-password-set-later")).status).toBe(200);
    } finally {
      expect(await next.stop("SIGTERM")).toBe(0);
    }
  });
});
