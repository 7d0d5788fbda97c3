/**
 * Encryption for the few secrets the server must read back (today the
 * operator's TOTP secret), so a copy of the database alone does not reveal
 * them. AES-256-GCM with a key derived (HKDF-SHA256) from ENCRYPTION_KEY or,
 * without it on the embedded database, from a key file made at the first
 * start in DATA_DIR. A sealed value names the key it was sealed with, so a
 * process holding another key says so instead of reading garbage.
 * Decision record 8.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { chmod, link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** What a key file holds, and how many characters ENCRYPTION_KEY needs at least. */
export const KEY_MIN_LENGTH = 32;
export const KEY_FILE = "encryption.key";
const VERSION = "v1";

export interface SecretBox {
  /** A short, non-secret name of the key (stored with every sealed value). */
  readonly id: string;
  /** Encrypts `plain`; `context` (where the value is kept) must be the same to open it. */
  seal(plain: string, context: string): string;
  /** Decrypts a sealed value; throws SealedWithOtherKey when another key sealed it. */
  open(sealed: string, context: string): string;
}

export class SealedWithOtherKey extends Error {
  readonly keyId: string;
  constructor(keyId: string) {
    super(`This value was encrypted with another key (${keyId})`);
    this.keyId = keyId;
  }
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`);
}

/** The key id a sealed value was made with, or null when the value is not sealed. */
export function sealedKeyId(value: string): string | null {
  return isSealed(value) ? (value.split(".")[1] ?? null) : null;
}

export function secretBox(keyMaterial: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", keyMaterial, "", "tidewater secret box v1", 32));
  const id = createHmac("sha256", key).update("key id").digest("base64url").slice(0, 10);
  return {
    id,
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, id, iv, body, cipher.getAuthTag()]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed, context) {
      const [version, keyId, iv, body, tag] = sealed.split(".");
      if (version !== VERSION || !iv || !body || !tag) throw new Error("Not a sealed value");
      const same = keyId.length === id.length && timingSafeEqual(Buffer.from(keyId), Buffer.from(id));
      if (!same) throw new SealedWithOtherKey(keyId);
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"))
        .setAAD(Buffer.from(context))
        .setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}

/**
 * The box this process encrypts with: ENCRYPTION_KEY when set; else, on the
 * embedded database, DATA_DIR/encryption.key (made at the first start, this
 * user's only); else (PostgreSQL without ENCRYPTION_KEY) none: processes on
 * one database must share one key, and a file each would silently differ,
 * so two-factor sign-in then needs ENCRYPTION_KEY before it can be turned on.
 */
export async function loadSecretBox(env: {
  ENCRYPTION_KEY?: string;
  DATABASE_URL?: string;
  DATA_DIR: string;
}): Promise<SecretBox | null> {
  if (env.ENCRYPTION_KEY) return secretBox(env.ENCRYPTION_KEY);
  if (env.DATABASE_URL) return null;
  return secretBox(await keyFile(path.resolve(env.DATA_DIR, KEY_FILE)));
}

/** Reads the key file, making it first when there is none (whole or not at all: written aside, then linked). */
async function keyFile(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const fresh = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  await writeFile(fresh, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
  try {
    await link(fresh, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await rm(fresh, { force: true });
  }
  // An older file keeps the mode it was made with: this user's only, whatever it was.
  await chmod(file, 0o600);
  const key = (await readFile(file, "utf8")).trim();
  if (key.length < KEY_MIN_LENGTH) {
    throw new Error(`${file} must hold a key of at least ${KEY_MIN_LENGTH} characters`);
  }
  return key;
}
