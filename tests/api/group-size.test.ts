import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GROUP_SIZE, MAX_GROUP_SIZE } from "../../app/lib/group-size.ts";
import { adventures, bookings, waitlistEntries } from "../../server/db/schema.ts";
import { findActiveAdventure } from "../../server/domain/content/adventures.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

// One rule decides group size everywhere: the adventure's own min and max,
// within the business maximum of four (one instructor).
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(ctx);
});
afterAll(() => ctx.close());

/** The write fails on the named check constraint (the error's cause carries it, as pg reports it). */
async function expectRefused(write: PromiseLike<unknown>, constraint: string) {
  const error = await Promise.resolve(write).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${constraint} should refuse the write`).not.toBeNull();
  const chain: string[] = [];
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    chain.push(String(e.message ?? ""), String((e as { constraint?: string }).constraint ?? ""));
  expect(chain.join(" ")).toContain(constraint);
}

const pro = (over: Record<string, unknown>) => ({
  title: "Group Size Reef",
  slug: "group-size-reef",
  base_price: 90,
  ...over,
});

describe("group size: one rule for the admin form, the pages and the checkout", () => {
  it("the admin API refuses an adventure for more than four people, naming the field", async () => {
    const res = await ctx.app.request(
      "/api/admin/adventures-pro",
      authed(token, "POST", pro({ group_size_min: 1, group_size_max: 8 })),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors?: Record<string, string> };
    expect(body.errors?.group_size_max).toBe("Maximum group size must be at most 4");
  });

  it("a new adventure without a group size gets 1-4, not 1-8", async () => {
    const res = await ctx.app.request(
      "/api/admin/adventures-pro",
      authed(token, "POST", pro({ slug: "group-size-default", title: "Group Size Default" })),
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { group_size_min: number; group_size_max: number };
    expect([body.group_size_min, body.group_size_max]).toEqual([1, 4]);
    const pub = await findActiveAdventure(ctx.db, "group-size-default");
    expect(pub?.groupSize).toBe("1-4 people");
  });

  it("the database refuses a group above the business maximum and defaults to the rule", async () => {
    const over = MAX_GROUP_SIZE + 1;
    await expectRefused(
      ctx.db.update(adventures).set({ groupSizeMax: over }).where(eq(adventures.id, "guided-shore-dive")),
      "adventures_group_size",
    );
    await expectRefused(
      ctx.db.insert(bookings).values({
        reference: "TW-GROUP5",
        adventureId: "guided-shore-dive",
        adventureTitle: "Guided Shore Dive",
        customerFirstName: "Too",
        customerEmail: "too-many@example.com",
        groupSize: over,
        selectedDate: "2030-01-01",
        unitPriceCents: 10_000,
        totalAmountCents: 10_000 * over,
      }),
      "bookings_group_size",
    );
    await expectRefused(
      ctx.db.insert(waitlistEntries).values({
        adventureId: "guided-shore-dive",
        date: "2030-01-01",
        email: "too-many@example.com",
        groupSize: over,
      }),
      "waitlist_group_size",
    );
    // The migrated column's default is the app's default range, not a number of its own.
    const { rows } = (await ctx.db.execute(
      sql`select column_name, column_default from information_schema.columns
          where table_name = 'adventures' and column_name in ('group_size_min', 'group_size_max')`,
    )) as unknown as { rows: { column_name: string; column_default: string }[] };
    const defaults = Object.fromEntries(rows.map((r) => [r.column_name, r.column_default]));
    expect(defaults).toEqual({
      group_size_min: String(DEFAULT_GROUP_SIZE.min),
      group_size_max: String(DEFAULT_GROUP_SIZE.max),
    });
  });

  it("an adventure's own smaller limits hold", async () => {
    await ctx.db
      .update(adventures)
      .set({ groupSizeMin: 2, groupSizeMax: 3 })
      .where(eq(adventures.id, "guided-shore-dive"));
    expect((await findActiveAdventure(ctx.db, "guided-shore-dive"))?.groupSize).toBe("2-3 people");
    const date = await firstOpenDate(ctx.app, "guided-shore-dive", 3);
    const book = (group_size: number) =>
      ctx.app.request(
        "/api/bookings",
        jsonRequest(
          "POST",
          bookingPayload({
            adventure_id: "guided-shore-dive",
            group_size,
            selected_date: date,
            customer_email: `group-${group_size}@example.com`,
          }),
        ),
      );
    for (const [size, message] of [
      [1, "at least 2"],
      [4, "at most 3"],
    ] as const) {
      const res = await book(size);
      expect(res.status, `group of ${size}`).toBe(400);
      const body = (await res.json()) as { errors?: Record<string, string> };
      expect(body.errors?.group_size).toContain(message);
    }
    expect((await book(3)).status).toBe(201);
  });
});
