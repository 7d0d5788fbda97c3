import { adminApi, adminToken } from "../fixtures/admin-session";
import { image } from "../fixtures/files";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import {
  type Cleanup,
  cancelBooking,
  createBooking,
  payBooking,
  runCleanups,
  signIn,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll, seriousViolations } from "../helpers/page-checks";

/**
 * Reviews from real customers: a trip that has happened (an adventure of the
 * test's own that books the same day, taken today, booked and paid through
 * the API) is reviewed from the booking's private link; /reviews shows it
 * only once the operator approves it in the testimonials manager, and the
 * average and count follow. The form also works without JavaScript, with a
 * photo.
 */
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

interface AdminReview {
  id: string;
  content: string;
  status: string;
  image: string;
  booking_reference: string | null;
}

/**
 * What a test made, undone by the afterEach hook: it runs even after a test
 * that ran out of time, with a request context that is still open.
 */
const cleanups: Cleanup[] = [];
test.afterEach(async ({ request }) => {
  await runCleanups(request, cleanups);
});

/**
 * A paid booking for today of a new adventure that takes same-day bookings
 * (its trip date has arrived, so it can be reviewed); answers its private
 * link from the success page. Each thing made is registered for clean-up as
 * soon as it exists.
 */
async function tripTakenToday(request: APIRequestContext, token: string, tag: string) {
  const run = `${tag}-${Date.now().toString(36)}`;
  const fields = { title: `Review Reef ${run}`, slug: `review-reef-${run}`, base_price: 90 };
  const created = await adminApi<{ id: string }>(request, token, "POST", "/api/admin/adventures-pro", {
    ...fields,
    duration: "2 hours",
    location: "Gordons Bay, Sydney",
    group_size_min: 1,
    group_size_max: 4,
    advance_booking_days: 0,
    sort_order: 999,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const adventureId = created.body.id;
  // Once it has a booking it cannot be deleted: switched off, it leaves the site.
  cleanups.push(async (req, t) => {
    const off = await adminApi(req, t, "PUT", `/api/admin/adventures-pro/${adventureId}`, {
      ...fields,
      is_active: false,
      booking_enabled: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
  });
  const today = sydneyToday();
  const slot = await adminApi(request, token, "POST", "/api/admin/availability", {
    adventure_id: adventureId,
    date: today,
    available_spots: 4,
  });
  expect(slot.status, JSON.stringify(slot.body)).toBe(201);
  const booking = await createBooking(request, { adventureId, date: today, email: uniqueEmail(run) });
  cleanups.push(async (req, t) => {
    const reviews = await adminApi<AdminReview[]>(req, t, "GET", "/api/admin/testimonials");
    for (const r of reviews.body.filter((x) => x.booking_reference === booking.reference)) {
      await adminApi(req, t, "DELETE", `/api/admin/testimonials/${r.id}`);
    }
    await cancelBooking(req, t, booking.booking_id);
  });
  const manageUrl = await payBooking(request, booking);
  return { booking, slug: fields.slug, manageUrl };
}

/**
 * The /reviews headline and what its cards add up to. The page is complete
 * HTML from the server, so what it says is read without waiting for its scripts.
 */
async function reviewsSummary(page: Page) {
  await page.goto("/reviews", { waitUntil: "domcontentloaded" });
  const cards = page.getByTestId("review-card");
  const ratings = await cards
    .getByRole("img", { name: /^Rated \d out of 5$/ })
    .evaluateAll((els) =>
      els.map((el) => Number(/Rated (\d)/.exec(el.getAttribute("aria-label") ?? "")?.[1])),
    );
  const average = await page.getByTestId("reviews-average").textContent();
  const total = await page.getByTestId("reviews-total").textContent();
  return { ratings, average, total };
}

/** The adventure page's Product structured data, as the server sends it to a crawler. */
async function productLd(request: APIRequestContext, slug: string) {
  const res = await request.get(`/adventures/${slug}`);
  expect(res.status()).toBe(200);
  const blocks = [
    ...(await res.text()).matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
  ];
  const product = blocks.map((b) => JSON.parse(b[1])).find((x) => x["@type"] === "Product");
  expect(product, "Product").toBeTruthy();
  return product as { aggregateRating?: { ratingValue: string; reviewCount: number } };
}

const reviewsText = (n: number) => `${n} ${n === 1 ? "review" : "reviews"}`;

test("a customer's review shows on /reviews only after the operator approves it, and the average follows", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const trip = await tripTakenToday(request, token, "js");
  const text = `Saw a weedy seadragon on the way out ${Date.now()}`;
  const before = await reviewsSummary(page);
  expect(before.total).toBe(`Based on ${reviewsText(before.ratings.length)}`);

  // No approved review yet: the adventure's structured data claims no rating.
  expect((await productLd(request, trip.slug)).aggregateRating).toBeUndefined();

  // The booking page offers the review now that the trip date has arrived.
  await page.setViewportSize(PHONE);
  await page.goto(trip.manageUrl);
  await page.getByRole("link", { name: "Leave a review" }).click();
  await page.waitForURL(/\/my-booking\/[A-Za-z0-9_-]{43}\/review$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("How was Review Reef");
  await expect(page.getByLabel("Name shown")).toHaveValue("Ava W.");
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page);
  }
  expect(await seriousViolations(page)).toEqual([]);

  // A rating of 2 (a low one moves the average down from the seeded fives).
  await page.locator('label[for="review-rating-2"]').click();
  await expect(page.getByRole("radio", { name: "2 stars" })).toBeChecked();
  // Stars up to the chosen one light up (CSS on the checked radio, no script needed).
  await page.mouse.move(0, 0);
  // The colours change with a short transition: compare them once it has run out.
  const starColours = () =>
    page
      .locator('label[for^="review-rating-"]')
      .evaluateAll((labels) => labels.map((el) => getComputedStyle(el).color));
  await expect
    .poll(async () => {
      const [one, two, three, four, five] = await starColours();
      return one === two && three !== two && three === four && four === five;
    })
    .toBe(true);
  await page.getByLabel("Your review").fill(text);
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByText("Thanks, we have your review")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send review" })).toHaveCount(0);

  // Pending: not on /reviews, the numbers unchanged.
  expect((await productLd(request, trip.slug)).aggregateRating).toBeUndefined();
  const pending = await reviewsSummary(page);
  await expect(page.getByTestId("review-card").filter({ hasText: text })).toHaveCount(0);
  expect(pending).toEqual(before);

  // The operator approves it from the pending list, which names the booking.
  await signIn(page, token);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/testimonials?status=pending");
  await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Pending \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
  const card = page.getByTestId("testimonial-card").filter({ hasText: text });
  await expect(card).toContainText(`Booking ${trip.booking.reference}`);
  await expect(card).toContainText("Pending");
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole("button", { name: "Approve the review from Ava W." }).click();
  await expect(page.getByText("Review from Ava W. approved.")).toBeVisible();
  // Approved, it leaves the pending list and is listed under Approved.
  await expect(card).toHaveCount(0);
  await page.getByRole("tab", { name: /^Approved/ }).click();
  await expect(page.getByTestId("testimonial-card").filter({ hasText: text })).toContainText("Approved");

  const after = await reviewsSummary(page);
  await expect(page.getByTestId("review-card").filter({ hasText: text })).toContainText("Ava W.");
  const n = before.ratings.length + 1;
  expect(after.ratings).toHaveLength(n);
  expect(after.total).toBe(`Based on ${reviewsText(n)}`);
  const expected = ([...before.ratings, 2].reduce((a, b) => a + b, 0) / n).toFixed(1);
  expect(after.average).toBe(expected);
  expect(after.average).not.toBe(before.average);
  expect((await productLd(request, trip.slug)).aggregateRating).toMatchObject({
    "@type": "AggregateRating",
    ratingValue: "2.0",
    reviewCount: 1,
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the review form posts as a plain form, photo included, and a second visit says it is done", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const trip = await tripTakenToday(request, token, "nojs");
    const text = `Calm water and a friendly wobbegong ${Date.now()}`;
    await page.goto(`${trip.manageUrl}/review`);
    // Mistakes come back named, with what was chosen and typed kept (a blank name passes the browser's check).
    await page.locator('label[for="review-rating-5"]').click();
    await page.getByLabel("Name shown").fill("   ");
    await page.getByLabel("Your review").fill(text);
    await page.getByRole("button", { name: "Send review" }).click();
    await expect(page.getByTestId("review-errors")).toContainText("Name shown: Name shown is required");
    await expect(page.getByLabel("Your review")).toHaveValue(text);
    await expect(page.getByRole("radio", { name: "5 stars" })).toBeChecked();

    await page.getByLabel("Name shown").fill("Ava from Bondi");
    await page.getByLabel(/^Photo/).setInputFiles({
      name: "wobbegong.jpg",
      mimeType: "image/jpeg",
      buffer: await image("jpeg", 320, 240),
    });
    await page.getByRole("button", { name: "Send review" }).click();
    await expect(page.getByText("Thanks, we have your review")).toBeVisible();

    const stored = await adminApi<AdminReview[]>(request, token, "GET", "/api/admin/testimonials");
    const mine = stored.body.find((r) => r.booking_reference === trip.booking.reference);
    expect(mine).toMatchObject({ content: text, status: "pending" });
    expect(mine?.image).toMatch(/^\/uploads\/[0-9a-f]+\.webp$/);

    // The link again: one review per booking.
    await page.goto(`${trip.manageUrl}/review`);
    await expect(page.getByText("Thanks, we have your review")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send review" })).toHaveCount(0);
  });
});
