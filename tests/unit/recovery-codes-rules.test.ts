/**
 * Two-factor recovery codes, called directly (server/domain/access/recovery-codes.server.ts).
 * A new code is ten characters of the copyable alphabet shown as "xxxxx-xxxxx". Case, spaces
 * and hyphens do not matter when one is typed, and only exactly ten letters or digits are
 * code-shaped. The digest is the SHA-256 of the normalised code; a legacy entry is exactly 64
 * lower-case hex digits. A stored entry is the digest's first two hex digits, a colon and an
 * argon2id hash of the digest. A typed code finds the entry it verifies against: an input that
 * is not code-shaped is refused before any hash is checked, an entry under another selector is
 * never checked, an entry with the typed selector but another code's hash does not match, and a
 * damaged entry matches nothing.
 */
import { createHash } from "node:crypto";
import { verify } from "@node-rs/argon2";
import { beforeAll, describe, expect, it } from "vitest";
import {
  findRecoveryEntry,
  hashRecoveryCode,
  isLegacyRecoveryEntry,
  looksLikeRecoveryCode,
  newRecoveryCode,
  normaliseRecoveryCode,
  recoveryDigest,
  recoveryEntry,
} from "../../server/domain/access/recovery-codes.server.ts";

const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const A = "abcde-fghjk";
const B = "23456-789mn";
const C = "pqrst-uvwxy";
/** A code nobody was given. */
const D = "zzzzz-22222";
/** Eleven letters: not code-shaped. */
const LONG = "abcdefghjkm";
const HEX64 = "0123456789abcdef".repeat(4);

const selectorOf = (code: string) => recoveryDigest(code).slice(0, 2);
/** The hash part of an entry (after "<two hex digits>:"). */
const hashPart = (entry: string) => entry.slice(3);

let entryA: string;
let entryB: string;
let entryC: string;
let entryD: string;
let entryLong: string;

beforeAll(async () => {
  [entryA, entryB, entryC, entryD, entryLong] = await Promise.all([
    hashRecoveryCode(A),
    hashRecoveryCode(B),
    hashRecoveryCode(C),
    hashRecoveryCode(D),
    recoveryEntry(recoveryDigest(LONG)),
  ]);
});

describe("a new recovery code", () => {
  it("is five and five characters of the copyable alphabet, each of them in use", () => {
    const codes = Array.from({ length: 300 }, () => newRecoveryCode());
    for (const code of codes) {
      expect(code).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{5}-[23456789abcdefghjkmnpqrstuvwxyz]{5}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
    const seen = new Set(codes.join("").replaceAll("-", ""));
    expect([...seen].sort().join("")).toBe(ALPHABET);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe("a typed code", () => {
  it("is normalised: lower case, every space and hyphen removed", () => {
    expect(normaliseRecoveryCode(" AbC-dE\tf-G h\n")).toBe("abcdefgh");
    expect(normaliseRecoveryCode("ABCDE--FGHJK")).toBe("abcdefghjk");
  });

  it("is code-shaped with exactly ten letters or digits, whatever its case, spaces and hyphens", () => {
    for (const input of [
      A,
      "ABCDE FGHJK",
      " abcde-fghjk ",
      "abcdefghjk",
      "0123456789",
      "a-b-c-d-e-f-g-h-j-k",
    ])
      expect(looksLikeRecoveryCode(input), input).toBe(true);
  });

  it("is refused with characters before or after ten good ones, or with nine or eleven", () => {
    for (const input of [
      "abcdefghj",
      LONG,
      "abcde-fghjk-2",
      "!abcdefghjk",
      "abcdefghjk!",
      "x.abcdefghjk",
      "abcdefghjk.x",
      "abcde_fghjk",
      "abcdé-fghjk",
      "",
    ])
      expect(looksLikeRecoveryCode(input), input).toBe(false);
  });

  it("has the SHA-256 of its normalised form as its digest", () => {
    const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    expect(recoveryDigest("abc")).toBe(abc);
    expect(recoveryDigest(" A-b C ")).toBe(abc);
    expect(recoveryDigest("ABCDE FGHJK")).toBe(createHash("sha256").update("abcdefghjk").digest("hex"));
  });
});

describe("a legacy entry", () => {
  it("is exactly 64 lower-case hex digits, nothing before or after", () => {
    expect(isLegacyRecoveryEntry(HEX64)).toBe(true);
    expect(isLegacyRecoveryEntry(recoveryDigest(A))).toBe(true);
    for (const entry of [
      `x${HEX64}`,
      `${HEX64}x`,
      `0${HEX64}`,
      `${HEX64}0`,
      `ab:${HEX64}`,
      HEX64.slice(1),
      HEX64.toUpperCase(),
      "",
    ])
      expect(isLegacyRecoveryEntry(entry), entry).toBe(false);
  });

  it("is not what a new code is stored as", () => {
    expect(isLegacyRecoveryEntry(entryA)).toBe(false);
  });
});

describe("a stored entry", () => {
  it("is the digest's two first hex digits, a colon and an argon2id hash of the digest", async () => {
    expect(entryA.startsWith(`${selectorOf(A)}:$argon2id$`)).toBe(true);
    expect(await verify(hashPart(entryA), recoveryDigest(A))).toBe(true);
    expect(await verify(hashPart(entryA), recoveryDigest(B))).toBe(false);
    expect(entryLong.startsWith(`${recoveryDigest(LONG).slice(0, 2)}:$argon2id$`)).toBe(true);
  });
});

describe("findRecoveryEntry", () => {
  it("answers the entry the typed code matches, typed in any case with spaces", async () => {
    const entries = [entryA, entryB, entryC];
    expect(await findRecoveryEntry(entries, B)).toBe(entryB);
    expect(await findRecoveryEntry(entries, "23456 789MN")).toBe(entryB);
    expect(await findRecoveryEntry(entries, "PQRSTUVWXY")).toBe(entryC);
    expect(await findRecoveryEntry(entries, A)).toBe(entryA);
  });

  it("answers null for a code that matches none, and with no entries", async () => {
    expect(await findRecoveryEntry([entryA, entryB, entryC], D)).toBeNull();
    expect(await findRecoveryEntry([], A)).toBeNull();
  });

  it("answers null for an input that is not code-shaped, even when an entry would verify it", async () => {
    // The entry is a true hash of this input's digest, under its selector: only the shape check refuses it.
    expect(await verify(hashPart(entryLong), recoveryDigest(LONG))).toBe(true);
    expect(await findRecoveryEntry([entryLong], LONG)).toBeNull();
    expect(await findRecoveryEntry([entryLong, entryA], LONG)).toBeNull();
  });

  it("does not take an entry under the typed code's selector that holds another code's hash", async () => {
    const forged = `${selectorOf(D)}:${hashPart(entryA)}`;
    expect(await findRecoveryEntry([forged], D)).toBeNull();
    expect(await findRecoveryEntry([forged, entryD], D)).toBe(entryD);
    expect(await findRecoveryEntry([forged, entryA, entryD], "ZZZZZ 22222")).toBe(entryD);
  });

  it("never checks an entry under another selector, even one holding the code's own hash", async () => {
    const elsewhere = `${selectorOf(D) === "00" ? "01" : "00"}:${hashPart(entryD)}`;
    expect(await findRecoveryEntry([elsewhere], D)).toBeNull();
    expect(await findRecoveryEntry([hashPart(entryD)], D)).toBeNull();
    expect(await findRecoveryEntry([recoveryDigest(D)], D)).toBeNull();
  });

  it("skips a damaged entry and goes on to the one that matches", async () => {
    const damaged = `${selectorOf(D)}:not-an-argon2-hash`;
    expect(await findRecoveryEntry([damaged], D)).toBeNull();
    expect(await findRecoveryEntry([damaged, entryD], D)).toBe(entryD);
  });
});
