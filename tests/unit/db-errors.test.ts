import { describe, expect, it } from "vitest";
import { pgErrorCode } from "../../server/domain/content/admin/db-errors.server.ts";

describe("pgErrorCode", () => {
  it("reads the code from the error or from the causes it wraps, up to five deep", () => {
    expect(pgErrorCode({ code: "23505" })).toBe("23505");
    expect(pgErrorCode(new Error("query failed", { cause: { code: "23503" } }))).toBe("23503");
    let nested: unknown = { code: "40001" };
    for (let i = 0; i < 4; i++) nested = { cause: nested };
    expect(pgErrorCode(nested)).toBe("40001");
    expect(pgErrorCode({ cause: nested })).toBeUndefined();
  });

  it("answers nothing for codes that are not PostgreSQL's, or nothing at all", () => {
    // Node's own codes, numbers, a code inside longer text and lower case are not SQLSTATEs.
    for (const code of ["ECONNREFUSED", 23505, "x23505", "23505x", "2350", "2350a"]) {
      expect(pgErrorCode({ code }), String(code)).toBeUndefined();
    }
    // A cause behind a code that is not PostgreSQL's is still read.
    expect(pgErrorCode({ code: "ECONNRESET", cause: { code: "57P01" } })).toBe("57P01");
    for (const error of [undefined, null, "23505", 23505]) expect(pgErrorCode(error)).toBeUndefined();
  });
});
