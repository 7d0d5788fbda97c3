import { Hono } from "hono";
import type { Services } from "../services.server.ts";
import { adminAccountApi } from "./admin-account.server.ts";
import { adminAuditApi } from "./admin-audit.server.ts";
import { adminAuthApi, isAdminOnly, requireAdmin } from "./admin-auth.server.ts";
import { adminAvailabilityApi } from "./admin-availability.server.ts";
import { adminBookingPageApi } from "./admin-booking-page.server.ts";
import { adminBookingsApi } from "./admin-bookings.server.ts";
import { adminContentApi } from "./admin-content.server.ts";
import { adminCrewApi } from "./admin-crew.server.ts";
import { adminDashboardApi } from "./admin-dashboard.server.ts";
import { adminEmailLogApi } from "./admin-email-log.server.ts";
import { adminGearApi } from "./admin-gear.server.ts";
import { adminInvoicesApi } from "./admin-invoices.server.ts";
import { adminManifestApi } from "./admin-manifest.server.ts";
import { adminMessagesApi } from "./admin-messages.server.ts";
import { adminNewsletterApi } from "./admin-newsletter.server.ts";
import { adminOperatorBookingsApi } from "./admin-operator-bookings.server.ts";
import { adminParticipantsApi } from "./admin-participants.server.ts";
import { adminPriceCategoriesApi } from "./admin-price-categories.server.ts";
import { adminPromoCodesApi } from "./admin-promo-codes.server.ts";
import { adminRollCallApi } from "./admin-roll-call.server.ts";
import { adminSchedulesApi } from "./admin-schedules.server.ts";
import { adminSessionsApi } from "./admin-sessions.server.ts";
import { adminStaffApi } from "./admin-staff.server.ts";
import { adminTripDayActionsApi } from "./admin-trip-day-actions.server.ts";
import { adminTripEmailsApi } from "./admin-trip-emails.server.ts";
import { adminTripsApi } from "./admin-trips.server.ts";
import { adminTwoFactorApi } from "./admin-two-factor.server.ts";
import { adminVouchersApi } from "./admin-vouchers.server.ts";
import { adminWaitlistApi } from "./admin-waitlist.server.ts";
import { adminWeatherApi } from "./admin-weather.server.ts";

/**
 * Everything under the admin token. One guard and one
 * rule (isAdminOnly) in front of every route registered here, including the
 * content routes mounted from admin-content.server.ts: all of /api/admin/*
 * but the login and a staff invitation's own calls, plus GET /api/bookings
 * and GET /api/contact. The guard also checks the caller's role against the
 * permission the route table declares for the call (requireAdmin).
 */
export function adminApi(services: Services) {
  const api = new Hono();
  const guard = requireAdmin(services);
  api.use("*", async (c, next) => (isAdminOnly(c.req.method, c.req.path) ? guard(c, next) : next()));

  api.route("/", adminAuthApi(services));
  api.route("/", adminTwoFactorApi(services));
  api.route("/", adminSessionsApi(services));
  api.route("/", adminAccountApi(services));
  api.route("/", adminStaffApi(services));
  api.route("/", adminDashboardApi(services));
  api.route("/", adminBookingsApi(services));
  api.route("/", adminOperatorBookingsApi(services));
  api.route("/", adminTripsApi(services));
  api.route("/", adminRollCallApi(services));
  api.route("/", adminTripDayActionsApi(services));
  api.route("/", adminCrewApi(services));
  api.route("/", adminPriceCategoriesApi(services));
  api.route("/", adminEmailLogApi(services));
  api.route("/", adminBookingPageApi(services));
  api.route("/", adminMessagesApi(services));
  api.route("/", adminNewsletterApi(services));
  api.route("/", adminAvailabilityApi(services));
  api.route("/", adminSchedulesApi(services));
  api.route("/", adminTripEmailsApi(services));
  api.route("/", adminWaitlistApi(services));
  api.route("/", adminParticipantsApi(services));
  api.route("/", adminManifestApi(services));
  api.route("/", adminWeatherApi(services));
  api.route("/", adminVouchersApi(services));
  api.route("/", adminPromoCodesApi(services));
  api.route("/", adminGearApi(services));
  api.route("/", adminInvoicesApi(services));
  api.route("/", adminAuditApi(services));
  api.route("/admin", adminContentApi(services));
  return api;
}
