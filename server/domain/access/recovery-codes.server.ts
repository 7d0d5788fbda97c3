/**
 * Two-factor recovery codes: ten random codes shown once, each signing in
 * once instead of an authenticator code. Stored only as argon2id hashes (the
 * same slow hash as the password), so a copy of the database cannot be
 * searched through the codes' 50 bits at the speed of SHA-256. A slow hash per
 * stored code would make every guess cost ten of them: each entry starts with
 * two hex digits of the code's SHA-256 (8 of its 50 bits), and only the
 * entries with the typed code's digits are checked, one slow hash a try.
 */
import { createHash, randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** No 0/o, 1/l/i: easy to copy by hand. */
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const SELECTOR_LENGTH = 2;

/** A recovery code as shown: "xxxxx-xxxxx" (10 characters, about 50 bits). */
export function newRecoveryCode(): string {
  let s = "";
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Case, spaces and hyphens do not matter when a recovery code is typed. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, "");
}

export function looksLikeRecoveryCode(input: string): boolean {
  return /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(input));
}

/** The SHA-256 of a typed code: what the slow hash is taken of (and all an older version stored). */
export function recoveryDigest(input: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(input), "utf8").digest("hex");
}

/** A stored entry from a version that kept the bare SHA-256. */
export function isLegacyRecoveryEntry(entry: string): boolean {
  return /^[0-9a-f]{64}$/.test(entry);
}

/** The stored entry for a code's digest: "<two hex digits>:<argon2id hash of the digest>". */
export async function recoveryEntry(digest: string): Promise<string> {
  return `${digest.slice(0, SELECTOR_LENGTH)}:${await hash(digest)}`;
}

/** The stored entry for a new code. */
export function hashRecoveryCode(code: string): Promise<string> {
  return recoveryEntry(recoveryDigest(code));
}

/** The stored entry the typed code matches, or null. */
export async function findRecoveryEntry(entries: readonly string[], input: string): Promise<string | null> {
  if (!looksLikeRecoveryCode(input)) return null;
  const digest = recoveryDigest(input);
  const selector = `${digest.slice(0, SELECTOR_LENGTH)}:`;
  for (const entry of entries) {
    if (!entry.startsWith(selector)) continue;
    try {
      if (await verify(entry.slice(selector.length), digest)) return entry;
    } catch {
      // A damaged entry matches nothing.
    }
  }
  return null;
}
