/**
 * For `npm run mutation -- --targeted`: the API test files that target each group of rule files.
 * Code every request passes (the security middleware, the page cache) is covered by nearly every
 * API test, so a surviving mutant there runs all of them, a minute or more each on two cores,
 * and a folder takes hours. A targeted run gives each group only the unit tests and these files:
 * a lower bound of the full run's score (another API test might still kill a survivor), in
 * minutes. A file of a chosen folder that no group names runs with the unit tests alone.
 */
export const TARGETS: { files: string[]; apiTests: string[] }[] = [
  {
    // The client's address and the public budgets it keys.
    files: ["server/security/client.server.ts", "server/security/public-limits.server.ts"],
    apiTests: ["public-limits", "checkout-limits", "booking-link-limits", "upload-limits"],
  },
  {
    // The counters both the public budgets and the sign-in throttle keep.
    files: ["server/security/rate-limit.server.ts", "server/security/login-throttle.server.ts"],
    apiTests: ["admin-auth", "admin-two-factor", "public-limits"],
  },
  {
    files: ["server/security/headers.server.ts"],
    apiTests: ["headers", "route-policy", "methods", "page-cache"],
  },
  {
    files: ["server/security/request-input.server.ts", "server/security/text.server.ts"],
    apiTests: ["input-safety", "methods", "book-form"],
  },
  {
    files: ["server/security/secret-box.server.ts"],
    apiTests: ["email-secrets", "secrets-migration", "admin-two-factor-storage"],
  },
  {
    files: [
      "server/cache/cacheable.ts",
      "server/cache/content-version.server.ts",
      "server/cache/page-cache.server.ts",
      "server/cache/defer-hydration.server.ts",
      "server/cache/router-scripts.server.ts",
    ],
    apiTests: ["page-cache", "headers", "health-seo", "public"],
  },
  {
    // Payments: the provider behind every checkout, its test mode, the return addresses.
    files: [
      "server/payments/index.server.ts",
      "server/payments/provider.server.ts",
      "server/payments/stripe.server.ts",
      "server/payments/test-checkout.server.ts",
      "server/payments/urls.server.ts",
    ],
    apiTests: [
      "test-checkout-provider",
      "payments",
      "booking",
      "stripe-webhooks",
      "refunds",
      "admin-ops",
      "checkout-address",
    ],
  },
  {
    // Money: opening a checkout, the open-checkout cap, a custom payment.
    files: [
      "server/domain/money/checkout-cap.server.ts",
      "server/domain/money/checkout-ledger.server.ts",
      "server/domain/money/custom-payment.server.ts",
    ],
    apiTests: [
      "booking",
      "payments",
      "stripe-webhooks",
      "checkout-limits",
      "checkout-release",
      "checkout-address",
      "booking-concurrency",
      "late-payment",
    ],
  },
  {
    // Money: refunds, their retries, notes and the provider's refund events.
    files: [
      "server/domain/money/refunds.server.ts",
      "server/domain/money/refund-notes.server.ts",
      "server/domain/money/refund-retry.server.ts",
      "server/domain/money/refund-webhooks.server.ts",
    ],
    apiTests: [
      "refund-ledger",
      "refunds",
      "cancellation-policy",
      "stripe-webhooks",
      "admin-bookings",
      "admin-booking-page",
      "manage-booking",
      "late-payment",
    ],
  },
  {
    files: ["server/domain/money/invoices.server.ts", "server/domain/money/invoice-lines.ts"],
    apiTests: [
      "invoice-records",
      "invoices",
      "booking-change",
      "move-price-lines",
      "revenue",
      "revenue-extras",
      "price-categories",
    ],
  },
  {
    // Vouchers: gift vouchers bought, used at checkout, given on a call-off, managed.
    files: [
      "server/domain/vouchers/vouchers.server.ts",
      "server/domain/vouchers/voucher-use.server.ts",
      "server/domain/vouchers/gift-vouchers.server.ts",
      "server/domain/vouchers/voucher-admin.server.ts",
    ],
    apiTests: ["voucher-ledger", "vouchers", "voucher-race", "weather", "checkout-address"],
  },
  {
    // Availability: the dates offered, the spots a booking holds, and placing it.
    files: [
      "server/domain/bookings/availability.server.ts",
      "server/domain/bookings/holds.server.ts",
      "server/domain/bookings/place-booking.server.ts",
      "server/domain/bookings/create-booking.server.ts",
      "server/domain/bookings/departures.server.ts",
    ],
    apiTests: [
      "booking-placement",
      "booking",
      "booking-concurrency",
      "group-size",
      "departures",
      "waitlist",
      "public",
      // Paying with vouchers and promo codes, and ending holds: place-booking, create-booking, holds.
      "vouchers",
      "promo-codes",
      "sweeper-once",
      "checkout-release",
    ],
  },
  {
    // Medical data: who may read it, its clearance, and how long it is kept.
    files: [
      "server/domain/dive-ops/medical-clearance.server.ts",
      "server/domain/dive-ops/medical-retention.server.ts",
      "server/domain/dive-ops/instructor-medical.server.ts",
      "server/domain/dive-ops/participant-save.server.ts",
    ],
    apiTests: [
      "participant-save",
      "clearance-records",
      "medical-clearance",
      "medical-data",
      "instructor-medical",
      "participants",
      "group-privacy",
      // Their gear hires follow the sizes a save gives.
      "participant-sizes",
    ],
  },
  {
    // Tokens: a customer's booking link, the operator's sessions and their recovery.
    files: [
      "server/domain/bookings/booking-links.server.ts",
      "server/domain/access/sessions.server.ts",
      "server/domain/access/recovery-codes.server.ts",
      "server/domain/access/staff-reset.server.ts",
    ],
    apiTests: [
      "link-rules",
      "staff-reset-rules",
      "manage-booking",
      "booking-link-limits",
      "admin-sessions",
      "admin-auth",
      "admin-two-factor",
      "staff-account",
      // A participant's own link, and a staff member's password reset.
      "participants",
      "readiness-emails",
      "staff",
    ],
  },
  {
    // The console's money: a refund the operator gives by hand and its preview, and a booking's
    // change from the console (date, group, price lines) with what it costs or gives back.
    files: [
      "server/domain/console/operator-refund.server.ts",
      "server/domain/console/refund-preview.server.ts",
      "server/domain/console/booking-change-plan.server.ts",
      "server/domain/console/booking-change.server.ts",
    ],
    apiTests: [
      "admin-booking-page",
      "admin-bookings",
      "booking-change",
      "move-price-lines",
      "refunds",
      "refund-ledger",
    ],
  },
  {
    // A weather call-off: the preview, the cancellation, each customer's choice (a refund, a
    // credit or another date) and the default when they do not choose.
    files: [
      "server/domain/weather/call-off.server.ts",
      "server/domain/weather/choice.server.ts",
      "server/domain/weather/views.server.ts",
    ],
    apiTests: ["weather", "audit-ops", "departure-moves"],
  },
  {
    // The periodic jobs: lapsed holds closed, trip emails sent, each once across processes; the
    // trip job's other parts (medical erasure, unconfirmed sign-ups) and its failures apart.
    files: [
      "server/domain/jobs/hold-sweep.server.ts",
      "server/domain/jobs/periodic.server.ts",
      "server/domain/jobs/trip-jobs.server.ts",
    ],
    apiTests: [
      "periodic-jobs",
      "sweeper-once",
      "checkout-release",
      "trip-emails",
      "trip-jobs",
      "medical-data",
      "newsletter-signup",
      // What the minute sweep runs besides ending holds: refund retries, lapsed waitlist
      // offers, weather defaults.
      "refunds",
      "waitlist",
      "weather",
    ],
  },
  {
    // Messaging: the contact form, newsletter sign-ups and sends, and the emails before a trip.
    files: [
      "server/domain/messaging/contact.server.ts",
      "server/domain/messaging/newsletter.server.ts",
      "server/domain/messaging/newsletter-send.server.ts",
      "server/domain/messaging/newsletter-signup.server.ts",
      "server/domain/messaging/readiness-emails.server.ts",
      "server/domain/messaging/trip-emails.server.ts",
    ],
    apiTests: [
      "contact-types",
      "public",
      "admin-ops",
      "newsletter-form",
      "newsletter-send",
      "newsletter-signup",
      "readiness-emails",
      "observer-readiness",
      // A participant's own readiness request, and what the lead's leaves out.
      "group-privacy",
      "trip-emails",
      "trip-jobs",
    ],
  },
  {
    // Content: adventures, the site's texts and settings, the policy, gallery, FAQs, reviews, media.
    files: [
      "server/domain/content/adventures.server.ts",
      "server/domain/content/content.server.ts",
      "server/domain/content/faqs.server.ts",
      "server/domain/content/gallery.server.ts",
      "server/domain/content/html.server.ts",
      "server/domain/content/policy.server.ts",
      "server/domain/content/settings.server.ts",
      "server/domain/content/testimonials.server.ts",
      "server/domain/content/admin/adventures.server.ts",
      "server/domain/content/admin/content.server.ts",
      "server/domain/content/admin/db-errors.server.ts",
      "server/domain/content/admin/legacy.server.ts",
      "server/domain/content/admin/library.server.ts",
      "server/domain/content/admin/media.server.ts",
    ],
    apiTests: [
      "admin-content-adventures",
      "admin-content-library",
      "admin-content-sections",
      "admin-media",
      "audit-content",
      // The settings page's contact details and notification address.
      "admin-ops",
      "public",
      "health-seo",
      "policy-settings",
      "site-name",
      "reviews",
    ],
  },
  {
    // The audit log: who did what, recorded with each change, and the screen that reads it.
    files: [
      "server/domain/audit/actor.server.ts",
      "server/domain/audit/audit-query.server.ts",
      "server/domain/audit/audit.server.ts",
      "server/domain/audit/audited.server.ts",
      "server/domain/audit/changes.ts",
    ],
    apiTests: ["audit-log", "audit-ops", "audit-content", "audit-screen"],
  },
  {
    // Access: signing in, the owner's password, staff accounts and roles, two-factor sign-in.
    files: [
      "server/domain/access/admin-password.server.ts",
      "server/domain/access/auth.server.ts",
      "server/domain/access/device-name.ts",
      "server/domain/access/staff.server.ts",
      "server/domain/access/staff-two-factor.server.ts",
      "server/domain/access/two-factor.server.ts",
    ],
    apiTests: [
      "admin-auth",
      "admin-sessions",
      "admin-two-factor",
      "admin-two-factor-storage",
      "staff",
      "staff-account",
      "staff-roles",
      "staff-upgrade",
    ],
  },
  {
    // Bookings: cancelling, late payments, settling what is owed, the links and emails that go with them.
    files: [
      "server/domain/bookings/booking-emails.server.ts",
      "server/domain/bookings/booking-status.ts",
      "server/domain/bookings/booking-terms.server.ts",
      "server/domain/bookings/cancel-booking.server.ts",
      "server/domain/bookings/checkout-release.server.ts",
      "server/domain/bookings/late-payment.server.ts",
      "server/domain/bookings/payment-views.server.ts",
      "server/domain/bookings/resend-links.server.ts",
      "server/domain/bookings/settle.server.ts",
    ],
    apiTests: [
      "cancellation-policy",
      "manage-booking",
      "checkout-release",
      "late-payment",
      "payments",
      "stripe-webhooks",
      "booking",
      "refunds",
      "admin-bookings",
      "admin-booking-page",
      "booking-link-limits",
      // A voucher's share back on a cancellation, and a call-off's full refund or credit.
      "vouchers",
      "voucher-ledger",
      "weather",
      // A settled payment's invoice, a date change's payment, a gift voucher's cancel return, and
      // /book filled in again with a cancelled checkout's people and extras.
      "invoice-records",
      "invoices",
      "reschedule",
      "checkout-address",
      "extras-book-form",
    ],
  },
  {
    // A booking's date change: offered, asked for, paid and completed, from the customer or a call-off.
    files: [
      "server/domain/bookings/reschedule-complete.server.ts",
      "server/domain/bookings/reschedule-move.server.ts",
      "server/domain/bookings/reschedule-offer.server.ts",
      "server/domain/bookings/reschedule-request.server.ts",
      "server/domain/bookings/reschedule-return.server.ts",
      "server/domain/bookings/weather-offers.server.ts",
    ],
    apiTests: [
      "reschedule",
      "reschedule-checkout-failure",
      "departure-moves",
      "booking-change",
      "move-price-lines",
      "manage-booking",
      "weather",
    ],
  },
  {
    // The operator's own bookings, extras and gear, price categories and promo codes.
    files: [
      "server/domain/bookings/operator-booking.server.ts",
      "server/domain/bookings/extras.server.ts",
      "server/domain/bookings/price-categories.server.ts",
      "server/domain/bookings/promo-codes.server.ts",
    ],
    apiTests: [
      "operator-bookings",
      "operator-booking-extras",
      "extras-book-form",
      "extras-gear",
      "gear-left",
      "gear-moves",
      "price-categories",
      "promo-codes",
      "promo-book-form",
      // A participant's sizes moving their hires, and the gear screen.
      "participant-sizes",
      "admin-gear",
    ],
  },
  {
    // Departures made from a schedule, the waitlist and its offers, reviews.
    files: [
      "server/domain/bookings/schedule-plan.server.ts",
      "server/domain/bookings/schedules.server.ts",
      "server/domain/bookings/waitlist.server.ts",
      "server/domain/bookings/waitlist-offers.server.ts",
      "server/domain/bookings/reviews.server.ts",
    ],
    apiTests: ["schedules", "waitlist", "reviews", "departures"],
  },
  {
    // The trip day: the manifest, check-in and roll call, crew, waivers and who is not ready.
    files: [
      "server/domain/dive-ops/check-in.server.ts",
      "server/domain/dive-ops/complete-date.server.ts",
      "server/domain/dive-ops/crew.server.ts",
      "server/domain/dive-ops/manifest-csv.server.ts",
      "server/domain/dive-ops/manifest-queries.server.ts",
      "server/domain/dive-ops/manifest.server.ts",
      "server/domain/dive-ops/not-ready.server.ts",
      "server/domain/dive-ops/participant-audit.ts",
      "server/domain/dive-ops/participant-checks.server.ts",
      "server/domain/dive-ops/participant-views.server.ts",
      "server/domain/dive-ops/participants.server.ts",
      "server/domain/dive-ops/roll-call.server.ts",
      "server/domain/dive-ops/trip-day-actions.server.ts",
      "server/domain/dive-ops/waivers.server.ts",
    ],
    apiTests: [
      "manifest",
      "roll-call",
      "trip-day-actions",
      "crew",
      "crew-calendar",
      "participants",
      "participant-sizes",
      "observer-readiness",
      "minimum-age",
      "admin-trips",
      "group-privacy",
    ],
  },
  {
    // The rest of the console: the bookings list and page, edits, the dashboard, the email log,
    // gear, price categories and promo codes as the operator manages them, the trips screen.
    files: [
      "server/domain/console/admin-bookings.server.ts",
      "server/domain/console/booking-actions.server.ts",
      "server/domain/console/booking-edits.server.ts",
      "server/domain/console/booking-page.server.ts",
      "server/domain/console/bookings-csv.server.ts",
      "server/domain/console/dashboard.server.ts",
      "server/domain/console/email-log.server.ts",
      "server/domain/console/gear-admin.server.ts",
      "server/domain/console/payment-link-again.server.ts",
      "server/domain/console/price-categories-admin.server.ts",
      "server/domain/console/promo-codes-admin.server.ts",
      "server/domain/console/trips.server.ts",
    ],
    apiTests: [
      "admin-bookings",
      "admin-booking-page",
      "booking-change",
      "email-log",
      "admin-gear",
      "price-categories",
      "promo-codes",
      "admin-trips",
      "revenue",
      "revenue-extras",
      "admin-ops",
    ],
  },
];

export const apiTestFile = (name: string) => `tests/api/${name}.test.ts`;
