import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate, weekday } from "../../app/lib/dates.ts";
import { siteInfo } from "../../app/lib/site.ts";
import { postalAddress } from "../../app/lib/structured-data.ts";
import {
  auditLog,
  availability,
  contactMessages,
  emailOutbox,
  mediaItems,
  newsletterSubscribers,
} from "../../server/db/schema.ts";
import { listDateOptions } from "../../server/domain/bookings/availability.server.ts";
import { loadSiteContent } from "../../server/domain/content/content.server.ts";
import { getNotificationEmail } from "../../server/domain/content/settings.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const req = (method: string, path: string, body?: unknown) =>
  ctx.app.request(path, authed(token, method, body));
const json = async <T>(res: Response) => (await res.json()) as T;

describe("contact messages", () => {
  it("lists newest first with the response object", async () => {
    const older = await ctx.app.request(
      "/api/contact",
      jsonRequest("POST", {
        first_name: "Ada",
        last_name: "Older",
        email: "ada@example.com",
        adventure_type: "general",
        message: "First question",
      }),
    );
    expect(older.status).toBe(201);
    // A minute earlier, so "newest first" has an order to keep whatever the clock's resolution.
    await ctx.db
      .update(contactMessages)
      .set({ createdAt: sql`${contactMessages.createdAt} - interval '1 minute'` })
      .where(eq(contactMessages.email, "ada@example.com"));
    await ctx.app.request(
      "/api/contact",
      jsonRequest("POST", {
        first_name: "Bo",
        last_name: "Newer",
        email: "bo@example.com",
        phone: "0412 111 222",
        adventure_type: "custom",
        message: "Second question",
      }),
    );
    const res = await req("GET", "/api/contact");
    expect(res.status).toBe(200);
    const list = await json<{ first_name: string; response: unknown; created_at: string }[]>(res);
    expect(list[0].first_name).toBe("Bo");
    expect(list[1].first_name).toBe("Ada");
    expect(list[0]).toMatchObject({
      last_name: "Newer",
      email: "bo@example.com",
      phone: "0412 111 222",
      adventure_type: "custom",
      message: "Second question",
      response: null,
    });
  });

  it("a reply is saved with responded_at and emailed in the same step; a second reply is 409", async () => {
    const [msg] = await ctx.db
      .insert(contactMessages)
      .values({
        firstName: "Cy",
        lastName: "Reply",
        email: "cy@example.com",
        adventureType: "general",
        message: "Do you rent wetsuits?\r\nAnd fins?",
      })
      .returning();
    const blank = await req("POST", `/api/admin/contact/${msg.id}/respond`, { response: "   " });
    expect(blank.status).toBe(400);
    expect(Object.keys((await json<{ errors: object }>(blank)).errors)).toEqual(["response"]);

    const res = await req("POST", `/api/admin/contact/${msg.id}/respond`, {
      response: "Yes, all sizes are included.",
    });
    expect(res.status).toBe(200);
    const body = await json<{ message: { response: { response: string; responded_at: string } } }>(res);
    expect(body.message.response.response).toBe("Yes, all sizes are included.");
    expect(Number.isNaN(Date.parse(body.message.response.responded_at))).toBe(false);

    const mails = await ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "cy@example.com"), eq(emailOutbox.kind, "contact_reply")));
    expect(mails).toHaveLength(1);
    const site = siteInfo(await loadSiteContent(ctx.db)).title;
    expect(mails[0]).toMatchObject({
      subject: `Re: your message to ${site}`,
      dedupeKey: `contact_reply:${msg.id}`,
      textBody: [
        "Hi Cy,",
        "",
        "Yes, all sizes are included.",
        "",
        site,
        "",
        "Your message:",
        "> Do you rent wetsuits?",
        "> And fins?",
      ].join("\n"),
    });
    const listed = await json<{ id: string; response: unknown }[]>(await req("GET", "/api/contact"));
    expect(listed.find((m) => m.id === msg.id)?.response).toEqual(body.message.response);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, msg.id));
    expect(entry).toMatchObject({
      action: "respond",
      entity: "contact_message",
      changes: {
        response: { before: null, after: "Yes, all sizes are included." },
        responded_at: { before: null, after: body.message.response.responded_at },
      },
    });

    const again = await req("POST", `/api/admin/contact/${msg.id}/respond`, { response: "Again" });
    expect(again.status).toBe(409);
    expect((await json<{ detail: string }>(again)).detail).toBe("This message has already been answered.");
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, msg.id));
    expect(row.response).toBe("Yes, all sizes are included.");
    const missing = await req("POST", "/api/admin/contact/missing/respond", { response: "Hi" });
    expect(missing.status).toBe(404);
    expect((await json<{ detail: string }>(missing)).detail).toBe("Message not found");
  });
});

describe("newsletter subscribers", () => {
  it("lists, unsubscribes the active and reactivates the rest", async () => {
    const [a] = await ctx.db.insert(newsletterSubscribers).values({ email: "n1@example.com" }).returning();
    const [b] = await ctx.db
      .insert(newsletterSubscribers)
      .values({ email: "n2@example.com", status: "inactive" })
      .returning();
    const list = await json<{ id: string; email: string; status: string; subscribed_at: string }[]>(
      await req("GET", "/api/admin/newsletter/subscribers"),
    );
    expect(list.find((s) => s.id === a.id)).toMatchObject({ email: "n1@example.com", status: "active" });
    const onlyInactive = await json<{ id: string; status: string }[]>(
      await req("GET", "/api/admin/newsletter/subscribers?status=inactive"),
    );
    expect(onlyInactive.map((s) => s.id)).toContain(b.id);
    expect(onlyInactive.map((s) => s.id)).not.toContain(a.id);
    expect(onlyInactive.every((s) => s.status === "inactive")).toBe(true);

    const un = await req("PUT", `/api/admin/newsletter/subscribers/${a.id}`, { status: "unsubscribed" });
    expect(un.status).toBe(200);
    expect((await json<{ subscriber: { status: string } }>(un)).subscriber.status).toBe("unsubscribed");
    const twice = await req("PUT", `/api/admin/newsletter/subscribers/${a.id}`, { status: "unsubscribed" });
    expect(twice.status).toBe(409);
    expect((await json<{ detail: string }>(twice)).detail).toBe("This subscriber is already unsubscribed.");
    const sideways = await req("PUT", `/api/admin/newsletter/subscribers/${b.id}`, {
      status: "unsubscribed",
    });
    expect((await json<{ detail: string }>(sideways)).detail).toBe(
      "An inactive subscriber can only be reactivated.",
    );
    // Reactivating starts a new subscription, dated when it happens.
    const back = await req("PUT", `/api/admin/newsletter/subscribers/${a.id}`, { status: "active" });
    expect(back.status).toBe(200);
    const resubscribed = (await json<{ subscriber: { subscribed_at: string } }>(back)).subscriber;
    expect(Date.parse(resubscribed.subscribed_at)).toBeGreaterThan(a.subscribedAt.getTime());
    expect((await req("PUT", `/api/admin/newsletter/subscribers/${b.id}`, { status: "active" })).status).toBe(
      200,
    );
    expect((await req("PUT", `/api/admin/newsletter/subscribers/${b.id}`, { status: "gone" })).status).toBe(
      400,
    );
    const nobody = await req("PUT", "/api/admin/newsletter/subscribers/nope", { status: "active" });
    expect(nobody.status).toBe(404);
    expect((await json<{ detail: string }>(nobody)).detail).toBe("Subscriber not found");
    expect((await req("GET", "/api/admin/newsletter/subscribers?status=gone")).status).toBe(400);
  });
});

describe("availability", () => {
  const adventureId = "night-dive-experience";
  // A weekday: the seed opens the weekends of the next 90 days, and this test must create a new date.
  const date = (() => {
    let d = addDays(sydneyDate(), 45);
    while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, 1);
    return d;
  })();

  it("creates, edits and deletes a date, and the public date list follows", async () => {
    const created = await req("POST", "/api/admin/availability", {
      adventure_id: adventureId,
      date,
      available_spots: 5,
      price_override: 129.5,
      notes: "Full moon",
      is_available: true,
      weather_dependent: false,
    });
    expect(created.status).toBe(201);
    const entry = await json<{ id: string; price_override: number; free_spots: number }>(created);
    expect(entry).toMatchObject({ price_override: 129.5, free_spots: 5 });

    const listed = await json<{ dates: { id: string; date: string }[] }>(
      await req("GET", `/api/admin/availability/${adventureId}`),
    );
    expect(listed.dates.some((d) => d.id === entry.id && d.date === date)).toBe(true);
    let options = await listDateOptions(ctx.db, adventureId);
    expect(options?.find((o) => o.date === date)).toMatchObject({ available: true, spots_left: 5 });

    const dup = await req("POST", "/api/admin/availability", { adventure_id: adventureId, date });
    expect(dup.status).toBe(409);
    expect((await json<{ detail: string }>(dup)).detail).toMatch(/already exists/);

    expect((await req("PUT", `/api/admin/availability/${entry.id}`, { available_spots: 9 })).status).toBe(
      200,
    );
    options = await listDateOptions(ctx.db, adventureId);
    expect(options?.find((o) => o.date === date)?.spots_left).toBe(9);
    expect((await req("PUT", `/api/admin/availability/${entry.id}`, { available_spots: 21 })).status).toBe(
      400,
    );
    expect((await req("PUT", `/api/admin/availability/${entry.id}`, { available_spots: "7" })).status).toBe(
      400,
    );
    expect((await req("PUT", `/api/admin/availability/${entry.id}`, {})).status).toBe(400);

    expect((await req("DELETE", `/api/admin/availability/${entry.id}`)).status).toBe(200);
    options = await listDateOptions(ctx.db, adventureId);
    expect(options?.some((o) => o.date === date)).toBe(false);
    expect((await req("DELETE", `/api/admin/availability/${entry.id}`)).status).toBe(404);
  });

  it("validates the form's rules on the server", async () => {
    const post = (body: Record<string, unknown>) =>
      req("POST", "/api/admin/availability", {
        adventure_id: adventureId,
        date: addDays(sydneyDate(), 50),
        ...body,
      });
    const errorsOf = async (res: Response) => Object.keys((await json<{ errors: object }>(res)).errors);
    let res = await post({ date: addDays(sydneyDate(), -1) });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual(["date"]);
    res = await post({ date: "2030-02-30" });
    expect(res.status).toBe(400);
    res = await post({ date: "" });
    expect(res.status).toBe(400);
    res = await post({ available_spots: 0 });
    expect(await errorsOf(res)).toEqual(["available_spots"]);
    res = await post({ available_spots: 21 });
    expect(res.status).toBe(400);
    res = await post({ available_spots: 2.5 });
    expect(res.status).toBe(400);
    res = await post({ price_override: 10.005 });
    expect(await errorsOf(res)).toEqual(["price_override"]);
    res = await post({ price_override: -1 });
    expect(res.status).toBe(400);
    res = await post({ adventure_id: "no-such-adventure" });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual(["adventure_id"]);

    // Defaults: 6 spots, no override, available, weather dependent; today is allowed.
    await ctx.db
      .delete(availability)
      .where(and(eq(availability.adventureId, adventureId), eq(availability.date, sydneyDate())));
    res = await post({ date: sydneyDate(), price_override: "" });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({
      available_spots: 6,
      price_override: null,
      is_available: true,
      weather_dependent: true,
    });
  });

  it("never goes below the booked spots, and a booked date cannot be deleted", async () => {
    const day = addDays(sydneyDate(), 60);
    const { availabilityId } = await insertBooking(ctx.db, {
      adventureId,
      holdSpots: true,
      groupSize: 3,
      date: day,
    });
    const id = availabilityId as string;
    const lower = await req("PUT", `/api/admin/availability/${id}`, { available_spots: 2 });
    expect(lower.status).toBe(409);
    expect((await json<{ detail: string }>(lower)).detail).toMatch(/3 spots are already booked/);
    expect((await req("PUT", `/api/admin/availability/${id}`, { available_spots: 3 })).status).toBe(200);
    const del = await req("DELETE", `/api/admin/availability/${id}`);
    expect(del.status).toBe(409);
    expect((await json<{ detail: string }>(del)).detail).toMatch(/cannot be deleted/);
    // Unavailable shows as such to the public.
    expect((await req("PUT", `/api/admin/availability/${id}`, { is_available: false })).status).toBe(200);
    const options = await listDateOptions(ctx.db, adventureId);
    expect(options?.find((o) => o.date === day)).toMatchObject({ available: false });
  });

  it("answers 404 for an unknown adventure's calendar", async () => {
    expect((await req("GET", "/api/admin/availability/nope")).status).toBe(404);
  });

  it("adds departures with start times: two on a date, each once, edited and deleted one by one", async () => {
    // A weekday no other test here opens.
    let day = addDays(sydneyDate(), 70);
    while (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, 1);
    const post = (body: Record<string, unknown>) =>
      req("POST", "/api/admin/availability", { adventure_id: adventureId, date: day, ...body });
    type Entry = { id: string; date: string; start_time?: string; available_spots: number };

    const bad = await post({ start_time: "1pm" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json<{ errors: object }>(bad)).errors)).toEqual(["start_time"]);
    expect((await post({ start_time: "24:00" })).status).toBe(400);
    expect((await post({ start_time: 13 })).status).toBe(400);

    const morning = await post({ start_time: "08:00", available_spots: 4 });
    expect(morning.status).toBe(201);
    const am = await json<Entry>(morning);
    expect(am).toMatchObject({ date: day, start_time: "08:00", available_spots: 4 });
    const afternoon = await post({ start_time: "13:00" });
    expect(afternoon.status).toBe(201);
    const pm = await json<Entry>(afternoon);

    const dup = await post({ start_time: "13:00" });
    expect(dup.status).toBe(409);
    expect((await json<{ detail: string }>(dup)).detail).toMatch(/1:00 pm already exists/);
    // A date with timed departures takes no departure without a time.
    const untimed = await post({});
    expect(untimed.status).toBe(409);
    expect(await json(untimed)).toMatchObject({
      errors: { start_time: expect.stringMatching(/start time/) },
    });

    const listed = await json<{ dates: Entry[] }>(await req("GET", `/api/admin/availability/${adventureId}`));
    expect(listed.dates.filter((d) => d.date === day).map((d) => d.start_time)).toEqual(["08:00", "13:00"]);
    // A date without times answers as it always did: no start_time field at all.
    expect(listed.dates.find((d) => d.date !== day)).not.toHaveProperty("start_time");
    let options = await listDateOptions(ctx.db, adventureId);
    expect(options?.find((o) => o.date === day)?.departures?.map((d) => d.spots_left)).toEqual([4, 6]);

    // Each departure changes on its own.
    expect((await req("PUT", `/api/admin/availability/${pm.id}`, { is_available: false })).status).toBe(200);
    expect((await req("PUT", `/api/admin/availability/${am.id}`, { available_spots: 2 })).status).toBe(200);
    options = await listDateOptions(ctx.db, adventureId);
    expect(options?.find((o) => o.date === day)?.departures).toMatchObject([
      { start_time: "08:00", available: true, spots_left: 2 },
      { start_time: "13:00", available: false },
    ]);
    expect((await req("DELETE", `/api/admin/availability/${pm.id}`)).status).toBe(200);
    options = await listDateOptions(ctx.db, adventureId);
    expect(options?.find((o) => o.date === day)).toMatchObject({ start_time: "08:00", spots_left: 2 });
    expect(options?.find((o) => o.date === day)).not.toHaveProperty("departures");

    // A date with its one departure without a time takes no timed one.
    const plain = addDays(day, 1);
    expect(
      (await req("POST", "/api/admin/availability", { adventure_id: adventureId, date: plain })).status,
    ).toBe(201);
    const timed = await req("POST", "/api/admin/availability", {
      adventure_id: adventureId,
      date: plain,
      start_time: "09:00",
    });
    expect(timed.status).toBe(409);
    expect(await json(timed)).toMatchObject({ errors: { start_time: expect.any(String) } });
  });
});

describe("settings", () => {
  it("reads and writes the notification email and the contact content rows", async () => {
    const before = await json<Record<string, unknown>>(await req("GET", "/api/admin/settings"));
    // This app takes payments on the local test checkout (no Stripe key is set).
    expect(before).toMatchObject({ payment_mode: "test", payment_mode_label: "Test checkout" });

    const res = await req("PUT", "/api/admin/settings", {
      notification_email: "ops@example.com",
      contact_email: "hello@example.org",
      contact_phone: "+61 2 9000 0000",
      contact_whatsapp: "+61 400 111 222",
      contact_street_address: " 12 Wharf Road ",
      contact_postcode: "2000",
    });
    expect(res.status).toBe(200);
    // The answer carries the page's other facts too (payment mode, ...): these six are the saved ones.
    expect(await json<Record<string, unknown>>(res)).toMatchObject({
      notification_email: "ops@example.com",
      contact_email: "hello@example.org",
      contact_phone: "+61 2 9000 0000",
      contact_whatsapp: "+61 400 111 222",
      contact_street_address: "12 Wharf Road",
      contact_postcode: "2000",
    });
    const content = await loadSiteContent(ctx.db);
    expect(content.contact).toMatchObject({
      contact_email: "hello@example.org",
      contact_phone: "+61 2 9000 0000",
      contact_whatsapp: "+61 400 111 222",
      contact_street_address: "12 Wharf Road",
      contact_postcode: "2000",
    });
    // The pages' structured data gives that postal address.
    expect(postalAddress(siteInfo(content))).toMatchObject({
      streetAddress: "12 Wharf Road",
      postalCode: "2000",
    });
    expect(await getNotificationEmail(ctx.db, content)).toBe("ops@example.com");

    // Empty notification email falls back to the contact email.
    expect((await req("PUT", "/api/admin/settings", { notification_email: "" })).status).toBe(200);
    expect(await getNotificationEmail(ctx.db, await loadSiteContent(ctx.db))).toBe("hello@example.org");
  });

  it("refuses bad emails and phones with 400 naming the field", async () => {
    for (const [field, value] of [
      ["notification_email", "not-an-email"],
      ["contact_email", "nope@"],
      ["contact_phone", "call me"],
      ["contact_phone", ""],
      ["contact_whatsapp", "12"],
      ["contact_postcode", "20000"],
      ["contact_postcode", "NSW"],
      ["contact_street_address", "x".repeat(121)],
    ] as const) {
      const res = await req("PUT", "/api/admin/settings", { [field]: value });
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(Object.keys((await json<{ errors: object }>(res)).errors)).toEqual([field]);
    }
  });
});

describe("dashboards", () => {
  // A database of their own: every figure below is worked out from the rows made here.
  let dash: TestContext;
  let dashToken: string;
  let mediaBefore: number;
  let uploadsBefore: number;
  const dashReq = (path: string) => dash.app.request(path, authed(dashToken, "GET"));
  beforeAll(async () => {
    dash = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
    dashToken = await login(dash);
    // Whatever the seed puts in the media library; this test adds exactly one upload.
    const media = await dash.db.select({ url: mediaItems.url }).from(mediaItems);
    mediaBefore = media.length;
    uploadsBefore = media.filter((m) => m.url.startsWith("/uploads/")).length;
    await dash.db
      .insert(mediaItems)
      .values({ url: "/uploads/a.webp", filename: "a.webp", fileType: "image" });
    // Seconds apart and just now, so all four fall in the current week and keep their order.
    const second = 1000;
    const t0 = Date.now() - 5 * second;
    // Paid: 2 x $100 and 1 x $95 = $295 taken, over two paid bookings.
    await insertBooking(dash.db, {
      paid: true,
      adventureId: "guided-shore-dive",
      adventureTitle: "Guided Shore Dive",
      unitPriceCents: 10_000,
      groupSize: 2,
      createdAt: new Date(t0),
    });
    await insertBooking(dash.db, {
      paid: true,
      status: "completed",
      adventureId: "dive-exhibition",
      unitPriceCents: 9_500,
      groupSize: 1,
      createdAt: new Date(t0 + second),
    });
    // Not paid: one waiting for payment, one cancelled (never counted as a booking made).
    await insertBooking(dash.db, {
      adventureId: "guided-shore-dive",
      adventureTitle: "Guided Shore Dive",
      unitPriceCents: 13_500,
      groupSize: 3,
      createdAt: new Date(t0 + 2 * second),
    });
    await insertBooking(dash.db, {
      status: "cancelled",
      adventureId: "camping-only-2day",
      adventureTitle: "2-Day Coastal Camping Escape",
      unitPriceCents: 24_500,
      groupSize: 2,
      createdAt: new Date(t0 + 3 * second),
    });
    await dash.db.insert(newsletterSubscribers).values([
      { email: "d1@example.com", status: "active" },
      { email: "d2@example.com", status: "active" },
      { email: "d3@example.com", status: "unsubscribed" },
    ]);
    await dash.db.insert(contactMessages).values(
      ["Ann", "Ben", "Cy"].map((firstName) => ({
        firstName,
        lastName: "Dash",
        email: `${firstName.toLowerCase()}@example.com`,
        adventureType: "general",
        message: "A question",
      })),
    );
  });
  afterAll(async () => {
    await dash?.close();
  });

  it("professional analytics: the spec's fields plus weekly figures and the system overview", async () => {
    const res = await dashReq("/api/admin/analytics/dashboard");
    expect(res.status).toBe(200);
    const a = await json<{
      total_bookings: number;
      total_revenue: number;
      total_adventures: number;
      total_media_assets: number;
      popular_adventures: { _id: string; title: string; booking_count: number; view_count: number }[];
      weekly: { week_start: string; bookings: number; revenue: number }[];
      system: Record<string, unknown>;
    }>(res);
    // Bookings of the last 30 days that were not cancelled.
    expect(a.total_bookings).toBe(3);
    expect(a.total_revenue).toBe(295);
    expect(a.total_adventures).toBe(9);
    expect(a.total_media_assets).toBe(mediaBefore + 1);
    expect(a.popular_adventures).toHaveLength(5);
    expect(Object.keys(a.popular_adventures[0]).sort()).toEqual([
      "_id",
      "booking_count",
      "title",
      "view_count",
    ]);
    expect(a.popular_adventures.slice(0, 2)).toMatchObject([
      { _id: "guided-shore-dive", title: "Guided Shore Dive", booking_count: 2 },
      { _id: "dive-exhibition", title: "Discover Scuba Diving", booking_count: 1 },
    ]);
    // The cancelled camping booking does not count.
    expect(a.popular_adventures.slice(2).map((p) => p.booking_count)).toEqual([0, 0, 0]);
    expect(a.weekly).toHaveLength(12);
    const last = a.weekly[a.weekly.length - 1];
    expect(last).toMatchObject({ bookings: 3, revenue: 295 });
    expect(a.weekly.slice(0, -1).every((w) => w.bookings === 0 && w.revenue === 0)).toBe(true);
    expect(a.system).toMatchObject({ email_configured: false, uploads: uploadsBefore + 1 });
    expect(["pglite", "postgres"]).toContain(a.system.database);
  });

  it("old dashboard stats: booking_stats, subscribers, messages and the five newest bookings", async () => {
    const res = await dashReq("/api/admin/dashboard/stats");
    expect(res.status).toBe(200);
    const s = await json<{
      booking_stats: Record<string, number>;
      total_newsletter_subscribers: number;
      total_contact_messages: number;
      recent_bookings: { created_at: string; adventure_id: string; status: string }[];
    }>(res);
    expect(s.booking_stats).toEqual({
      total_bookings: 4,
      completed_bookings: 1,
      pending_bookings: 1,
      total_revenue: 295,
      // $295 over the two paid bookings.
      average_booking_value: 147.5,
    });
    expect(s.total_newsletter_subscribers).toBe(2);
    expect(s.total_contact_messages).toBe(3);
    // Newest first.
    expect(s.recent_bookings.map((b) => b.adventure_id)).toEqual([
      "camping-only-2day",
      "guided-shore-dive",
      "dive-exhibition",
      "guided-shore-dive",
    ]);
  });
});
