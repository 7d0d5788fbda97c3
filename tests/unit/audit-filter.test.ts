/** The audit log's filter: what the screen and the API accept, and the field a bad value is refused in. */
import { describe, expect, it } from "vitest";
import { auditQuery, changeText, parseAuditFilter } from "../../app/lib/audit-log.ts";

const parse = (query: Record<string, string>) => parseAuditFilter((f) => query[f]);

describe("parseAuditFilter", () => {
  it("takes every field, empty ones as any", () => {
    expect(
      parse({
        person: "owner",
        entity: "availability",
        entity_id: "abc",
        booking: "TW-7K3Q9P",
        from: "2026-11-01",
        to: "2026-11-30",
      }),
    ).toEqual({
      ok: true,
      filter: {
        person: "owner",
        entity: "availability",
        entityId: "abc",
        booking: "TW-7K3Q9P",
        from: "2026-11-01",
        to: "2026-11-30",
      },
    });
    expect(parse({ person: " ", entity: "" })).toEqual({ ok: true, filter: {} });
  });

  it.each([
    [{ person: "not an id!" }, "person"],
    [{ entity: "Bookings; drop" }, "entity"],
    [{ entity_id: "x".repeat(201) }, "entity_id"],
    [{ booking: "TW 7K3Q9P" }, "booking"],
    [{ from: "2026-02-30" }, "from"],
    [{ to: "yesterday" }, "to"],
    [{ from: "2026-11-02", to: "2026-11-01" }, "to"],
  ])("refuses %j naming %s", (query, field) => {
    const result = parse(query as Record<string, string>);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.field).toBe(field);
  });

  it("round-trips through the query the CSV link sends", () => {
    const parsed = parse({ person: "owner", entity: "faq", from: "2026-11-01" });
    if (!parsed.ok) throw new Error("refused");
    expect(String(auditQuery(parsed.filter))).toBe("person=owner&entity=faq&from=2026-11-01");
  });
});

describe("changeText", () => {
  it("shows before → after, empties named, secrets as changed", () => {
    expect(changeText({ before: 8, after: 6 })).toBe("8 → 6");
    expect(changeText({ before: null, after: "Open" })).toBe("(empty) → Open");
    expect(changeText({ before: true, after: false })).toBe("true → false");
    expect(changeText({ changed: true })).toBe("changed");
    expect(changeText({ before: null, after: "Reef" }, "create")).toBe("Reef");
    expect(changeText({ before: "Reef", after: null }, "delete")).toBe("Reef");
    expect(changeText({ before: null, after: "Reef" }, "update")).toBe("(empty) → Reef");
  });
});
