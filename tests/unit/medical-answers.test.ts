import { describe, expect, it } from "vitest";
import { clearanceFileText, MEDICAL_QUESTION_IDS, sameAnswers } from "../../app/lib/medical.ts";

const allNo = Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false]));

// A re-save of the same medical answers is not a new statement; any changed answer is.
describe("the same medical answers", () => {
  it("are the same when every question has the same answer", () => {
    expect(sameAnswers(allNo, { ...allNo })).toBe(true);
  });
  it("differ when any one answer differs, the first or the last", () => {
    const first = MEDICAL_QUESTION_IDS[0];
    const last = MEDICAL_QUESTION_IDS[MEDICAL_QUESTION_IDS.length - 1];
    expect(sameAnswers(allNo, { ...allNo, [first]: true })).toBe(false);
    expect(sameAnswers(allNo, { ...allNo, [last]: true })).toBe(false);
  });
  it("no answers are the same only as no answers", () => {
    expect(sameAnswers(null, null)).toBe(true);
    expect(sameAnswers(null, allNo)).toBe(false);
    expect(sameAnswers(allNo, null)).toBe(false);
  });
});

describe("a received clearance's size", () => {
  it("is in MB from exactly one mebibyte, in KB below it", () => {
    expect(clearanceFileText("application/pdf", 1024 * 1024)).toBe("PDF, 1 MB");
    expect(clearanceFileText("application/pdf", 1024 * 1024 - 1)).toBe("PDF, 1024 KB");
  });
});
