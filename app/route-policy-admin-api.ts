/**
 * The admin API's rows of the route table (app/route-policy.ts): every address
 * under /api/admin/ with the permission each of its methods needs
 * (app/lib/staff-access.ts). Each needs the admin token; a method a row does
 * not name is the owner's alone. Pure data, as the route table is.
 */
import type { Permission } from "./lib/staff-access.ts";
import type { RoutePolicy } from "./route-policy.ts";

/** An admin API address and the permission each of its methods needs. */
const adminApi = (path: string, access: Readonly<Record<string, Permission>>): RoutePolicy => ({
  path,
  admin: ["*"],
  access,
});

export const ADMIN_API_ROUTES: readonly RoutePolicy[] = [
  // Being signed in: one's own sign-out, password, two-factor and sessions.
  adminApi("/api/admin/logout", { POST: "console" }),
  adminApi("/api/admin/me", { GET: "console" }),
  adminApi("/api/admin/security", { GET: "console" }),
  adminApi("/api/admin/two-factor/start", { POST: "console" }),
  adminApi("/api/admin/two-factor/confirm", { POST: "console" }),
  adminApi("/api/admin/two-factor/disable", { POST: "console" }),
  adminApi("/api/admin/sessions", { GET: "console", DELETE: "console" }),
  adminApi("/api/admin/sessions/:id", { DELETE: "console" }),
  adminApi("/api/admin/account/password", { POST: "console" }),
  // The site's own password (the owner's account) and the site's settings.
  adminApi("/api/admin/password", { POST: "settings" }),
  adminApi("/api/admin/settings", { GET: "settings", PUT: "settings" }),
  adminApi("/api/admin/invoice-settings", { GET: "money", PUT: "settings" }),
  // Staff: the owner's screen.
  adminApi("/api/admin/staff", { GET: "staff", POST: "staff" }),
  adminApi("/api/admin/staff/owner", { PUT: "staff" }),
  adminApi("/api/admin/staff/:id", { PATCH: "staff", DELETE: "staff" }),
  adminApi("/api/admin/staff/:id/invite", { POST: "staff" }),
  adminApi("/api/admin/staff/:id/sessions", { GET: "staff", DELETE: "staff" }),
  adminApi("/api/admin/staff/:id/sessions/:session", { DELETE: "staff" }),
  // The audit log: the owner's.
  adminApi("/api/admin/audit", { GET: "audit" }),
  adminApi("/api/admin/audit.csv", { GET: "audit" }),
  // Dashboards.
  adminApi("/api/admin/analytics/dashboard", { GET: "dashboard" }),
  adminApi("/api/admin/dashboard/stats", { GET: "dashboard" }),
  // Bookings: reading them, changing them, and their money.
  adminApi("/api/admin/bookings", { POST: "bookings.write" }),
  adminApi("/api/admin/bookings/export.csv", { GET: "exports" }),
  adminApi("/api/admin/bookings/:id", { GET: "bookings.read" }),
  adminApi("/api/admin/bookings/:id/change", { GET: "bookings.write", POST: "bookings.write" }),
  adminApi("/api/admin/bookings/:id/contact", { PUT: "bookings.write" }),
  adminApi("/api/admin/bookings/:id/emails", { GET: "bookings.read" }),
  adminApi("/api/admin/bookings/:id/invoices", { GET: "money" }),
  adminApi("/api/admin/bookings/:id/link", { POST: "bookings.write" }),
  adminApi("/api/admin/bookings/:id/notes", { POST: "bookings.write" }),
  adminApi("/api/admin/bookings/:id/participants", { GET: "medical" }),
  adminApi("/api/admin/bookings/:id/participants/:position", { PUT: "bookings.write" }),
  adminApi("/api/admin/bookings/:id/payments", { POST: "money" }),
  adminApi("/api/admin/bookings/:id/payments/:paymentId/send-link", { POST: "money" }),
  adminApi("/api/admin/bookings/:id/refund-preview", { GET: "money" }),
  adminApi("/api/admin/bookings/:id/refund/retry", { POST: "money" }),
  adminApi("/api/admin/bookings/:id/refunds", { POST: "money" }),
  adminApi("/api/admin/bookings/:id/resend-confirmation", { POST: "bookings.write" }),
  adminApi("/api/admin/bookings/:id/revoke-links", { POST: "bookings.write" }),
  adminApi("/api/admin/bookings/:id/status", { PUT: "bookings.write" }),
  adminApi("/api/admin/trips", { GET: "trips" }),
  adminApi("/api/admin/departures/:id/crew", { GET: "trips", PUT: "operations" }),
  adminApi("/api/admin/departures/:id/crew/:member", { DELETE: "operations" }),
  adminApi("/api/admin/departures/:id/roll-call", { GET: "trip-day" }),
  adminApi("/api/admin/departures/:id/roll-call/dives", { POST: "trip-day" }),
  adminApi("/api/admin/departures/:id/roll-call/dives/:n/marks", { POST: "trip-day" }),
  adminApi("/api/admin/departures/:id/roll-call/dives/:n/all-aboard", { POST: "trip-day" }),
  adminApi("/api/admin/adventures/:id/crew-needs", { PUT: "operations" }),
  // The trip day.
  adminApi("/api/admin/manifest", { GET: "trip-day" }),
  adminApi("/api/admin/manifest.csv", { GET: "exports" }),
  adminApi("/api/admin/manifest/complete", { POST: "trip-day" }),
  adminApi("/api/admin/manifest/not-ready", { GET: "trip-day" }),
  adminApi("/api/admin/participants/:id/check-in", { POST: "trip-day" }),
  adminApi("/api/admin/trip-day/actions", { POST: "trip-day" }),
  adminApi("/api/admin/participants/:id/certification-checked", { POST: "trip-day" }),
  adminApi("/api/admin/participants/:id/medical-clearance", { GET: "medical", POST: "medical" }),
  adminApi("/api/admin/participants/:id/medical-clearance/file", { GET: "medical" }),
  adminApi("/api/admin/participants/:id/medical-clearance/undo", { POST: "medical" }),
  // Money.
  adminApi("/api/admin/vouchers", { GET: "money", POST: "money" }),
  adminApi("/api/admin/vouchers/:id", { GET: "money" }),
  adminApi("/api/admin/vouchers/:id/new-code", { POST: "money" }),
  adminApi("/api/admin/vouchers/:id/void", { POST: "money" }),
  // Promo codes: read with the money (uses, revenue), written as prices are (operations).
  adminApi("/api/admin/promo-codes", { GET: "money", POST: "operations" }),
  adminApi("/api/admin/promo-codes/:id", { GET: "money", PUT: "operations" }),
  adminApi("/api/admin/promo-codes/:id/deactivate", { POST: "operations" }),
  // Gear stock and adventure extras: written as prices are (operations).
  adminApi("/api/admin/gear", { GET: "operations", POST: "operations" }),
  adminApi("/api/admin/gear/:id", { PUT: "operations" }),
  adminApi("/api/admin/adventures/:id/extras", { POST: "operations" }),
  // An adventure's price categories: prices, as extras and date prices are (operations).
  adminApi("/api/admin/adventures/:id/price-categories", { GET: "operations", PUT: "operations" }),
  adminApi("/api/admin/extras/:id/deactivate", { POST: "operations" }),
  // The console booking form's categories and extras of an adventure: read by whoever takes bookings.
  adminApi("/api/admin/adventures/:id/booking-options", { GET: "bookings.write" }),
  adminApi("/api/admin/invoices", { GET: "money" }),
  adminApi("/api/admin/invoices/:id", { GET: "money" }),
  adminApi("/api/admin/invoices/:id/send", { POST: "money" }),
  // Operations: dates, schedules, weather and the waitlist.
  adminApi("/api/admin/availability", { POST: "operations" }),
  adminApi("/api/admin/availability/:id", { GET: "operations", PUT: "operations", DELETE: "operations" }),
  adminApi("/api/admin/schedules", { GET: "operations", POST: "operations" }),
  adminApi("/api/admin/schedules/preview", { POST: "operations" }),
  adminApi("/api/admin/schedules/:id", { GET: "operations", PUT: "operations", DELETE: "operations" }),
  adminApi("/api/admin/schedules/:id/delete-preview", { GET: "operations" }),
  adminApi("/api/admin/schedules/:id/preview", { POST: "operations" }),
  adminApi("/api/admin/weather", { GET: "operations", POST: "operations" }),
  adminApi("/api/admin/weather/counts", { GET: "operations" }),
  adminApi("/api/admin/weather/preview", { POST: "operations" }),
  adminApi("/api/admin/weather/offers/:id/choice", { POST: "operations" }),
  adminApi("/api/admin/waitlist", { GET: "operations" }),
  adminApi("/api/admin/waitlist/:id", { DELETE: "operations" }),
  // Messages.
  adminApi("/api/admin/contact/:id/respond", { POST: "messages" }),
  adminApi("/api/admin/newsletter/send", { POST: "messages" }),
  adminApi("/api/admin/newsletter/test", { POST: "messages" }),
  adminApi("/api/admin/newsletter/subscribers", { GET: "messages" }),
  adminApi("/api/admin/newsletter/subscribers/:id", { PUT: "messages" }),
  adminApi("/api/admin/email-log", { GET: "messages" }),
  adminApi("/api/admin/email-log/:id", { GET: "messages" }),
  adminApi("/api/admin/email-log/:id/retry", { POST: "messages" }),
  adminApi("/api/admin/email-log/:id/send-again", { POST: "messages" }),
  // Content; deleting it is the owner's.
  adminApi("/api/admin/adventures-pro", { GET: "content", POST: "content" }),
  adminApi("/api/admin/adventures-pro/:id", { PUT: "content", DELETE: "content.delete" }),
  adminApi("/api/admin/adventures/db", { GET: "content", POST: "content" }),
  adminApi("/api/admin/adventures/db/:id", { PUT: "content", DELETE: "content.delete" }),
  adminApi("/api/admin/content", { GET: "content", POST: "content" }),
  adminApi("/api/admin/content/:id", { GET: "content", PUT: "content", DELETE: "content.delete" }),
  adminApi("/api/admin/email-templates", { GET: "content", PUT: "content" }),
  adminApi("/api/admin/email-templates/preview", { POST: "content" }),
  adminApi("/api/admin/faqs", { GET: "content", POST: "content" }),
  adminApi("/api/admin/faqs/:id", { PUT: "content", DELETE: "content.delete" }),
  adminApi("/api/admin/gallery", { GET: "content", POST: "content" }),
  adminApi("/api/admin/gallery/:id", { DELETE: "content.delete" }),
  adminApi("/api/admin/media", { GET: "content", POST: "content" }),
  adminApi("/api/admin/media/config", { GET: "content" }),
  adminApi("/api/admin/media/upload", { POST: "content" }),
  adminApi("/api/admin/media/:id", { DELETE: "content.delete" }),
  adminApi("/api/admin/testimonials", { GET: "content", POST: "content" }),
  adminApi("/api/admin/testimonials/:id", { DELETE: "content.delete" }),
  adminApi("/api/admin/testimonials/:id/status", { POST: "content" }),
  adminApi("/api/admin/waiver", { GET: "content", POST: "content" }),
];
