import { getTableConfig, PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_GROUP_SIZE,
  groupSizeChoices,
  groupSizeError,
  groupSizeRange,
  groupSizeText,
  MAX_GROUP_SIZE,
  parseGroupSize,
  peopleText,
} from "../../app/lib/group-size.ts";
import { adventures, bookings, participants, waitlistEntries } from "../../server/db/schema.ts";

describe("group size rule", () => {
  it("is at most four people, one instructor", () => {
    expect(MAX_GROUP_SIZE).toBe(4);
    expect(DEFAULT_GROUP_SIZE).toEqual({ min: 1, max: 4 });
  });

  it("keeps an adventure's own range when it is within the business maximum", () => {
    expect(groupSizeRange({ group_size_min: 1, group_size_max: 2 })).toEqual({ min: 1, max: 2 });
    expect(groupSizeRange({ group_size_min: 2, group_size_max: 3 })).toEqual({ min: 2, max: 3 });
    expect(groupSizeRange({ group_size_min: 2, group_size_max: 4 })).toEqual({ min: 2, max: 4 });
  });

  it("cuts a range above the business maximum, so a 1-8 adventure books 1-4", () => {
    expect(groupSizeRange({ group_size_min: 1, group_size_max: 8 })).toEqual({ min: 1, max: 4 });
    expect(groupSizeRange({ group_size_min: 6, group_size_max: 8 })).toEqual({ min: 4, max: 4 });
    expect(groupSizeRange({ group_size_min: 0, group_size_max: 0 })).toEqual({ min: 1, max: 1 });
    expect(groupSizeRange({ group_size_min: 3, group_size_max: 2 })).toEqual({ min: 2, max: 2 });
    expect(groupSizeRange({})).toEqual({ min: 1, max: 4 });
  });

  it("reads as visitors see it", () => {
    expect(peopleText(1)).toBe("1 person");
    expect(peopleText(3)).toBe("3 people");
    expect(groupSizeText({ min: 1, max: 4 })).toBe("1-4 people");
    expect(groupSizeText({ min: 2, max: 2 })).toBe("2 people");
    expect(groupSizeText(groupSizeRange({ group_size_min: 1, group_size_max: 8 }))).toBe("1-4 people");
  });

  it("offers the range, cut to the spots left on the date", () => {
    expect(groupSizeChoices({ min: 1, max: 4 })).toEqual([1, 2, 3, 4]);
    expect(groupSizeChoices({ min: 2, max: 3 })).toEqual([2, 3]);
    expect(groupSizeChoices({ min: 1, max: 4 }, 2)).toEqual([1, 2]);
    expect(groupSizeChoices({ min: 1, max: 2 }, 6)).toEqual([1, 2]);
    // Fewer spots than the minimum: the minimum alone, which the server then explains.
    expect(groupSizeChoices({ min: 2, max: 4 }, 1)).toEqual([2]);
  });

  it("names the limit a group breaks", () => {
    const range = groupSizeRange({ group_size_min: 2, group_size_max: 8 });
    expect(groupSizeError(2, range, "Reef")).toBeNull();
    expect(groupSizeError(4, range, "Reef")).toBeNull();
    expect(groupSizeError(5, range, "Reef")).toBe("Group size for Reef is at most 4");
    expect(groupSizeError(1, range, "Reef")).toBe("Group size for Reef is at least 2");
  });
});

describe("parseGroupSize", () => {
  it("reads ranges, single numbers and 'up to'", () => {
    expect(parseGroupSize("1-4 people")).toEqual({ min: 1, max: 4 });
    expect(parseGroupSize("2–3")).toEqual({ min: 2, max: 3 });
    expect(parseGroupSize("1 to 4")).toEqual({ min: 1, max: 4 });
    expect(parseGroupSize("Up to 4 people")).toEqual({ min: 1, max: 4 });
    expect(parseGroupSize("2 people")).toEqual({ min: 2, max: 2 });
  });

  it("refuses text without numbers and reversed or zero ranges", () => {
    expect(parseGroupSize("small group")).toBeNull();
    expect(parseGroupSize("4-1")).toBeNull();
    expect(parseGroupSize("0")).toBeNull();
  });
});

describe("the schema holds the same rule", () => {
  const dialect = new PgDialect();
  const checkSql = (table: Parameters<typeof getTableConfig>[0], name: string) => {
    const found = getTableConfig(table).checks.find((c) => c.name === name);
    if (!found) throw new Error(`no check ${name}`);
    return dialect.sqlToQuery(found.value).sql;
  };

  it("gives a new adventure row the default range", () => {
    const columns = getTableConfig(adventures).columns;
    expect(columns.find((c) => c.name === "group_size_min")?.default).toBe(DEFAULT_GROUP_SIZE.min);
    expect(columns.find((c) => c.name === "group_size_max")?.default).toBe(DEFAULT_GROUP_SIZE.max);
  });

  it("caps adventures, bookings, waitlist entries and a group's participants at the business maximum", () => {
    expect(checkSql(adventures, "adventures_group_size")).toContain(`"group_size_max" <= ${MAX_GROUP_SIZE}`);
    expect(checkSql(bookings, "bookings_group_size")).toContain(`between 1 and ${MAX_GROUP_SIZE}`);
    expect(checkSql(waitlistEntries, "waitlist_group_size")).toContain(`between 1 and ${MAX_GROUP_SIZE}`);
    expect(checkSql(participants, "participants_position")).toContain(`between 1 and ${MAX_GROUP_SIZE}`);
  });
});
