import { describe, expect, it } from "vitest";
import { prettifyAdventureType } from "../../app/lib/adventure-type.ts";

describe("prettifyAdventureType", () => {
  it("reads an adventure id the catalogue no longer holds as words", () => {
    expect(prettifyAdventureType("night-dive-experience")).toBe("Night Dive Experience");
    expect(prettifyAdventureType("custom_trip")).toBe("Custom Trip");
    expect(prettifyAdventureType("general")).toBe("General");
    expect(prettifyAdventureType("--")).toBe("");
  });
});
