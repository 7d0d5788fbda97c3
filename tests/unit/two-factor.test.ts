import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { changePasswordSchema, groupSecret } from "../../app/lib/admin-security.ts";
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
import { totpStep } from "../../server/domain/access/two-factor.server.ts";

// A fixed secret and time: the codes of the five steps around t0 are all different.
const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const codeAt = (ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: ms,
  });

describe("TOTP codes", () => {
  // A moment in the middle of a 30-second step.
  const t0 = Math.floor(Date.UTC(2026, 10, 25, 6, 0, 0) / 30_000) * 30_000 + 15_000;
  const step0 = Math.floor(t0 / 30_000);

  it("the current code belongs to the current step; spaces are allowed", () => {
    const code = codeAt(t0);
    expect(totpStep(secret, code, new Date(t0))).toBe(step0);
    expect(totpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, new Date(t0))).toBe(step0);
  });

  it("accepts one step of clock drift either way, and no more", () => {
    expect(totpStep(secret, codeAt(t0 - 30_000), new Date(t0))).toBe(step0 - 1);
    expect(totpStep(secret, codeAt(t0 + 30_000), new Date(t0))).toBe(step0 + 1);
    const around = [-2, -1, 0, 1, 2].map((k) => codeAt(t0 + k * 30_000));
    expect(new Set(around).size).toBe(5);
    expect(totpStep(secret, around[0], new Date(t0))).toBeNull();
    expect(totpStep(secret, around[4], new Date(t0))).toBeNull();
  });

  it("refuses anything that is not 6 digits", () => {
    expect(totpStep(secret, "", new Date(t0))).toBeNull();
    expect(totpStep(secret, "12345", new Date(t0))).toBeNull();
    expect(totpStep(secret, "1234567", new Date(t0))).toBeNull();
    expect(totpStep(secret, "abcdef", new Date(t0))).toBeNull();
  });
});

describe("recovery codes", () => {
  it("look like xxxxx-xxxxx from an alphabet without look-alike characters", () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    for (const c of codes) {
      expect(c).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
      expect(looksLikeRecoveryCode(c)).toBe(true);
    }
    expect(new Set(codes).size).toBe(50);
  });

  it("are stored as a slow (argon2id) hash; case, spaces and hyphens do not matter when typed", async () => {
    expect(normaliseRecoveryCode(" AB3DE-FGH4K ")).toBe("ab3defgh4k");
    const entry = await hashRecoveryCode("ab3de-fgh4k");
    expect(entry).toMatch(/^[0-9a-f]{2}:\$argon2id\$/);
    expect(entry).not.toContain("ab3de");
    expect(entry).not.toContain(recoveryDigest("ab3de-fgh4k"));
    expect(await findRecoveryEntry([entry], "AB3DE FGH4K")).toBe(entry);
    expect(await findRecoveryEntry([entry], "ab3de-fgh4m")).toBeNull();
    expect(looksLikeRecoveryCode("123456")).toBe(false);
  });

  it("only entries under the typed code's two hex digits are checked: one slow hash a try, not ten", async () => {
    const entry = await hashRecoveryCode("ab3de-fgh4k");
    const elsewhere = `${entry.slice(0, 2) === "00" ? "01" : "00"}${entry.slice(2)}`;
    expect(await findRecoveryEntry([elsewhere], "ab3de-fgh4k")).toBeNull();
  });

  it("a code stored by an older version as a bare SHA-256 keeps working once wrapped in the slow hash", async () => {
    const legacy = recoveryDigest("ab3de-fgh4k");
    expect(isLegacyRecoveryEntry(legacy)).toBe(true);
    const wrapped = await recoveryEntry(legacy);
    expect(isLegacyRecoveryEntry(wrapped)).toBe(false);
    expect(await findRecoveryEntry([wrapped], "AB3DE-FGH4K")).toBe(wrapped);
  });
});

describe("password change form rules", () => {
  const valid = {
    current_password: "old-password-1",
    new_password: "a-new-long-password",
    confirm_password: "a-new-long-password",
  };
  const errorsOf = (input: Record<string, unknown>) => {
    const r = changePasswordSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it("accepts a long new password typed twice", () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it("names the field for each mistake", () => {
    expect(errorsOf({ ...valid, current_password: "" })).toEqual({
      current_password: "Current password is required",
    });
    expect(errorsOf({ ...valid, new_password: "short-pw", confirm_password: "short-pw" })).toEqual({
      new_password: "New password must be at least 12 characters",
    });
    expect(errorsOf({ ...valid, confirm_password: "something-else!" })).toEqual({
      confirm_password: "The two new passwords do not match",
    });
    expect(
      errorsOf({
        current_password: valid.new_password,
        new_password: valid.new_password,
        confirm_password: valid.new_password,
      }),
    ).toEqual({ new_password: "The new password must be different from the current one" });
  });
});

it("a secret is shown in groups of four for typing by hand", () => {
  expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
  expect(groupSecret("ABCDE")).toBe("ABCD E");
});
