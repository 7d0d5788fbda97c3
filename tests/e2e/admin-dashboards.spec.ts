import { E2E_SMTP_PORT } from "../../playwright.config";
import { type APIRequestContext, expect, type Locator, test } from "../fixtures/test";
import {
  adminToken,
  bearer,
  type CreatedBooking,
  cancelBooking,
  createBooking,
  openDates,
  payCheckout,
  setBookingStatus,
  signIn,
  uniqueEmail,
} from "../helpers/e2e-api";
import { subscribeConfirmed } from "../helpers/e2e-newsletter";
import { expectNoSidewaysScroll } from "../helpers/page-checks";
import { startSmtpSink } from "../helpers/smtp";

/**
 * The two dashboards, the bookings status filter and the newsletter figures.
 * The figures are site-wide, so each test reads them before and after making
 * its own data: the change must be exactly what it made, and the screen must
 * show exactly the figures the API reports.
 */

const ADVENTURE = "guided-shore-dive";
const en = (n: number) => n.toLocaleString("en-AU");
const aud2 = (n: number) =>
  new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 2 }).format(n);
const aud0 = (n: number) =>
  new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 }).format(n);

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: bearer(token) });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The value line of the stat card with this label. */
function statValue(scope: Locator, label: string): Locator {
  return scope
    .locator("div.rounded-2xl")
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator("p")
    .nth(1);
}

async function bookOne(request: APIRequestContext, email: string, groupSize = 1) {
  const date = (await openDates(request, ADVENTURE)).find((d) => d.spots_left >= groupSize)?.date;
  if (!date) throw new Error(`${ADVENTURE} has no open date for ${groupSize}`);
  return createBooking(request, { adventureId: ADVENTURE, date, email, groupSize });
}

interface OldStats {
  booking_stats: {
    total_bookings: number;
    completed_bookings: number;
    pending_bookings: number;
    total_revenue: number;
    average_booking_value: number;
  };
  total_newsletter_subscribers: number;
  total_contact_messages: number;
  recent_bookings: { reference: string; customer_email: string }[];
}

test("old dashboard: cards, quick stats and the five most recent bookings", async ({ page, request }) => {
  const token = await adminToken(request);
  const before = await getJson<OldStats>(request, token, "/api/admin/dashboard/stats");
  const made: CreatedBooking[] = [];
  try {
    // Six new bookings: one paid and completed, the rest pending.
    for (let i = 0; i < 6; i++) made.push(await bookOne(request, uniqueEmail(`overview${i}`)));
    await payCheckout(request, made[0]);
    await setBookingStatus(request, token, made[0].booking_id, "completed");

    const after = await getJson<OldStats>(request, token, "/api/admin/dashboard/stats");
    expect(after.booking_stats.total_bookings - before.booking_stats.total_bookings).toBe(6);
    expect(after.booking_stats.completed_bookings - before.booking_stats.completed_bookings).toBe(1);
    expect(after.booking_stats.pending_bookings - before.booking_stats.pending_bookings).toBe(5);
    const price = (await openDates(request, ADVENTURE))[0].price;
    expect(after.booking_stats.total_revenue - before.booking_stats.total_revenue).toBeCloseTo(price, 2);
    // The newest five, newest first: the last five made here.
    expect(after.recent_bookings.map((b) => b.reference)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((b) => b.reference),
    );

    await signIn(page, token);
    await page.goto("/admin/dashboard");
    const cards = page.getByRole("region", { name: "Bookings and revenue" });
    await expect(statValue(cards, "Total Bookings")).toHaveText(en(after.booking_stats.total_bookings));
    await expect(statValue(cards, "Completed Bookings")).toHaveText(
      en(after.booking_stats.completed_bookings),
    );
    await expect(statValue(cards, "Total Revenue")).toHaveText(aud2(after.booking_stats.total_revenue));
    await expect(statValue(cards, "Avg Booking Value")).toHaveText(
      aud2(after.booking_stats.average_booking_value),
    );

    const quick = page.locator("dl").filter({ hasText: "Pending Bookings" });
    const quickValue = (label: string) => quick.locator("div").filter({ hasText: label }).locator("dd");
    await expect(quickValue("Pending Bookings")).toHaveText(en(after.booking_stats.pending_bookings));
    await expect(quickValue("Newsletter Subscribers")).toHaveText(en(after.total_newsletter_subscribers));
    await expect(quickValue("Contact Messages")).toHaveText(en(after.total_contact_messages));
    await expect(quick.getByRole("link", { name: "Pending Bookings" })).toHaveAttribute(
      "href",
      "/admin/bookings?status=pending_payment",
    );

    const recent = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Recent bookings" }) })
      .locator("li");
    await expect(recent).toHaveCount(5);
    await expect(recent.first()).toContainText("Ava Walker");
    await expect(recent.first()).toContainText("Pending payment");
  } finally {
    for (const b of made) await cancelBooking(request, token, b.booking_id);
  }
});

interface ProStats {
  total_bookings: number;
  total_revenue: number;
  total_adventures: number;
  total_media_assets: number;
  popular_adventures: { _id: string; title: string; booking_count: number; view_count: number }[];
}

test("professional dashboard: the four cards, six quick actions and the popular list", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const before = await getJson<ProStats>(request, token, "/api/admin/analytics/dashboard");
  const made: CreatedBooking[] = [];
  try {
    made.push(await bookOne(request, uniqueEmail("pro-a"), 1));
    made.push(await bookOne(request, uniqueEmail("pro-b"), 1));
    await payCheckout(request, made[0]);
    const price = (await openDates(request, ADVENTURE))[0].price;

    const after = await getJson<ProStats>(request, token, "/api/admin/analytics/dashboard");
    expect(after.total_bookings - before.total_bookings).toBe(2);
    expect(after.total_revenue - before.total_revenue).toBeCloseTo(price, 2);
    expect(after.total_adventures).toBe(before.total_adventures);
    const count = (s: ProStats) => s.popular_adventures.find((a) => a._id === ADVENTURE)?.booking_count ?? 0;
    expect(count(after) - count(before)).toBe(2);

    await signIn(page, token);
    await page.goto("/admin/pro-dashboard");
    const figures = page.getByRole("region", { name: "Key figures" });
    await expect(statValue(figures, "Total Bookings")).toHaveText(en(after.total_bookings));
    await expect(figures).toContainText("Last 30 days");
    await expect(statValue(figures, "Revenue")).toHaveText(aud0(after.total_revenue));
    await expect(figures).toContainText("AUD, paid bookings net of refunds");
    await expect(statValue(figures, "Adventures")).toHaveText(en(after.total_adventures));
    await expect(statValue(figures, "Media Assets")).toHaveText(en(after.total_media_assets));

    const actions = page.getByRole("region", { name: "Quick actions" }).getByRole("link");
    await expect(actions).toHaveCount(6);
    const hrefs = await actions.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual([
      "/admin/adventures-pro?action=create",
      "/admin/calendar-pro",
      "/admin/media-pro",
      "/admin/website-pro",
      "/admin/bookings-pro",
      "/admin/settings-pro",
    ]);

    const popular = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Popular Adventures" }) })
      .locator("ol > li");
    await expect(popular).toHaveCount(after.popular_adventures.length);
    for (const [i, a] of after.popular_adventures.entries()) {
      const row = popular.nth(i);
      await expect(row).toContainText(a.title);
      await expect(row).toContainText(
        `${a.booking_count} booking${a.booking_count === 1 ? "" : "s"} · ${a.view_count} view${a.view_count === 1 ? "" : "s"}`,
      );
      await expect(row.getByRole("link", { name: `Manage ${a.title}` })).toHaveAttribute(
        "href",
        `/admin/adventures-pro/${a._id}`,
      );
    }
    await popular
      .filter({ hasText: after.popular_adventures.find((a) => a._id === ADVENTURE)?.title ?? ADVENTURE })
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/adventures-pro/${ADVENTURE}$`));
  } finally {
    for (const b of made) await cancelBooking(request, token, b.booking_id);
  }
});

test("bookings: the status filter shows exactly the bookings in that status", async ({ page, request }) => {
  const token = await adminToken(request);
  const tag = `filter${Date.now()}`;
  const made: Record<"pending" | "confirmed" | "completed" | "cancelled", CreatedBooking | undefined> = {
    pending: undefined,
    confirmed: undefined,
    completed: undefined,
    cancelled: undefined,
  };
  try {
    for (const key of Object.keys(made) as (keyof typeof made)[]) {
      made[key] = await bookOne(request, `${tag}-${key}@example.com`);
    }
    await payCheckout(request, made.confirmed as CreatedBooking);
    await setBookingStatus(request, token, (made.completed as CreatedBooking).booking_id, "completed");
    await setBookingStatus(request, token, (made.cancelled as CreatedBooking).booking_id, "cancelled");

    await signIn(page, token);
    await page.goto("/admin/bookings");
    await page.getByLabel("Search").fill(tag);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const rows = page.getByTestId("booking-row").locator("visible=true");
    const refs = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-reference")).sort());
    const ref = (b: CreatedBooking | undefined) => (b as CreatedBooking).reference;
    await expect(rows).toHaveCount(4);
    await expect.poll(refs).toEqual(Object.values(made).map(ref).sort());
    // The table fits a 1280 px screen: the page itself never scrolls sideways.
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("bookings-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("bookings-375.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    const cases = [
      ["pending_payment", "Pending payment", made.pending],
      ["confirmed", "Confirmed", made.confirmed],
      ["completed", "Completed", made.completed],
      ["cancelled", "Cancelled", made.cancelled],
    ] as const;
    for (const [value, label, booking] of cases) {
      await page.getByLabel("Status").selectOption(value);
      await expect(page).toHaveURL(new RegExp(`status=${value}`));
      await expect(rows).toHaveCount(1);
      // Retried until the list for this status has arrived.
      await expect(rows.first()).toHaveAttribute("data-reference", ref(booking));
      await expect(rows.first()).toContainText(label);
    }
    await page.getByLabel("Status").selectOption("");
    await expect(rows).toHaveCount(4);
    await expect.poll(refs).toEqual(Object.values(made).map(ref).sort());
  } finally {
    for (const b of Object.values(made)) if (b) await cancelBooking(request, token, b.booking_id);
  }
});

interface Subscriber {
  id: string;
  email: string;
  status: "active" | "unsubscribed" | "inactive" | "pending";
}

test("newsletter: the stat cards count each status, pending sign-ups apart", async ({ page, request }) => {
  const token = await adminToken(request);
  const list = async () => getJson<Subscriber[]>(request, token, "/api/admin/newsletter/subscribers");
  const tally = (subs: Subscriber[]) => ({
    total: subs.length,
    active: subs.filter((s) => s.status === "active").length,
    unsubscribed: subs.filter((s) => s.status === "unsubscribed").length,
    inactive: subs.filter((s) => s.status === "inactive").length,
    pending: subs.filter((s) => s.status === "pending").length,
  });
  const before = tally(await list());
  const emails = [uniqueEmail("news-a"), uniqueEmail("news-b"), uniqueEmail("news-c")];
  const waiting = uniqueEmail("news-pending");
  const ids: string[] = [];
  // Confirmed subscribers: signed up and confirmed from the email (double opt-in).
  const sink = await startSmtpSink(E2E_SMTP_PORT);
  try {
    for (const email of emails) await subscribeConfirmed(request, sink, email);
    expect((await request.post("/api/newsletter/subscribe", { data: { email: waiting } })).status()).toBe(
      200,
    );
    const mine = (await list()).filter((s) => emails.includes(s.email));
    ids.push(...emails.map((e) => mine.find((s) => s.email === e)?.id as string));
    const put = async (id: string, status: Subscriber["status"]) => {
      const res = await request.put(`/api/admin/newsletter/subscribers/${id}`, {
        headers: bearer(token),
        data: { status },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await put(ids[1], "unsubscribed");
    await put(ids[2], "inactive");

    const after = tally(await list());
    expect(after).toEqual({
      total: before.total + 4,
      active: before.active + 1,
      unsubscribed: before.unsubscribed + 1,
      inactive: before.inactive + 1,
      pending: before.pending + 1,
    });

    await signIn(page, token);
    await page.goto("/admin/newsletter");
    const figures = page.getByRole("region", { name: "Subscriber figures" });
    await expect(statValue(figures, "Total subscribers")).toHaveText(en(after.total));
    await expect(statValue(figures, "Active")).toHaveText(en(after.active));
    await expect(statValue(figures, "Unsubscribed")).toHaveText(en(after.unsubscribed));
    await expect(statValue(figures, "Inactive")).toHaveText(en(after.inactive));
    await expect(statValue(figures, "Pending confirmation")).toHaveText(en(after.pending));
  } finally {
    await sink.close();
    // No subscriber is ever deleted; these test addresses are left unsubscribed.
    for (const id of ids) {
      await request.put(`/api/admin/newsletter/subscribers/${id}`, {
        headers: bearer(token),
        data: { status: "unsubscribed" },
      });
    }
  }
});
