/**
 * Every address the site answers, each declared once with what the server
 * does around it: which page module renders it (app/routes.ts builds the
 * React Router config from this table), whether every visitor gets the same
 * answer (the page cache), whether its address is a credential (no-store,
 * noindex, same-origin Referer), which of its path parameters are secrets
 * (never logged), which query parameters it reads (logged as sent; a shared
 * page is cached per their values; any other is logged as [redacted]), its
 * rate-limit budget and the methods that spend it, and which methods need the
 * admin token. The server matches a request to one row with the rules in
 * server/route-match.server.ts, the same way React Router does: static
 * segments in any letter case, no trailing slash, parameters as sent.
 *
 * Pure data: React Router's build reads this module, so it imports nothing
 * from the server.
 */
import { FILTER_PARAMS } from "./lib/adventure-filters.ts";
import type { Permission } from "./lib/staff-access.ts";
import { ADMIN_API_ROUTES } from "./route-policy-admin-api.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const WRITES = ["POST", "PUT", "PATCH", "DELETE"] as const;
const READS = ["GET", "HEAD"] as const;

/**
 * A number of requests one client may make within a window (before
 * RATE_LIMIT_FACTOR). Routes that name the same budget spend one counter.
 * The numbers and why: docs/decisions/007-rate-limits.md.
 */
export interface Budget {
  name: string;
  limit: number;
  windowMs: number;
  /** Where the "go back" link of the HTML answer leads (default: the page itself, or / for the API). */
  back?: string;
}

const budget = (name: string, limit: number, windowMs: number, back?: string): Budget => ({
  name,
  limit,
  windowMs,
  back,
});

export const BUDGETS = {
  // Each booking holds up to 4 spots for 30 minutes before it is paid.
  booking: budget("booking", 10, HOUR, "/book"),
  // Custom amounts: every call opens a provider checkout (card testing).
  customPayment: budget("custom-payment", 5, HOUR),
  // Each check asks the provider; /book polls every 2 s, 10 times per session.
  paymentStatus: budget("payment-status", 60, 10 * MINUTE),
  // Where a checkout returns: each view settles the session with the provider or mints a booking link.
  // The gift voucher page looks again every 2 s, 15 times, while a payment is pending.
  checkoutReturn: budget("checkout-return", 60, 10 * MINUTE),
  testCard: budget("test-card", 20, HOUR),
  checkoutCancel: budget("checkout-cancel", 20, HOUR, "/book"),
  // A voucher check answers whether a code exists: enough for a person fixing a typo, far too
  // few to guess any of 31^8 codes.
  voucherCheck: budget("voucher-check", 20, HOUR),
  // A promo check: a person trying a code or two while choosing a date and group; not a code guesser.
  promoCheck: budget("promo-check", 30, HOUR),
  // Each gift voucher order opens a provider checkout (card testing), like a custom payment.
  giftVoucher: budget("gift-voucher", 5, HOUR, "/gift-vouchers"),
  contact: budget("contact", 5, HOUR),
  newsletter: budget("newsletter", 5, HOUR),
  // Asking for a "release my unfinished checkouts" link mails an address someone typed, like a link re-send.
  checkoutReleaseLink: budget("checkout-release-link", 5, HOUR, "/checkouts/release"),
  // The release page's buttons: one per checkout (at most a few), with room for reloads.
  checkoutRelease: budget("checkout-release", 20, HOUR),
  // A waitlist join mails the address typed in.
  waitlist: budget("waitlist", 10, HOUR),
  // Re-sending booking links mails an address someone typed: a person asks once or twice.
  bookingLinkResend: budget("booking-link-resend", 5, HOUR, "/my-booking"),
  // A review from a booking link: one per booking is stored; the rest are retries and mistakes.
  review: budget("review", 10, HOUR),
  // Each person of a group filled in from a booking link (up to 20 people), a post or two each.
  participants: budget("participants", 60, HOUR),
  // A booking link's own forms: reviewing and confirming a cancellation are two posts.
  bookingLink: budget("booking-link", 10, HOUR),
  // Mailbox providers send the one-click POSTs from a few servers on behalf of many readers, so the
  // budget is wider than one person's; the tokens are 256-bit, so guessing gains nothing either way.
  newsletterUnsubscribe: budget("newsletter-unsubscribe", 60, HOUR),
  // The adventure page's view beacon: one counter update per view; a person reads a few pages a
  // minute, and a crowd behind one address still counts its views.
  view: budget("view", 120, HOUR),
  // A staff invitation's or password reset's page: reading the link and setting a password, a few posts for a typo.
  staffInvite: budget("staff-invite", 20, HOUR),
  // A password-reset link mails an address someone typed, like a booking link's re-send.
  staffResetLink: budget("staff-reset-link", 5, HOUR),
  // Any other form post to a page (React Router actions answer every method but GET and HEAD).
  pageForm: budget("page-form", 20, HOUR),
} as const satisfies Record<string, Budget>;

export interface RouteLimit {
  budget: Budget;
  methods: readonly string[];
}

/** Where a page module sits: in the public frame, in the admin console's, or on its own. */
export type Layout = "public" | "admin" | null;

export interface PageModule {
  file: string;
  layout: Layout;
  /** React Router's route id, when one module serves several paths. */
  id?: string;
  /** The layout's index route (its own path is the layout's). */
  index?: boolean;
}

export interface RoutePolicy {
  /** `/my-booking/:token/review`; a last segment `*` matches anything below (and nothing). */
  path: string;
  /** The React Router module that renders it; absent for the API and files the server answers. */
  page?: PageModule;
  /**
   * "shared": every visitor gets the same answer, rendered once per content version (GET and HEAD
   * of the canonical address, with no query parameter outside `query`).
   * "private": the address is a credential (a token or a checkout session), or the page is the
   * operator's: never stored, indexed or sent on as a Referer. Absent: no-store unless the handler
   * says otherwise (files, uploads).
   */
  cache?: "shared" | "private";
  /** Query parameters that name nothing personal: logged as sent, and a shared page's cache key. */
  query?: readonly string[];
  /** Path parameters that are bearer secrets: never logged. */
  secrets?: readonly string[];
  /** The budget this route's requests spend; page routes' other writes spend `pageForm`. */
  limit?: RouteLimit;
  /** Methods that need a live admin token (answered 401 without one). */
  admin?: readonly string[];
  /**
   * The permission (app/lib/staff-access.ts) each admin method needs, by method (`HEAD` reads
   * `GET`'s); an admin page's screen under `*`. A method the row does not name is the owner's alone.
   */
  access?: Readonly<Record<string, Permission>>;
  /** The page's form takes a file (a photo, a doctor's clearance): its action streams the body under the upload limits. */
  uploads?: boolean;
}

const writes = (b: Budget): RouteLimit => ({ budget: b, methods: WRITES });
const reads = (b: Budget): RouteLimit => ({ budget: b, methods: READS });
const posts = (b: Budget): RouteLimit => ({ budget: b, methods: ["POST"] });

type Extra = Omit<RoutePolicy, "path" | "page"> & { id?: string; index?: boolean };

function page(layout: Layout, path: string, file: string, extra: Extra = {}): RoutePolicy {
  const { id, index, ...policy } = extra;
  return { path, page: { file, layout, id, index }, ...policy };
}
const publicPage = (path: string, file: string, extra?: Extra) => page("public", path, file, extra);
/** The operator console is never for search engines (its layout also says so in a meta tag). */
const adminPage = (path: string, permission: Permission, file: string, extra: Extra = {}) =>
  page("admin", path, file, { cache: "private", access: { "*": permission }, ...extra });

const SHARED = { cache: "shared" } as const;
/** A booking link's pages: the token is the credential. */
const LINK = { cache: "private", secrets: ["token"] } as const;

export const ROUTES: readonly RoutePolicy[] = [
  publicPage("/", "routes/public/home.tsx", { ...SHARED, index: true }),
  publicPage("/adventures", "routes/public/adventures.tsx", { ...SHARED, query: FILTER_PARAMS }),
  // The adventure page's no-JavaScript waitlist form shares the JSON API's budget.
  publicPage("/adventures/:slug", "routes/public/adventure.tsx", {
    ...SHARED,
    limit: writes(BUDGETS.waitlist),
  }),
  publicPage("/weekend", "routes/public/weekend.tsx", SHARED),
  publicPage("/gallery", "routes/public/gallery.tsx", { ...SHARED, query: ["category"] }),
  publicPage("/reviews", "routes/public/reviews.tsx", { ...SHARED, query: ["adventure"] }),
  publicPage("/about", "routes/public/about.tsx", SHARED),
  publicPage("/contact", "routes/public/contact.tsx", {
    ...SHARED,
    query: ["adventure"],
    limit: writes(BUDGETS.contact),
  }),
  publicPage("/faq", "routes/public/faq.tsx", SHARED),
  // `session_id` (a payment's outcome) and `offer` (a waitlist offer's token) make /book personal:
  // they are not in `query`, so such an address is rendered for its visitor alone.
  // Its no-JavaScript form books like the JSON API and spends the API's budget.
  publicPage("/book", "routes/public/book.tsx", {
    ...SHARED,
    query: ["adventure"],
    limit: writes(BUDGETS.booking),
  }),
  publicPage("/book/success", "routes/public/book-success.tsx", {
    cache: "private",
    query: ["confirmed"],
    limit: reads(BUDGETS.checkoutReturn),
  }),
  // A booking's private link (no login) and the page that emails a fresh one.
  publicPage("/my-booking", "routes/public/my-booking-find.tsx", {
    cache: "private",
    limit: writes(BUDGETS.bookingLinkResend),
  }),
  publicPage("/my-booking/:token", "routes/public/my-booking.tsx", {
    ...LINK,
    query: ["changed", "participant"],
    limit: writes(BUDGETS.bookingLink),
  }),
  // The customer reviews a trip that went ahead.
  publicPage("/my-booking/:token/review", "routes/public/my-booking-review.tsx", {
    ...LINK,
    limit: writes(BUDGETS.review),
    uploads: true,
  }),
  // The customer moves their booking to another date.
  publicPage("/my-booking/:token/reschedule", "routes/public/my-booking-reschedule.tsx", {
    ...LINK,
    query: ["date"],
  }),
  // Participants' details, medical questionnaire and waiver, one person of the group at a time.
  // Its second form sends a doctor's clearance as a file.
  publicPage("/my-booking/:token/participants/:position", "routes/public/my-booking-participant.tsx", {
    ...LINK,
    limit: writes(BUDGETS.participants),
    uploads: true,
  }),
  // One participant's own link: their details only, nothing else of the booking.
  publicPage("/my-details/:token", "routes/public/my-details.tsx", {
    ...LINK,
    limit: writes(BUDGETS.participants),
    uploads: true,
  }),
  // The customer's answer to a weather cancellation: move, credit or refund.
  publicPage("/my-booking/:token/weather", "routes/public/my-booking-weather.tsx", LINK),
  // Gift vouchers bought on the site.
  publicPage("/gift-vouchers", "routes/public/gift-vouchers.tsx", {
    query: ["cancelled"],
    limit: writes(BUDGETS.giftVoucher),
  }),
  publicPage("/gift-vouchers/success", "routes/public/gift-voucher-success.tsx", {
    cache: "private",
    limit: reads(BUDGETS.checkoutReturn),
  }),
  // The footer's sign-up box posts here when scripts have not run (with them, it calls the API).
  publicPage("/newsletter", "routes/public/newsletter.tsx", { ...SHARED, limit: writes(BUDGETS.newsletter) }),
  // A newsletter's unsubscribe link: the page asks for a click; the one-click POST is answered before it.
  publicPage("/newsletter/unsubscribe/:token", "routes/public/newsletter-unsubscribe.tsx", {
    ...LINK,
    limit: writes(BUDGETS.newsletterUnsubscribe),
  }),
  // "Release my unfinished checkouts": the page that emails the link (/book's refusal posts to it),
  // and the link's page, which lists the address's checkouts and releases them.
  publicPage("/checkouts/release", "routes/public/checkout-release-request.tsx", {
    cache: "private",
    query: ["sent"],
    limit: writes(BUDGETS.checkoutReleaseLink),
  }),
  publicPage("/checkouts/release/:token", "routes/public/checkout-release.tsx", {
    ...LINK,
    query: ["released"],
    limit: writes(BUDGETS.checkoutRelease),
  }),
  // A sign-up's confirmation link: opening it changes nothing, the page's button confirms.
  publicPage("/newsletter/confirm/:token", "routes/public/newsletter-confirm.tsx", LINK),
  publicPage("/privacy", "routes/public/legal.tsx", { ...SHARED, id: "privacy" }),
  publicPage("/terms", "routes/public/legal.tsx", { ...SHARED, id: "terms" }),
  publicPage("/cancellation", "routes/public/legal.tsx", { ...SHARED, id: "cancellation" }),
  publicPage("/*", "routes/public/not-found.tsx"),
  // A booking's calendar file, a download from its private link.
  page(null, "/my-booking/:token/calendar.ics", "routes/public/my-booking-calendar.ts", LINK),
  // The booking's tax invoices and adjustment notes, printable pages from its private link.
  page(null, "/my-booking/:token/invoices/:number", "routes/public/my-booking-invoice.ts", LINK),
  // Where a date change's checkout returns: settles it and opens the booking's page.
  page(null, "/my-booking/date-changed", "routes/public/my-booking-changed.ts", {
    cache: "private",
    limit: reads(BUDGETS.checkoutReturn),
  }),
  // The built-in test checkout (used when no Stripe key is configured); its form posts like the API.
  page(null, "/checkout/test/:sessionId", "routes/checkout/test-checkout.tsx", {
    cache: "private",
    secrets: ["sessionId"],
    limit: writes(BUDGETS.testCard),
  }),

  // The operator console: pages that sign in from the browser and read the admin API.
  adminPage("/admin", "console", "routes/admin/index.tsx", { index: true }),
  adminPage("/admin/pro-dashboard", "dashboard", "routes/admin/pro-dashboard.tsx"),
  adminPage("/admin/dashboard", "dashboard", "routes/admin/dashboard.tsx"),
  adminPage("/admin/bookings", "bookings.read", "routes/admin/bookings.tsx"),
  adminPage("/admin/bookings/new", "bookings.write", "routes/admin/new-booking.tsx"),
  adminPage("/admin/trips", "trips", "routes/admin/trips.tsx"),
  adminPage("/admin/roll-call/:id", "trip-day", "routes/admin/roll-call.tsx"),
  adminPage("/admin/bookings/:id", "bookings.read", "routes/admin/booking.tsx"),
  adminPage("/admin/contacts", "messages", "routes/admin/contacts.tsx"),
  adminPage("/admin/newsletter", "messages", "routes/admin/newsletter.tsx"),
  adminPage("/admin/calendar", "operations", "routes/admin/calendar.tsx"),
  adminPage("/admin/schedules", "operations", "routes/admin/schedules.tsx"),
  adminPage("/admin/gear", "operations", "routes/admin/gear.tsx"),
  adminPage("/admin/settings-pro", "settings", "routes/admin/settings.tsx"),
  adminPage("/admin/adventures-pro", "content", "routes/admin/adventures-pro.tsx", { id: "adventures-pro" }),
  adminPage("/admin/adventures-pro/:id", "content", "routes/admin/adventures-pro.tsx", {
    id: "adventures-pro-edit",
  }),
  adminPage("/admin/adventures-enhanced", "content", "routes/admin/adventures-enhanced.tsx"),
  adminPage("/admin/adventures", "content", "routes/admin/adventures-legacy.tsx"),
  adminPage("/admin/website-editor", "content", "routes/admin/website-editor.tsx"),
  adminPage("/admin/content", "content", "routes/admin/content.tsx"),
  adminPage("/admin/media", "content", "routes/admin/media.tsx"),
  adminPage("/admin/gallery", "content", "routes/admin/gallery.tsx"),
  adminPage("/admin/testimonials", "content", "routes/admin/testimonials.tsx"),
  adminPage("/admin/faqs", "content", "routes/admin/faqs.tsx"),
  adminPage("/admin/emails", "content", "routes/admin/emails.tsx"),
  adminPage("/admin/email-log", "messages", "routes/admin/email-log.tsx"),
  adminPage("/admin/invoices", "money", "routes/admin/invoices.tsx"),
  adminPage("/admin/manifest", "trip-day", "routes/admin/manifest.tsx"),
  adminPage("/admin/weather", "operations", "routes/admin/weather.tsx"),
  adminPage("/admin/vouchers", "money", "routes/admin/vouchers.tsx"),
  adminPage("/admin/promo-codes", "money", "routes/admin/promo-codes.tsx"),
  adminPage("/admin/waiver", "content", "routes/admin/waiver.tsx"),
  adminPage("/admin/staff", "staff", "routes/admin/staff.tsx"),
  adminPage("/admin/audit", "audit", "routes/admin/audit.tsx"),
  adminPage("/admin/account", "console", "routes/admin/account.tsx"),
  // Dashboard quick actions name routes the spec never registers; each lands on the screen for that job.
  adminPage("/admin/calendar-pro", "operations", "routes/admin/redirect.tsx", { id: "calendar-pro" }),
  adminPage("/admin/media-pro", "content", "routes/admin/redirect.tsx", { id: "media-pro" }),
  adminPage("/admin/website-pro", "content", "routes/admin/redirect.tsx", { id: "website-pro" }),
  adminPage("/admin/bookings-pro", "bookings.read", "routes/admin/redirect.tsx", { id: "bookings-pro" }),
  adminPage("/admin/*", "console", "routes/admin/not-found.tsx"),
  // A staff invitation's link: the invitee sets a password there (no sign-in yet, the token is the credential).
  // A member's password-reset link: the new password is set there.
  page(null, "/staff/reset/:token", "routes/staff-reset.tsx", {
    ...LINK,
    limit: writes(BUDGETS.staffInvite),
  }),
  page(null, "/staff/invite/:token", "routes/staff-invite.tsx", {
    ...LINK,
    limit: writes(BUDGETS.staffInvite),
  }),

  // The JSON API (server/api/*) and the files the server answers itself.
  { path: "/api/adventures-pro", ...SHARED },
  { path: "/api/adventures/:slug/dates", ...SHARED },
  // What is left of each gear size on a date: changes with every booking, so never shared.
  { path: "/api/adventures/:slug/gear-left", query: ["date"] },
  // The adventure page's view beacon (the admin lists show view_count).
  { path: "/api/adventures/:slug/view", limit: posts(BUDGETS.view) },
  // Anyone books; only the operator lists the bookings.
  { path: "/api/bookings", limit: writes(BUDGETS.booking), admin: READS, access: { GET: "bookings.read" } },
  { path: "/api/contact", limit: writes(BUDGETS.contact), admin: READS, access: { GET: "messages" } },
  { path: "/api/newsletter/subscribe", limit: posts(BUDGETS.newsletter) },
  { path: "/api/checkouts/release-link", limit: posts(BUDGETS.checkoutReleaseLink) },
  { path: "/api/waitlist", limit: writes(BUDGETS.waitlist) },
  { path: "/api/vouchers/check", limit: posts(BUDGETS.voucherCheck) },
  { path: "/api/promo-codes/check", limit: posts(BUDGETS.promoCheck) },
  { path: "/api/payments/v1/checkout/session", limit: posts(BUDGETS.customPayment) },
  {
    path: "/api/payments/v1/checkout/status/:sessionId",
    secrets: ["sessionId"],
    limit: reads(BUDGETS.paymentStatus),
  },
  {
    path: "/api/payments/v1/checkout/cancel/:paymentId",
    secrets: ["paymentId"],
    limit: reads(BUDGETS.checkoutCancel),
  },
  {
    path: "/api/payments/v1/test-checkout/:sessionId/pay",
    secrets: ["sessionId"],
    limit: writes(BUDGETS.testCard),
  },
  // Signed by the provider and never limited: a refused event is delivered again and again.
  { path: "/api/payments/v1/webhook/stripe" },
  // The sign-in has its own, stricter throttle (server/security/login-throttle.server.ts).
  { path: "/api/admin/login" },
  // A member's "forgot my password" mails an address someone typed; its link's page sets the new one.
  { path: "/api/admin/password-reset", limit: posts(BUDGETS.staffResetLink) },
  {
    path: "/api/admin/password-reset/:token",
    secrets: ["token"],
    limit: { budget: BUDGETS.staffInvite, methods: ["GET", ...WRITES] },
  },
  // A staff invitation read and accepted by its token (the invitee has no session yet).
  {
    path: "/api/admin/invites/:token",
    secrets: ["token"],
    limit: { budget: BUDGETS.staffInvite, methods: ["GET", ...WRITES] },
  },

  // The admin API: every address with the permission each method needs (route-policy-admin-api.ts).
  ...ADMIN_API_ROUTES,
  // Anything else under /api/admin/ needs the token and, declaring no permission, is the owner's alone.
  { path: "/api/admin/*", admin: ["*"] },
  { path: "/api/*" },
  { path: "/sitemap.xml", ...SHARED },
  { path: "/robots.txt", ...SHARED },
  { path: "/healthz" },
];
