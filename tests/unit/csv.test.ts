import { describe, expect, it } from "vitest";
import { csvCell, csvLine, csvRecord } from "../../server/csv.server.ts";

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(3)).toBe("3");
    expect(csvCell(false)).toBe("false");
  });

  it("defuses spreadsheet formulas with a leading apostrophe", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+SUM(A1:A9)")).toBe("'+SUM(A1:A9)");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell("+61 400 111 222 ext 5")).toBe("'+61 400 111 222 ext 5");
    expect(csvCell("-")).toBe("'-");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
    expect(csvCell('=HYPERLINK("x", "y")')).toBe(`"'=HYPERLINK(""x"", ""y"")"`);
    // Only the first character counts.
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("Smith-Jones")).toBe("Smith-Jones");
  });

  it("leaves signed numbers and phone numbers readable: they name no function, reference or link", () => {
    expect(csvCell("+61 400 111 222")).toBe("+61 400 111 222");
    expect(csvCell("+61 (2) 9000-1234")).toBe("+61 (2) 9000-1234");
    expect(csvCell("-5")).toBe("-5");
    expect(csvCell("-12.50")).toBe("-12.50");
  });
});

describe("csvLine", () => {
  it("joins cells with commas and ends the record in CRLF", () => {
    expect(csvLine(["a", 1, null, "b,c", "=x"])).toBe(`a,1,,"b,c",'=x\r\n`);
    expect(csvLine([])).toBe("\r\n");
  });
});

describe("csvRecord", () => {
  it("writes a record in the header's column order, a missing column as an empty cell", () => {
    const columns = ["a", "b", "c"] as const;
    expect(csvRecord(columns, { c: 3, a: "x" })).toBe("x,,3\r\n");
    expect(csvRecord(columns, {})).toBe(",,\r\n");
  });
});
