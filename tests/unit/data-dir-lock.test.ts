import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "../../server/db/data-dir-lock.server.ts";

const dirs: string[] = [];
function folder(): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), "tw-lock-")));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The id of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

const lockOf = (dir: string, holder: Record<string, unknown>) =>
  writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ host: hostname(), start: null, dir, ...holder }));

describe("lockDataDir", () => {
  it("holds the folder until released, also against a second open in the same process", () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8"))).toMatchObject({
      pid: process.pid,
      dir,
    });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`The database folder ${dir} is in use by another process`);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir)();
  });

  it("refuses while the holder runs", () => {
    const dir = folder();
    // This test runner's parent is alive for the whole test.
    lockOf(dir, { pid: process.ppid });
    expect(() => lockDataDir(dir)).toThrow(`(process ${process.ppid})`);
  });

  it("takes over from a holder that died without releasing (kill -9)", () => {
    const dir = folder();
    lockOf(dir, { pid: deadPid() });
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over when the holder's id now belongs to another process (started later)", () => {
    const dir = folder();
    lockOf(dir, { pid: process.ppid, start: "another-boot:1" });
    lockDataDir(dir)();
  });

  it("ignores a lock copied along with the folder from somewhere else", () => {
    const dir = folder();
    lockOf(dir, { pid: process.ppid, dir: "/srv/elsewhere/db" });
    lockDataDir(dir)();
  });

  it("respects a holder on another host and says which file to remove if it is gone", () => {
    const dir = folder();
    lockOf(dir, { pid: 4242, host: "other-machine" });
    expect(() => lockDataDir(dir)).toThrow(
      `If no process on other-machine uses it any more, delete ${path.join(dir, LOCK_FILE)} and start again.`,
    );
  });
});
