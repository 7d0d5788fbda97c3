/** What an audit entry records of a change: the fields that differ, secrets and medical answers as "changed". */
import { describe, expect, it } from "vitest";
import { fieldChanges } from "../../server/domain/audit/changes.ts";

describe("fieldChanges", () => {
  it("keeps only the fields that differ, with their values before and after", () => {
    expect(
      fieldChanges({ spots: 6, note: "calm", closed: false }, { spots: 4, note: "calm", closed: false }),
    ).toEqual({ spots: { before: 6, after: 4 } });
  });

  it("records a created thing's set fields and a deleted thing's fields", () => {
    expect(fieldChanges(null, { spots: 4, note: null })).toEqual({ spots: { before: null, after: 4 } });
    expect(fieldChanges({ spots: 4, note: undefined }, null)).toEqual({ spots: { before: 4, after: null } });
    // Unset either way (null or left out) is nothing to record, on a create as on a delete.
    expect(fieldChanges(null, { spots: 4, note: undefined })).toEqual({ spots: { before: null, after: 4 } });
    expect(fieldChanges({ spots: 4, note: null }, null)).toEqual({ spots: { before: 4, after: null } });
  });

  it("compares dates and nested values by their content", () => {
    const at = new Date("2026-12-01T00:00:00Z");
    expect(fieldChanges({ at, tags: ["a"] }, { at: new Date(at), tags: ["a"] })).toEqual({});
    expect(fieldChanges({ at }, { at: new Date("2026-12-02T00:00:00Z") })).toEqual({
      at: { before: "2026-12-01T00:00:00.000Z", after: "2026-12-02T00:00:00.000Z" },
    });
  });

  it("never copies a secret or a medical answer, only that it changed", () => {
    const changes = fieldChanges(
      { passwordHash: "$argon2id$old", medicalAnswers: { asthma: false }, token_hash: "a", name: "Mia" },
      { passwordHash: "$argon2id$new", medicalAnswers: { asthma: true }, token_hash: "b", name: "Mia" },
    );
    expect(changes).toEqual({
      passwordHash: { changed: true },
      medicalAnswers: { changed: true },
      token_hash: { changed: true },
    });
    expect(JSON.stringify(changes)).not.toMatch(/argon2|asthma/);
  });

  it("treats the fields named by the caller as secret too, and leaves unchanged secrets out", () => {
    expect(fieldChanges({ code: "GIFT-1", secret: "x" }, { code: "GIFT-2", secret: "x" }, ["code"])).toEqual({
      code: { changed: true },
    });
  });
});
