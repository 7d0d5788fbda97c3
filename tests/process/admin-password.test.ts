import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, tempDataDir } from "../helpers/server-process.ts";

describe("a generated admin password", () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it("is never written to the output when it is not a terminal: it goes to a file only its owner can read", async () => {
    const server = await startServer({ DATA_DIR: data.dir, ADMIN_PASSWORD: "" });
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
      const login = await fetch(`${server.url}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ password }),
      });
      expect(login.status).toBe(200);
    } finally {
      expect(await server.stop("SIGTERM")).toBe(0);
    }
  });
});

describe("a new ADMIN_PASSWORD between two starts", () => {
  const data = tempDataDir();
  afterAll(() => data.remove());
  const login = (url: string, password: string) =>
    fetch(`${url}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password }),
    });

  it("ends every session opened under the old one", async () => {
    const first = await startServer({ DATA_DIR: data.dir, ADMIN_PASSWORD: "the-first-password" });
    let token: string;
    try {
      const res = await login(first.url, "the-first-password");
      expect(res.status).toBe(200);
      token = ((await res.json()) as { token: string }).token;
    } finally {
      expect(await first.stop("SIGTERM")).toBe(0);
    }
    const second = await startServer({ DATA_DIR: data.dir, ADMIN_PASSWORD: "the-second-password" });
    try {
      const old = await fetch(`${second.url}/api/bookings`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(old.status).toBe(401);
      expect((await login(second.url, "the-second-password")).status).toBe(200);
    } finally {
      expect(await second.stop("SIGTERM")).toBe(0);
    }
  });
});
