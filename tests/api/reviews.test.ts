/**
 * Reviews from real customers: the review page a booking's private link
 * opens, one pending review per booking (parallel submits included), the
 * operator's approve / hide / feature, and the public lists, averages and
 * the adventure page's rating, which count approved reviews only.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import * as adventurePage from "../../app/routes/public/adventure.tsx";
import * as homePage from "../../app/routes/public/home.tsx";
import * as managePage from "../../app/routes/public/my-booking.tsx";
import * as reviewPage from "../../app/routes/public/my-booking-review.tsx";
import * as reviewsPage from "../../app/routes/public/reviews.tsx";
import { adventures, testimonials } from "../../server/db/schema.ts";
import { mintBookingLink, revokeBookingLinks } from "../../server/domain/bookings/booking-links.server.ts";
import { limitFor } from "../../server/security/public-limits.server.ts";
import { exe, image, pdf } from "../fixtures/files.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, type RouteFn, type RouteFor } from "../helpers/page-routes.ts";
import { createTestApp, type TestContext, testClock } from "../helpers/test-app.ts";

const ADVENTURE = "night-dive-experience";

const routes: RouteFor = (method, pathname) => {
  const get = method === "GET" || method === "HEAD";
  const review = /^\/my-booking\/([^/]+)\/review$/.exec(pathname);
  if (review) {
    return { fn: (get ? reviewPage.loader : reviewPage.action) as RouteFn, params: { token: review[1] } };
  }
  if (!get) return null;
  const manage = /^\/my-booking\/([^/]+)$/.exec(pathname);
  if (manage) return { fn: managePage.loader as RouteFn, params: { token: manage[1] } };
  if (pathname === "/reviews") return { fn: reviewsPage.loader as RouteFn, params: {} };
  if (pathname === "/") return { fn: homePage.loader as RouteFn, params: {} };
  const adventure = /^\/adventures\/([^/]+)$/.exec(pathname);
  if (adventure) return { fn: adventurePage.loader as RouteFn, params: { slug: adventure[1] } };
  return null;
};

let clients = 0;
/** A new client address (documentation range), so tests never share a rate-limit counter. */
const newClient = () => ({ "X-Forwarded-For": `203.0.113.9, 198.51.100.${++clients}` });

const formPost = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: {
    Accept: "text/html",
    "Content-Type": "application/x-www-form-urlencoded",
    ...newClient(),
  },
  body: new URLSearchParams(fields).toString(),
});

function multipartPost(
  fields: Record<string, string>,
  photo?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (photo) form.set("photo", new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return {
    method: "POST",
    headers: { Accept: "text/html", ...newClient() },
    body: form,
  } satisfies RequestInit;
}

interface ReviewPageData {
  page: {
    state: "open" | "done" | "not_yet" | "not_taken";
    opensOn: string;
    name: string;
    reference: string;
  } | null;
}
interface PublicReview {
  id: string;
  customer_name: string;
  rating: number;
  is_featured: boolean;
  adventure_type: string;
  location: string;
  image: string;
}
interface AdminReview extends PublicReview {
  status: "pending" | "approved" | "hidden";
  booking_reference: string | null;
  booking_id: string | null;
}

describe("reviews from the booking link", () => {
  let t: TestContext;
  let app: ReturnType<typeof appWithRoutes>;
  let admin: string;
  let dataDir: string;
  const clock = testClock(new Date("2031-03-10T02:00:00Z"));
  const today = () => sydneyDate(clock.now());

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "tw-reviews-test-"));
    t = await createTestApp(
      { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1", DATA_DIR: dataDir },
      { now: clock.now },
    );
    app = appWithRoutes(t.services, routes);
    admin = await login(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A booking of ADVENTURE on `date` with a live private link. */
  async function bookingWithLink(seed: Parameters<typeof insertBooking>[1] = {}) {
    const { booking } = await insertBooking(t.db, {
      adventureId: ADVENTURE,
      adventureTitle: "Night Dive Experience",
      status: "confirmed",
      date: addDays(today(), -3),
      firstName: "Ruby",
      lastName: "van Dijk",
      ...seed,
    });
    const token = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "thank_you", clock.now()));
    return { booking, token, path: `/my-booking/${token}/review` };
  }

  const pageOf = async (p: string) => {
    const res = await app.request(p, { headers: newClient() });
    return { status: res.status, data: (await res.json()) as ReviewPageData };
  };
  const publicReviews = async () => {
    const res = await app.request("/reviews");
    expect(res.status).toBe(200);
    return (await res.json()) as { reviews: PublicReview[]; rating: { count: number; average: number } };
  };
  const home = async () =>
    (await (await app.request("/")).json()) as {
      testimonials: { id: string }[];
      rating: { count: number; average: number };
    };
  const adventureLd = async () =>
    (
      (await (await app.request(`/adventures/${ADVENTURE}`)).json()) as {
        rating: { count: number; average: number };
      }
    ).rating;
  const rowsOf = (bookingId: string) =>
    t.db.select().from(testimonials).where(eq(testimonials.bookingId, bookingId));
  const setStatus = (id: string, body: unknown) =>
    t.app.request(`/api/admin/testimonials/${id}/status`, authed(admin, "POST", body));
  const adminList = async () =>
    (await (await t.app.request("/api/admin/testimonials", authed(admin))).json()) as AdminReview[];

  /** The summary the pages should show: the approved rows' own numbers. */
  async function expectedSummary(adventureId?: string) {
    const rows = (await t.db.select().from(testimonials)).filter(
      (r) =>
        r.status === "approved" &&
        (!adventureId || r.adventureType === adventureId || r.adventureId === adventureId),
    );
    const sum = rows.reduce((s, r) => s + r.rating, 0);
    return { count: rows.length, average: rows.length ? Number((sum / rows.length).toFixed(1)) : 0 };
  }

  it("a submitted review waits as pending; approved it shows and the averages move, hidden it goes", async () => {
    const { booking, path: reviewPath } = await bookingWithLink();
    const opened = await pageOf(reviewPath);
    expect(opened.status).toBe(200);
    expect(opened.data.page).toMatchObject({ state: "open", name: "Ruby V.", reference: booking.reference });
    const before = await publicReviews();
    const homeBefore = await home();
    const adventureBefore = await adventureLd();

    const res = await app.request(
      reviewPath,
      formPost({
        rating: "1",
        content: "The torches died and we saw nothing at all.",
        customer_name: "Ruby V.",
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(reviewPath);
    const [row] = await rowsOf(booking.id);
    expect(row).toMatchObject({ status: "pending", rating: 1, isFeatured: false, customerName: "Ruby V." });
    expect((await pageOf(reviewPath)).data.page?.state).toBe("done");

    // Pending: no public list, average or count includes it.
    const pending = await publicReviews();
    expect(pending.reviews.map((r) => r.id)).not.toContain(row.id);
    expect(pending.rating).toEqual(before.rating);
    expect((await home()).testimonials.map((r) => r.id)).not.toContain(row.id);
    expect(await adventureLd()).toEqual(adventureBefore);
    const listed = (await adminList()).find((r) => r.id === row.id);
    expect(listed).toMatchObject({ status: "pending", booking_reference: booking.reference });

    const approved = await setStatus(row.id, { status: "approved" });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: "approved", booking_reference: booking.reference });
    const after = await publicReviews();
    expect(after.reviews.map((r) => r.id)).toContain(row.id);
    expect(after.rating.count).toBe(before.rating.count + 1);
    expect(after.rating).toEqual(await expectedSummary());
    // A 1-star review among 5-star ones pulls the average down.
    expect(after.rating.average).toBeLessThan(before.rating.average);
    const homeAfter = await home();
    expect(homeAfter.testimonials.map((r) => r.id)).toContain(row.id);
    expect(homeAfter.rating).toEqual(after.rating);
    expect(homeAfter.rating.count).toBe(homeBefore.rating.count + 1);
    const adventureAfter = await adventureLd();
    expect(adventureAfter.count).toBe(adventureBefore.count + 1);
    expect(adventureAfter).toEqual(await expectedSummary(ADVENTURE));

    const hidden = await setStatus(row.id, { status: "hidden" });
    expect(hidden.status).toBe(200);
    const gone = await publicReviews();
    expect(gone.reviews.map((r) => r.id)).not.toContain(row.id);
    expect(gone.rating).toEqual(before.rating);
    expect(await adventureLd()).toEqual(adventureBefore);
  });

  it("featuring approves a review, hiding unfeatures it, and the operator's input is checked", async () => {
    const { booking, path: reviewPath } = await bookingWithLink();
    await app.request(reviewPath, formPost({ rating: "5", content: "Octopus!", customer_name: "Ruby V." }));
    const [row] = await rowsOf(booking.id);

    const featured = await setStatus(row.id, { status: "approved", is_featured: true });
    expect(await featured.json()).toMatchObject({ status: "approved", is_featured: true });
    const shown = (await publicReviews()).reviews.find((r) => r.id === row.id);
    expect(shown?.is_featured).toBe(true);
    // Approving again leaves it featured; unfeaturing keeps it approved.
    expect(await (await setStatus(row.id, { status: "approved" })).json()).toMatchObject({
      is_featured: true,
    });
    expect(await (await setStatus(row.id, { status: "approved", is_featured: false })).json()).toMatchObject({
      status: "approved",
      is_featured: false,
    });
    await setStatus(row.id, { status: "approved", is_featured: true });
    expect(await (await setStatus(row.id, { status: "hidden" })).json()).toMatchObject({
      status: "hidden",
      is_featured: false,
    });

    const both = await setStatus(row.id, { status: "hidden", is_featured: true });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { errors: Record<string, string> }).errors).toHaveProperty("is_featured");
    const bad = await setStatus(row.id, { status: "pending" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toHaveProperty("status");
    expect((await setStatus("00000000-0000-4000-8000-000000000000", { status: "approved" })).status).toBe(
      404,
    );
    expect((await t.app.request(`/api/admin/testimonials/${row.id}/status`, { method: "POST" })).status).toBe(
      401,
    );
  });

  it("the operator's own reviews keep working: added approved, listed without a booking", async () => {
    const res = await t.app.request(
      "/api/admin/testimonials",
      authed(admin, "POST", {
        customer_name: "Walk-in Guest",
        adventure_type: ADVENTURE,
        location: "Manly, Sydney",
        content: "Great night.",
        rating: 4,
        is_featured: false,
      }),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as AdminReview;
    expect(created).toMatchObject({
      status: "approved",
      booking_reference: null,
      customer_name: "Walk-in Guest",
    });
    expect((await publicReviews()).reviews.map((r) => r.id)).toContain(created.id);
  });

  it("one review per booking, however many submits arrive, in sequence or in parallel", async () => {
    const { booking, path: reviewPath } = await bookingWithLink();
    const fields = { rating: "4", content: "Lovely dive.", customer_name: "Ruby V." };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => app.request(reviewPath, formPost(fields))),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(303));
    expect(await rowsOf(booking.id)).toHaveLength(1);

    const again = await app.request(reviewPath, formPost({ ...fields, rating: "1" }));
    expect(again.status).toBe(303);
    const rows = await rowsOf(booking.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].rating).toBe(4);
    expect((await pageOf(reviewPath)).data.page?.state).toBe("done");
  });

  it("a wrong or revoked link is a 404 and stores nothing", async () => {
    const wrong = "x".repeat(43);
    expect((await pageOf(`/my-booking/${wrong}/review`)).status).toBe(404);
    const posted = await app.request(
      `/my-booking/${wrong}/review`,
      formPost({ rating: "5", content: "Hi", customer_name: "A B." }),
    );
    expect(posted.status).toBe(404);

    const { booking, path: reviewPath } = await bookingWithLink();
    await revokeBookingLinks(t.db, booking.id, clock.now());
    expect((await pageOf(reviewPath)).status).toBe(404);
    const revoked = await app.request(
      reviewPath,
      formPost({ rating: "5", content: "Hi", customer_name: "A B." }),
    );
    expect(revoked.status).toBe(404);
    expect(await rowsOf(booking.id)).toHaveLength(0);
  });

  it("a trip still ahead is refused until its Sydney date arrives (fake clock)", async () => {
    const tripDay = addDays(today(), 2);
    const { booking, path: reviewPath } = await bookingWithLink({ date: tripDay });
    const early = await pageOf(reviewPath);
    expect(early.data.page).toMatchObject({ state: "not_yet", opensOn: tripDay });
    const refused = await app.request(
      reviewPath,
      formPost({ rating: "5", content: "Soon!", customer_name: "R V." }),
    );
    expect(refused.status).toBe(303);
    expect(await rowsOf(booking.id)).toHaveLength(0);

    // The Sydney calendar decides: advance until that day begins there (and back after, for the other tests).
    let advanced = 0;
    try {
      while (sydneyDate(clock.now()) < tripDay) {
        clock.advance(60 * 60_000);
        advanced += 60 * 60_000;
      }
      expect((await pageOf(reviewPath)).data.page?.state).toBe("open");
      const ok = await app.request(
        reviewPath,
        formPost({ rating: "5", content: "Worth it.", customer_name: "R V." }),
      );
      expect(ok.status).toBe(303);
      expect(await rowsOf(booking.id)).toHaveLength(1);
    } finally {
      clock.advance(-advanced);
    }
  });

  it("only trips that went ahead: completed ones can be reviewed, unpaid and cancelled ones cannot", async () => {
    const completed = await bookingWithLink({ status: "completed" });
    expect((await pageOf(completed.path)).data.page?.state).toBe("open");
    for (const status of ["pending_payment", "cancelled"] as const) {
      const { booking, path: reviewPath } = await bookingWithLink({ status });
      expect((await pageOf(reviewPath)).data.page?.state).toBe("not_taken");
      await app.request(reviewPath, formPost({ rating: "5", content: "x", customer_name: "R V." }));
      expect(await rowsOf(booking.id)).toHaveLength(0);
    }
  });

  it("the adventure, its type and location come from the booking, whatever the form sends", async () => {
    const { booking, path: reviewPath } = await bookingWithLink();
    const res = await app.request(
      reviewPath,
      formPost({
        rating: "5",
        content: "Fine.",
        customer_name: "Ruby V.",
        adventure_type: "dive-exhibition",
        adventure_id: "dive-exhibition",
        location: "Nowhere",
        status: "approved",
        is_featured: "true",
      }),
    );
    expect(res.status).toBe(303);
    const [adventure] = await t.db.select().from(adventures).where(eq(adventures.id, ADVENTURE));
    const [row] = await rowsOf(booking.id);
    expect(row).toMatchObject({
      adventureType: ADVENTURE,
      adventureId: ADVENTURE,
      location: adventure.location,
      status: "pending",
      isFeatured: false,
    });
  });

  it("each bad field is a 400 naming it, and nothing is stored", async () => {
    const { booking, path: reviewPath } = await bookingWithLink();
    const empty = await app.request(reviewPath, formPost({ rating: "", content: "  ", customer_name: "" }));
    expect(empty.status).toBe(400);
    const body = (await empty.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(["content", "customer_name", "rating"]);
    expect(body.errors.rating).toBe("Choose a rating from 1 to 5 stars");

    for (const rating of ["0", "6", "4.5", "five"]) {
      const res = await app.request(reviewPath, formPost({ rating, content: "Nice", customer_name: "R V." }));
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(["rating"]);
    }
    const long = await app.request(
      reviewPath,
      formPost({ rating: "5", content: "a".repeat(2001), customer_name: "R V." }),
    );
    expect(((await long.json()) as { errors: Record<string, string> }).errors.content).toMatch(/2000/);
    // The text rule: a NUL in a field is refused before the route, naming the field.
    const nul = await app.request(
      reviewPath,
      formPost({ rating: "5", content: "a\u0000b", customer_name: "R V." }),
    );
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("content");
    const nulMultipart = await app.request(
      reviewPath,
      multipartPost({ rating: "5", content: "ok", customer_name: "R\u0000V." }),
    );
    expect(nulMultipart.status).toBe(400);
    expect(((await nulMultipart.json()) as { errors: object }).errors).toHaveProperty("customer_name");
    expect(await rowsOf(booking.id)).toHaveLength(0);
  });

  it("a photo goes through the media pipeline; anything but an image is refused with the photo named", async () => {
    const fields = { rating: "5", content: "Look at this nudibranch.", customer_name: "Ruby V." };
    for (const format of ["png", "jpeg"] as const) {
      const { booking, path: reviewPath } = await bookingWithLink();
      const res = await app.request(
        reviewPath,
        multipartPost(fields, {
          bytes: await image(format),
          name: `reef.${format}`,
          type: `image/${format}`,
        }),
      );
      expect(res.status).toBe(303);
      const [row] = await rowsOf(booking.id);
      expect(row.image).toMatch(/^\/uploads\/[0-9a-f]+\.webp$/);
      expect(existsSync(path.join(dataDir, row.image))).toBe(true);
      expect(existsSync(path.join(dataDir, row.image.replace(".webp", "-480.webp")))).toBe(true);
    }

    for (const [bytes, name, type] of [
      [exe(), "reef.png", "image/png"],
      [pdf(), "reef.pdf", "application/pdf"],
    ] as const) {
      const { booking, path: reviewPath } = await bookingWithLink();
      const res = await app.request(reviewPath, multipartPost(fields, { bytes, name, type }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: Record<string, string>; values: Record<string, string> };
      expect(Object.keys(body.errors)).toEqual(["photo"]);
      // The text the customer typed comes back for the next try.
      expect(body.values.content).toBe(fields.content);
      expect(await rowsOf(booking.id)).toHaveLength(0);
    }

    // Without a photo a multipart post is just as good.
    const { booking, path: reviewPath } = await bookingWithLink();
    expect((await app.request(reviewPath, multipartPost(fields))).status).toBe(303);
    expect((await rowsOf(booking.id))[0].image).toBe("");
  });

  it("a photo past the size limit is a 413 naming the photo", async () => {
    const small = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_MB: "0.01" }, { now: clock.now });
    try {
      const smallApp = appWithRoutes(small.services, routes);
      const { booking } = await insertBooking(small.db, { status: "confirmed", date: addDays(today(), -1) });
      const token = await small.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", clock.now()));
      const res = await smallApp.request(
        `/my-booking/${token}/review`,
        multipartPost(
          { rating: "5", content: "Big picture", customer_name: "Mia N." },
          // A real image's first bytes, padded past the limit (the size is checked while it streams in).
          {
            bytes: Buffer.concat([await image("png"), randomBytes(20_000)]),
            name: "big.png",
            type: "image/png",
          },
        ),
      );
      expect(res.status).toBe(413);
      expect(((await res.json()) as { errors: Record<string, string> }).errors.photo).toMatch(/at most/);
      const rows = await small.db.select().from(testimonials).where(eq(testimonials.bookingId, booking.id));
      expect(rows).toHaveLength(0);
    } finally {
      await small.close();
    }
  });

  it("the review form is rate limited with its own budget, per client", async () => {
    expect(limitFor("POST", "/my-booking/abc/review")?.name).toBe("review");
    expect(limitFor("POST", "/my-booking/abc/review.data")?.name).toBe("review");
    expect(limitFor("POST", "/my-booking/abc")?.name).toBe("booking-link");
    const limited = await createTestApp({ TRUST_PROXY_HOPS: "1", RATE_LIMIT_FACTOR: "1", DATA_DIR: dataDir });
    try {
      const limitedApp = appWithRoutes(limited.services, routes);
      const client = { "X-Forwarded-For": "203.0.113.10, 198.51.100.250" };
      const post = () =>
        limitedApp.request(`/my-booking/${"y".repeat(43)}/review`, {
          method: "POST",
          headers: { ...client, Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
          body: "rating=5&content=Hi&customer_name=A",
        });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await post()).status);
      expect(statuses).toEqual([...Array(10).fill(404), 429]);
    } finally {
      await limited.close();
    }
  });

  it("the booking page offers the review once the trip can be reviewed", async () => {
    const past = await bookingWithLink();
    const ahead = await bookingWithLink({ date: addDays(today(), 5) });
    const cancelled = await bookingWithLink({ status: "cancelled" });
    const offer = async (token: string) =>
      (
        (await (await app.request(`/my-booking/${token}`, { headers: newClient() })).json()) as {
          canReview: boolean;
        }
      ).canReview;
    expect(await offer(past.token)).toBe(true);
    expect(await offer(ahead.token)).toBe(false);
    expect(await offer(cancelled.token)).toBe(false);
  });
});
