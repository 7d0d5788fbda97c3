import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  isSealed,
  KEY_FILE,
  KEY_MIN_LENGTH,
  loadSecretBox,
  SealedWithOtherKey,
  sealedKeyId,
  secretBox,
} from "../../server/security/secret-box.server.ts";

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "tw-key-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const KEY = "k".repeat(32);

describe("the secret box", () => {
  it("seals and opens; the sealed text holds neither the secret nor the key, and names the key", () => {
    const box = secretBox(KEY);
    const sealed = box.seal("JBSWY3DPEHPK3PXP", "here");
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain(KEY);
    expect(sealedKeyId(sealed)).toBe(box.id);
    expect(box.seal("JBSWY3DPEHPK3PXP", "here")).not.toBe(sealed);
    expect(box.open(sealed, "here")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses another key, another place and any change", () => {
    const box = secretBox(KEY);
    const sealed = box.seal("secret", "here");
    expect(() => secretBox("o".repeat(32)).open(sealed, "here")).toThrow(SealedWithOtherKey);
    expect(() => box.open(sealed, "elsewhere")).toThrow();
    const parts = sealed.split(".");
    parts[3] = `${parts[3].slice(0, -2)}AA`;
    expect(() => box.open(parts.join("."), "here")).toThrow();
  });
});

describe("values sealed before", () => {
  // Sealed by this code with KEY: stored two-factor secrets and emails must open after any change
  // to it, so the key derivation, the key id and the text encoding are pinned by this vector.
  const SEALED = "v1.Vr5_fBcwbt.MS2dzQrsWXd1v_V5.Cx67JvxamAycFccnZ4PJOw.AsrAsyjpbs7Wdf56XceqwQ";

  it("still open, text beyond ASCII included, under the same key id", () => {
    const box = secretBox(KEY);
    expect(box.id).toBe("Vr5_fBcwbt");
    expect(box.open(SEALED, "participants.medical")).toBe("Tauchgänge 🐠");
  });

  it("are told apart from plain text", () => {
    expect(isSealed(SEALED)).toBe(true);
    expect(isSealed("JBSWY3DPEHPK3PXP")).toBe(false);
    expect(isSealed("v1")).toBe(false);
    expect(sealedKeyId("v1x.abc")).toBeNull();
  });

  it("refuse to open when a part is missing or the version is another", () => {
    const box = secretBox(KEY);
    const [version, id, iv, body, tag] = SEALED.split(".");
    for (const broken of [
      ["v2", id, iv, body, tag],
      [version, id, "", body, tag],
      [version, id, iv, "", tag],
      [version, id, iv, body, ""],
      [version, id, iv, body],
    ]) {
      expect(() => box.open(broken.join("."), "participants.medical")).toThrow("Not a sealed value");
    }
  });

  it("sealed with another key (of any length) name that key", () => {
    const box = secretBox(KEY);
    const parts = SEALED.split(".");
    for (const other of ["Zr5_fBcwbt", "short", "a-much-longer-key-id"]) {
      parts[1] = other;
      let error: unknown;
      try {
        box.open(parts.join("."), "participants.medical");
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SealedWithOtherKey);
      expect((error as SealedWithOtherKey).keyId).toBe(other);
      expect((error as Error).message).toBe(`This value was encrypted with another key (${other})`);
    }
  });
});

describe("which key a process uses", () => {
  it("ENCRYPTION_KEY when set", async () => {
    const dir = folder();
    const box = await loadSecretBox({ ENCRYPTION_KEY: KEY, DATA_DIR: dir, DATABASE_URL: "postgres://x/y" });
    expect(box?.id).toBe(secretBox(KEY).id);
  });

  it("on the embedded database, a key file made at the first start, readable by this user only, and kept", async () => {
    const dir = folder();
    const first = await loadSecretBox({ DATA_DIR: dir });
    const file = path.join(dir, KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await loadSecretBox({ DATA_DIR: dir });
    expect(again?.id).toBe(first?.id);
    // Its content works as ENCRYPTION_KEY: the way to move to PostgreSQL or several processes.
    expect(secretBox(readFileSync(file, "utf8").trim()).id).toBe(first?.id);
  });

  it("two processes starting at once on a new data folder make one key file and leave nothing else", async () => {
    const dir = folder();
    const [a, b] = await Promise.all([loadSecretBox({ DATA_DIR: dir }), loadSecretBox({ DATA_DIR: dir })]);
    expect(a?.id).toBe(b?.id);
    expect(readdirSync(dir)).toEqual([KEY_FILE]);
  });

  it("a key file too short to be a key stops the start", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, KEY_FILE), `${"k".repeat(KEY_MIN_LENGTH - 1)}\n`);
    await expect(loadSecretBox({ DATA_DIR: dir })).rejects.toThrow(`at least ${KEY_MIN_LENGTH} characters`);
    writeFileSync(path.join(dir, KEY_FILE), `${"k".repeat(KEY_MIN_LENGTH)}\n`);
    expect((await loadSecretBox({ DATA_DIR: dir }))?.id).toBe(secretBox("k".repeat(KEY_MIN_LENGTH)).id);
  });

  it("an older key file left readable by others is made this user's only", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, KEY_FILE), `${KEY}\n`, { mode: 0o644 });
    const box = await loadSecretBox({ DATA_DIR: dir });
    expect(box?.id).toBe(secretBox(KEY).id);
    expect(statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it("on PostgreSQL without ENCRYPTION_KEY, none: a file per machine would differ between processes", async () => {
    const dir = folder();
    expect(await loadSecretBox({ DATA_DIR: dir, DATABASE_URL: "postgres://db/tidewater" })).toBeNull();
    expect(() => statSync(path.join(dir, KEY_FILE))).toThrow();
  });
});
