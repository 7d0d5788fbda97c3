import { PUBLIC_PAGES } from "../fixtures/site.ts";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import { adminToken, cancelBooking, createBooking, openDates, signIn, uniqueEmail } from "../helpers/e2e-api";
import { seriousViolations } from "../helpers/page-checks";

/**
 * Every page of the site, public and admin, at a desktop and a phone width:
 * axe-core (WCAG 2 A and AA rules) must find no serious or critical violation.
 * The route list mirrors app/routes.ts; the catch-all routes are visited through
 * an address no route claims.
 */
const PUBLIC_ROUTES = [
  ...PUBLIC_PAGES,
  "/book?adventure=guided-shore-dive",
  "/book/success?confirmed=true",
  "/no-such-page",
];

const ADMIN_ROUTES = [
  "/admin/pro-dashboard",
  "/admin/dashboard",
  "/admin/bookings",
  "/admin/bookings/new",
  "/admin/trips?view=week",
  "/admin/contacts",
  "/admin/newsletter",
  "/admin/calendar",
  "/admin/settings-pro",
  "/admin/adventures-pro",
  "/admin/adventures-pro/guided-shore-dive",
  "/admin/adventures-enhanced",
  "/admin/adventures",
  "/admin/website-editor",
  "/admin/content",
  "/admin/media",
  "/admin/gallery",
  "/admin/testimonials",
  "/admin/faqs",
  "/admin/emails",
  "/admin/email-log",
  "/admin/invoices",
  "/admin/schedules",
  "/admin/gear",
  "/admin/manifest",
  "/admin/audit",
  "/admin/no-such-screen",
];

const WIDTHS = [
  { name: "1280 px", width: 1280, height: 800 },
  { name: "375 px", width: 375, height: 740 },
] as const;

/** A walk's time limit per page: a page and two checks take seconds on a busy 2-core machine. */
const PER_PAGE_MS = 15_000;

/**
 * Loads a page and waits until its data has arrived: public pages come with theirs in the
 * HTML; admin screens load theirs after the page, so the network must also be quiet.
 */
async function visit(page: Page, path: string) {
  await page.goto(path);
  if (path.startsWith("/admin")) await page.waitForLoadState("networkidle");
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/**
 * Checks the page as it stands at every width: the HTML is the same at both, so the page is
 * loaded once and laid out again at the phone width (CSS media queries apply on resize).
 */
async function violationsAtEveryWidth(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    found.push(...(await seriousViolations(page)).map((v) => `${size.name}: ${v}`));
  }
  return found;
}

/** One sign-in for this file's admin screens (each sign-in is a deliberately slow password check). */
let token: string | undefined;
async function adminSession(request: APIRequestContext): Promise<string> {
  token ??= await adminToken(request);
  return token;
}

test("the check itself finds what it is looking for", async ({ page }) => {
  await page.setContent(
    '<main><img src="data:," width="10" height="10"><p style="color:#777;background:#888">Faint</p></main>',
  );
  const found = await violationsAtEveryWidth(page);
  expect(found.some((v) => v.includes("image-alt"))).toBe(true);
  expect(found.some((v) => v.includes("color-contrast"))).toBe(true);
});

// One page walks them all, a step per address: a browser context and page per address cost
// more than the check itself. Each step's findings are asserted in the step, naming it.
test("every public page", async ({ page }) => {
  test.setTimeout(PER_PAGE_MS * PUBLIC_ROUTES.length);
  for (const path of PUBLIC_ROUTES) {
    await test.step(`public ${path}`, async () => {
      await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
      await visit(page, path);
      expect(await violationsAtEveryWidth(page), path).toEqual([]);
    });
  }
});

test("the test checkout page of a fresh booking has no serious or critical violations", async ({
  page,
  request,
}) => {
  const date = (await openDates(request, "guided-shore-dive"))[0]?.date;
  expect(date).toBeTruthy();
  const booking = await createBooking(request, {
    adventureId: "guided-shore-dive",
    date: date as string,
    email: uniqueEmail("axe"),
  });
  try {
    await visit(page, new URL(booking.checkout_url).pathname);
    await expect(page.getByText("TEST MODE")).toBeVisible();
    expect(await violationsAtEveryWidth(page)).toEqual([]);
  } finally {
    // Cancelling releases the held spot.
    await cancelBooking(request, await adminSession(request), booking.booking_id);
  }
});

test("admin login screen", async ({ page }) => {
  // The login screen is what an admin address shows without a token.
  await visit(page, "/admin/pro-dashboard");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await violationsAtEveryWidth(page)).toEqual([]);
});

test("every admin screen", async ({ page, request }) => {
  test.setTimeout(PER_PAGE_MS * (ADMIN_ROUTES.length + 1));
  await signIn(page, await adminSession(request));
  for (const path of ADMIN_ROUTES) {
    await test.step(`admin ${path}`, async () => {
      // Each screen from the width the check starts at, as a fresh visit would be.
      await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
      await visit(page, path);
      await expect(page.getByRole("button", { name: "Sign in" })).toHaveCount(0);
      expect(await violationsAtEveryWidth(page), path).toEqual([]);
    });
  }
});
