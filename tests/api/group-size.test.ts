import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adventures } from "../../server/db/schema.ts";
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

  it("a row stored as 1-8 shows and books as 1-4; its own smaller limits hold", async () => {
    await ctx.db
      .update(adventures)
      .set({ groupSizeMin: 1, groupSizeMax: 8 })
      .where(eq(adventures.id, "guided-shore-dive"));
    expect((await findActiveAdventure(ctx.db, "guided-shore-dive"))?.groupSize).toBe("1-4 people");

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
