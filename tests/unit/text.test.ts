import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../server/errors.server.ts";
import {
  assertCleanText,
  findBadText,
  TEXT_MESSAGES,
  textProblem,
} from "../../server/security/text.server.ts";

describe("textProblem", () => {
  it("accepts ordinary text, emoji, accents, tabs and line breaks", () => {
    for (const ok of ["Mia", "Zoë Ngô", "Diving 🐠🤿", "line one\nline two\r\n\tindented", "", "日本語"]) {
      expect(textProblem(ok)).toBeNull();
    }
  });

  it("refuses NUL and the other control characters", () => {
    for (const bad of ["\u0000", "Mia\u0000", "a\u0007b", "\u001b[31m", "x\u007f", "\u000b", "\u000c"]) {
      expect(textProblem(bad)).toBe(TEXT_MESSAGES.control);
    }
  });

  it("refuses lone surrogates but keeps pairs", () => {
    expect(textProblem("\uD83D")).toBe(TEXT_MESSAGES.surrogate);
    expect(textProblem("a\uDC00b")).toBe(TEXT_MESSAGES.surrogate);
    expect(textProblem("\uDC00\uD83D")).toBe(TEXT_MESSAGES.surrogate);
    expect(textProblem("\uD83D\uDC20")).toBeNull();
  });

  it("agrees with a character-by-character definition on any string", () => {
    const allowedControl = new Set([9, 10, 13]);
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const hasControl = [...s].some((ch) => {
          const cp = ch.codePointAt(0) ?? 0;
          return (cp < 32 && !allowedControl.has(cp)) || cp === 127;
        });
        const hasLone = [...s].some((ch) => {
          const cp = ch.codePointAt(0) ?? 0;
          return cp >= 0xd800 && cp <= 0xdfff;
        });
        const expected = hasControl ? TEXT_MESSAGES.control : hasLone ? TEXT_MESSAGES.surrogate : null;
        expect(textProblem(s)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    // 2,000 strings with every code unit: about a second alone, many more beside the suite's other steps.
  }, 30_000);
});

describe("findBadText", () => {
  it("names the field path, in nested objects and arrays", () => {
    expect(findBadText({ customer_first_name: "Mia\u0000" })).toEqual({
      field: "customer_first_name",
      message: TEXT_MESSAGES.control,
    });
    expect(findBadText({ a: { b: ["ok", "bad\uD800"] } })).toEqual({
      field: "a.b.1",
      message: TEXT_MESSAGES.surrogate,
    });
    expect(findBadText({ n: 1, ok: true, none: null, s: "fine" })).toBeNull();
  });

  it("checks object keys too", () => {
    expect(findBadText({ meta: { "k\u0000": "v" } })?.field).toBe("meta");
    expect(findBadText({ "k\u0000": "v" })).toEqual({
      field: "body",
      message: "field names must not contain control characters",
    });
  });

  it("names the body itself for a bare string, unless told another name", () => {
    expect(() => assertCleanText("hi\u0000")).toThrow("body: must not contain control characters");
    expect(() => assertCleanText("hi\u0000", "query")).toThrow("query: must not contain control characters");
  });

  it("assertCleanText throws a 400 in the API's error shape", () => {
    try {
      assertCleanText({ message: "hi\u0000" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      const e = error as HttpError;
      expect(e.status).toBe(400);
      expect(e.message).toBe("message: must not contain control characters");
      expect(e.errors).toEqual({ message: "must not contain control characters" });
    }
  });
});

describe("findBadText on deep bodies", () => {
  it("finds a NUL thousands of levels down without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(20_000)}"x\\u0000"${"]".repeat(20_000)}`);
    expect(findBadText({ a: deep })?.message).toBe(TEXT_MESSAGES.control);
  });

  it("reports the first bad field in body order", () => {
    expect(findBadText({ a: "ok", b: "\u0000", c: "\u0001" })?.field).toBe("b");
  });
});
