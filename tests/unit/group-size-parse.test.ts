import { describe, expect, it } from "vitest";
import { parseGroupSize } from "../../app/lib/group-size.ts";

// Group size limits typed by the operator: every number of one to three digits counts.
describe("group size text", () => {
  it("reads ranges of several digits on both sides", () => {
    expect(parseGroupSize("10-12 people")).toEqual({ min: 10, max: 12 });
    expect(parseGroupSize("2-12")).toEqual({ min: 2, max: 12 });
    expect(parseGroupSize("  1 to 4 ")).toEqual({ min: 1, max: 4 });
  });

  it("takes a range of one size and refuses one that starts at zero or runs backwards", () => {
    expect(parseGroupSize("3-3")).toEqual({ min: 3, max: 3 });
    expect(parseGroupSize("0-4")).toBeNull();
    expect(parseGroupSize("5-2")).toBeNull();
  });

  it("reads 'up to' with or without spaces, and several digits", () => {
    expect(parseGroupSize("Upto 4")).toEqual({ min: 1, max: 4 });
    expect(parseGroupSize("up to4")).toEqual({ min: 1, max: 4 });
    expect(parseGroupSize("Up to 12")).toEqual({ min: 1, max: 12 });
    expect(parseGroupSize("up to 1")).toEqual({ min: 1, max: 1 });
    expect(parseGroupSize("up to 0")).toBeNull();
  });

  it("reads a single size of one or several digits, never zero", () => {
    expect(parseGroupSize("12 people")).toEqual({ min: 12, max: 12 });
    expect(parseGroupSize("1 person")).toEqual({ min: 1, max: 1 });
    expect(parseGroupSize("0 people")).toBeNull();
  });
});
