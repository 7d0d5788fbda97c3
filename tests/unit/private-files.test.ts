import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeDataDirPrivate } from "../../server/db/private-files.server.ts";
import { createLogger } from "../../server/log.server.ts";

const mode = (p: string) => statSync(p).mode & 0o777;
const dirs: string[] = [];
const umaskBefore = process.umask();
afterEach(() => {
  process.umask(umaskBefore);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function scratch() {
  const d = mkdtempSync(path.join(tmpdir(), "private-files-"));
  dirs.push(d);
  return d;
}

describe("the data folder", () => {
  it("takes group and other access off every folder and file an older version left open, and says so", async () => {
    const root = scratch();
    const data = path.join(root, "data");
    mkdirSync(path.join(data, "db", "base"), { recursive: true });
    mkdirSync(path.join(data, "uploads"));
    chmodSync(data, 0o755);
    chmodSync(path.join(data, "db"), 0o777);
    writeFileSync(path.join(data, "db", "base", "wal"), "customer details");
    chmodSync(path.join(data, "db", "base", "wal"), 0o666);
    writeFileSync(path.join(data, "uploads", "photo.webp"), "bytes");
    chmodSync(path.join(data, "uploads", "photo.webp"), 0o644);
    writeFileSync(path.join(data, "uploads", "private.webp"), "bytes");
    chmodSync(path.join(data, "uploads", "private.webp"), 0o600);
    // A link is not followed: what it points to is not the site's to change.
    const outside = path.join(root, "elsewhere.txt");
    writeFileSync(outside, "not ours");
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(data, "uploads", "link.txt"));
    const lines: string[] = [];
    const log = createLogger("info", (line) => {
      lines.push(line);
      return true;
    });

    expect(await makeDataDirPrivate(data, log)).toEqual({ folders: 4, files: 2 });

    for (const dir of [
      data,
      path.join(data, "db"),
      path.join(data, "db", "base"),
      path.join(data, "uploads"),
    ]) {
      expect(mode(dir), dir).toBe(0o700);
    }
    for (const file of ["db/base/wal", "uploads/photo.webp", "uploads/private.webp"]) {
      expect(mode(path.join(data, file)), file).toBe(0o600);
    }
    expect(mode(outside)).toBe(0o644);
    expect(lstatSync(path.join(data, "uploads", "link.txt")).isSymbolicLink()).toBe(true);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: "warn",
      msg: "data folder was readable or writable by others: made private to this user",
      dir: data,
      folders: 4,
      files: 2,
    });
  });

  it("creates a missing folder 0700, logs nothing when all is private, and leaves new files private", async () => {
    process.umask(0o022);
    const data = path.join(scratch(), "new", "data");
    const lines: string[] = [];
    const log = createLogger("info", (line) => {
      lines.push(line);
      return true;
    });
    expect(await makeDataDirPrivate(data, log)).toEqual({ folders: 0, files: 0 });
    expect(mode(data)).toBe(0o700);
    expect(lines).toEqual([]);
    // What the process writes from now on (the database, uploads) is private whatever mode it asks.
    writeFileSync(path.join(data, "later.txt"), "x", { mode: 0o666 });
    mkdirSync(path.join(data, "later"), { mode: 0o755 });
    expect(mode(path.join(data, "later.txt"))).toBe(0o600);
    expect(mode(path.join(data, "later"))).toBe(0o700);
  });
});
