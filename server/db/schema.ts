/**
 * The whole data model, for the public site and the admin area.
 * Money is integer cents; trip dates are calendar dates (YYYY-MM-DD strings);
 * instants are timestamptz. See docs/decisions/ for the reasoning.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { BOOKING_NOTE_MAX } from "../../app/lib/admin-forms/booking-page.ts";
import type { ChangeSettlement } from "../../app/lib/booking-change.ts";
import type { CrewNeeds, CrewRole } from "../../app/lib/crew.ts";
import { CURRENCIES, DEFAULT_CURRENCY } from "../../app/lib/currency.ts";
import { DEFAULT_GROUP_SIZE, MAX_GROUP_SIZE } from "../../app/lib/group-size.ts";
import type { EffectivePolicy, PolicyOverride } from "../../app/lib/policy.ts";
import type { PriceLine } from "../../app/lib/price-lines.ts";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());
/**
 * The business maximum group size (app/lib/group-size.ts) as a literal of the
 * check constraints: the database refuses what the booking form never offers.
 */
const groupMax = sql.raw(String(MAX_GROUP_SIZE));
/** The currencies the site charges in, as a literal list for a check constraint. */
const currencyList = sql.raw(CURRENCIES.map((c) => `'${c}'`).join(", "));
const stringList = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);

/** One catalogue for every screen: the professional adventure model; the simple and public shapes are read from it. */
export const adventures = pgTable(
  "adventures",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    tagline: text("tagline").notNull().default(""),
    shortDescription: text("short_description").notNull().default(""),
    fullDescription: text("full_description").notNull().default(""),
    heroImage: text("hero_image").notNull().default(""),
    heroImageAlt: text("hero_image_alt").notNull().default(""),
    galleryImages: stringList("gallery_images"),
    basePriceCents: integer("base_price_cents").notNull().default(0),
    currency: text("currency").notNull().default(DEFAULT_CURRENCY),
    priceDisplay: text("price_display").notNull().default(""),
    duration: text("duration").notNull().default(""),
    groupSizeMin: integer("group_size_min").notNull().default(DEFAULT_GROUP_SIZE.min),
    groupSizeMax: integer("group_size_max").notNull().default(DEFAULT_GROUP_SIZE.max),
    skillLevel: text("skill_level").notNull().default("beginner"),
    category: text("category").notNull().default("scuba-diving"),
    tags: stringList("tags"),
    location: text("location").notNull().default(""),
    meetingPoint: text("meeting_point").notNull().default(""),
    whatToBring: stringList("what_to_bring"),
    includedItems: stringList("included_items"),
    excludedItems: stringList("excluded_items"),
    highlights: stringList("highlights"),
    itinerary: stringList("itinerary"),
    bestFor: stringList("best_for"),
    isActive: boolean("is_active").notNull().default(true),
    isFeatured: boolean("is_featured").notNull().default(false),
    requiresCertification: boolean("requires_certification").notNull().default(false),
    bookingEnabled: boolean("booking_enabled").notNull().default(true),
    minAge: integer("min_age").notNull().default(12),
    maxAge: integer("max_age"),
    fitnessRequirements: text("fitness_requirements").notNull().default(""),
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    metaKeywords: text("meta_keywords").notNull().default(""),
    socialImage: text("social_image").notNull().default(""),
    advanceBookingDays: integer("advance_booking_days").notNull().default(1),
    /** Bookings close this many hours before the departure's start; null: only the days apply (app/lib/booking-window.ts). */
    bookingCutoffHours: integer("booking_cutoff_hours"),
    /** The adventure's own cancellation and date-change rules over the site's (app/lib/policy.ts); null: the site's. */
    policyOverride: jsonb("policy_override").$type<PolicyOverride>(),
    /** Guests per crew member of each role the adventure needs (app/lib/crew.ts); {} needs none. */
    crewNeeded: jsonb("crew_needed").$type<CrewNeeds>().notNull().default({}),
    termsConditions: text("terms_conditions").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("adventures_slug_key").on(t.slug),
    index("adventures_sort_idx").on(t.sortOrder, t.title),
    check("adventures_price_nonneg", sql`${t.basePriceCents} >= 0`),
    check(
      "adventures_booking_cutoff",
      sql`${t.bookingCutoffHours} is null or ${t.bookingCutoffHours} between 0 and 8760`,
    ),
    // Stored as every table stores money's currency: the lower-case code (app/lib/currency.ts).
    check("adventures_currency", sql`${t.currency} in (${currencyList})`),
    check(
      "adventures_group_size",
      sql`${t.groupSizeMin} >= 1 and ${t.groupSizeMax} >= ${t.groupSizeMin} and ${t.groupSizeMax} <= ${groupMax}`,
    ),
  ],
);

/**
 * A recurring schedule (app/lib/schedules.ts): the pattern the operator
 * planned, kept so it can be edited or deleted later. It owns nothing by
 * itself: the dates it made are availability rows that point back to it
 * (availability.schedule_id), and a date with bookings is never changed or
 * removed through it. Departure start times, when they come, belong here as a
 * list of times (one row per date and time), with availability's unique key
 * widened to (adventure, date, start time).
 */
export const schedules = pgTable(
  "schedules",
  {
    id: id(),
    adventureId: text("adventure_id")
      .notNull()
      .references(() => adventures.id, { onDelete: "cascade" }),
    /** 0 = Sunday ... 6 = Saturday. */
    weekdays: jsonb("weekdays").$type<number[]>().notNull(),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    toDate: date("to_date", { mode: "string" }).notNull(),
    availableSpots: integer("available_spots").notNull(),
    priceOverrideCents: integer("price_override_cents"),
    notes: text("notes").notNull().default(""),
    weatherDependent: boolean("weather_dependent").notNull().default(true),
    exceptions: stringList("exceptions"),
    /** Departure times ("HH:MM", Sydney), each a row per date; empty: one departure with no time of its own. */
    startTimes: stringList("start_times"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("schedules_adventure_idx").on(t.adventureId),
    check("schedules_range", sql`${t.toDate} >= ${t.fromDate}`),
    check("schedules_spots_range", sql`${t.availableSpots} between 1 and 20`),
  ],
);

/**
 * Published dates per adventure. booked_spots counts spots held by pending
 * bookings and taken by confirmed ones; the check constraint is the last line
 * of defence against overbooking (the booking code uses a conditional update).
 */
export const availability = pgTable(
  "availability",
  {
    id: id(),
    adventureId: text("adventure_id")
      .notNull()
      .references(() => adventures.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    /**
     * The departure's start, "HH:MM" Sydney time, or "" for a date's one departure that
     * keeps the adventure's own time (its itinerary's first). Several rows on one date
     * are several departures: a morning and an afternoon dive.
     */
    startTime: text("start_time").notNull().default(""),
    availableSpots: integer("available_spots").notNull(),
    bookedSpots: integer("booked_spots").notNull().default(0),
    priceOverrideCents: integer("price_override_cents"),
    notes: text("notes").notNull().default(""),
    isAvailable: boolean("is_available").notNull().default(true),
    weatherDependent: boolean("weather_dependent").notNull().default(true),
    /** The schedule that made the date, if one did; the date outlives it. */
    scheduleId: text("schedule_id").references(() => schedules.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("availability_departure_key").on(t.adventureId, t.date, t.startTime),
    index("availability_date_idx").on(t.date),
    index("availability_schedule_idx").on(t.scheduleId),
    check("availability_spots_range", sql`${t.availableSpots} between 0 and 20`),
    check("availability_start_time", sql`${t.startTime} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9])?$'`),
    check(
      "availability_booked_range",
      sql`${t.bookedSpots} >= 0 and ${t.bookedSpots} <= ${t.availableSpots}`,
    ),
  ],
);

export const BOOKING_STATUSES = ["pending_payment", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_SOURCES = ["website", "operator"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
export const BOOKING_PAYMENT_METHODS = ["card", "cash", "bank_transfer", "on_the_day"] as const;
export type BookingPaymentMethod = (typeof BOOKING_PAYMENT_METHODS)[number];

export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    /** Short human reference printed in emails, e.g. TW-7K3Q9P. */
    reference: text("reference").notNull(),
    // restrict: an adventure with bookings is deactivated, never deleted with its bookings.
    adventureId: text("adventure_id")
      .notNull()
      .references(() => adventures.id, { onDelete: "restrict" }),
    adventureTitle: text("adventure_title").notNull(),
    availabilityId: text("availability_id").references(() => availability.id, { onDelete: "set null" }),
    customerFirstName: text("customer_first_name").notNull(),
    customerLastName: text("customer_last_name").notNull().default(""),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull().default(""),
    groupSize: integer("group_size").notNull(),
    selectedDate: date("selected_date", { mode: "string" }).notNull(),
    /** The departure's start time ("HH:MM") when its date has one of its own, else "". */
    startTime: text("start_time").notNull().default(""),
    specialRequirements: text("special_requirements").notNull().default(""),
    unitPriceCents: integer("unit_price_cents").notNull(),
    totalAmountCents: integer("total_amount_cents").notNull(),
    currency: text("currency").notNull().default(DEFAULT_CURRENCY),
    bookingStatus: text("booking_status").$type<BookingStatus>().notNull().default("pending_payment"),
    /** True while the spots are counted in availability.booked_spots. */
    holdsSpots: boolean("holds_spots").notNull().default(false),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    checkoutSessionId: text("checkout_session_id"),
    refundAmountCents: integer("refund_amount_cents").notNull().default(0),
    /**
     * Who or what cancelled it: expired, checkout_cancelled, payment_failed,
     * operator, customer. A payment arriving later revives only a booking whose
     * hold merely ran out, never one a person cancelled.
     */
    cancelReason: text("cancel_reason"),
    /**
     * Something the operator must look at, shown in the bookings list: e.g. a
     * payment that arrived after the hold was released, on a date that had
     * filled meanwhile, and was refunded in full automatically.
     */
    attention: text("attention"),
    /** Who opened the checkout (hashed client address), for the open-checkout cap. */
    clientKey: text("client_key"),
    /** Part of the total paid from a voucher (its ledger row says which); the rest is paid by card. */
    voucherCents: integer("voucher_cents").notNull().default(0),
    /**
     * The promo code the booking used (its normalised text as typed, and the code's row) and the
     * discount it gave: total_amount_cents is already the total after it (what is paid), so the
     * subtotal is the total plus this discount. Every money rule reads the total; only the lines
     * people read show the discount (app/lib/promo.ts, ADR 33).
     */
    promoCodeId: text("promo_code_id").references(() => promoCodes.id, { onDelete: "restrict" }),
    promoCode: text("promo_code"),
    promoDiscountCents: integer("promo_discount_cents").notNull().default(0),
    /**
     * The booking's price categories and extras as booked (app/lib/price-lines.ts): empty for a
     * booking at one price per person, which every page shows as the spec has it.
     */
    priceLines: jsonb("price_lines").$type<PriceLine[]>().notNull().default([]),
    /** Who made it: the public form (website) or the operator in the console (a phone call, a walk-in). */
    source: text("source").$type<BookingSource>().notNull().default("website"),
    /**
     * How the part no voucher paid is paid: card (the checkout, also through a payment link
     * the operator sent), cash or bank_transfer (recorded by the operator as a manual payment),
     * or on_the_day (confirmed now, paid when the group arrives).
     */
    paymentMethod: text("payment_method").$type<BookingPaymentMethod>().notNull().default("card"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * The cancellation and change rules in force when the booking was confirmed (what its
     * confirmation told the customer); a later edit of the policy applies to later bookings.
     * Null for bookings confirmed before terms were kept: they follow the current policy.
     */
    policyTerms: jsonb("policy_terms").$type<EffectivePolicy>(),
    /**
     * When the success page minted its one private link. The checkout session
     * id in that page's address is no credential: it lives on in browser
     * history and the payment provider's records, so it yields a link once.
     */
    successLinkAt: timestamp("success_link_at", { withTimezone: true }),
    /** When the operator last switched off every link of the booking: the success page mints none after it. */
    linksRevokedAt: timestamp("links_revoked_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bookings_reference_key").on(t.reference),
    index("bookings_created_idx").on(t.createdAt),
    index("bookings_status_created_idx").on(t.bookingStatus, t.createdAt),
    index("bookings_adventure_idx").on(t.adventureId),
    index("bookings_session_idx").on(t.checkoutSessionId),
    index("bookings_hold_idx").on(t.holdExpiresAt),
    index("bookings_pending_email_idx").on(t.customerEmail, t.bookingStatus),
    index("bookings_pending_client_idx").on(t.clientKey, t.bookingStatus),
    // One date's bookings: the trip-day manifest, the upcoming lists, weather cancellations.
    index("bookings_date_status_idx").on(t.selectedDate, t.bookingStatus),
    check("bookings_group_size", sql`${t.groupSize} between 1 and ${groupMax}`),
    check("bookings_total_nonneg", sql`${t.totalAmountCents} >= 0`),
    check("bookings_promo_discount_nonneg", sql`${t.promoDiscountCents} >= 0`),
    // Counting a code's uses (its cap and the per-email cap) reads the bookings that used it.
    index("bookings_promo_code_idx").on(t.promoCodeId),
    check("bookings_source", sql`${t.source} in ('website', 'operator')`),
    check(
      "bookings_payment_method",
      sql`${t.paymentMethod} in ('card', 'cash', 'bank_transfer', 'on_the_day')`,
    ),
  ],
);

export type BookingLinkChannel =
  | "email"
  | "success_page"
  | "resend"
  | "reminder"
  | "thank_you"
  | "readiness"
  | "weather"
  | "participant"
  | "operator";

/**
 * Private links to one booking (the customer's "manage my booking" page, no
 * login): only the SHA-256 hash of the random token is stored, so the table
 * cannot hand out a working link. At most one live link per booking and
 * channel (per participant for their own links); the operator can revoke
 * them all. A link stops working 60 days after the trip's last day
 * (computed from the booking, booking-links.server.ts).
 */
export const bookingLinks = pgTable(
  "booking_links",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** email, success_page, resend; reminder and thank_you for the trip emails; readiness (details still missing) and weather (a cancelled departure); participant (one person's own details); operator (minted on the console's booking page for the operator to pass on). */
    channel: text("channel").$type<BookingLinkChannel>().notNull(),
    /**
     * Set on a participant's own link: it opens that person's details and
     * nothing else of the booking (not the booking's page, nor anyone else's).
     */
    participantId: text("participant_id").references(() => participants.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("booking_links_token_key").on(t.tokenHash),
    index("booking_links_booking_idx").on(t.bookingId, t.channel),
    index("booking_links_participant_idx").on(t.participantId),
  ],
);

export type PaymentKind = "booking" | "custom" | "reschedule" | "voucher";

/** The ledger: one row per checkout session opened with a payment provider. */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    /** stripe or test: a checkout; manual: money the operator took in cash or by bank transfer. */
    provider: text("provider").$type<"stripe" | "test" | "manual">().notNull(),
    sessionId: text("session_id").notNull(),
    /**
     * booking: a new booking; custom: an agreed amount; reschedule: the price
     * difference of a date change; voucher: a gift voucher bought on the site.
     */
    kind: text("kind").$type<PaymentKind>().notNull(),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    unitAmountCents: integer("unit_amount_cents").notNull(),
    quantity: integer("quantity").notNull().default(1),
    amountTotalCents: integer("amount_total_cents").notNull(),
    currency: text("currency").notNull().default(DEFAULT_CURRENCY),
    /** creating (checkout being opened) | open | complete | expired | cancelled */
    status: text("status").notNull().default("open"),
    /** unpaid | paid | refunded | partially_refunded */
    paymentStatus: text("payment_status").notNull().default("unpaid"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    customerEmail: text("customer_email"),
    checkoutUrl: text("checkout_url").notNull().default(""),
    successUrl: text("success_url").notNull().default(""),
    cancelUrl: text("cancel_url").notNull().default(""),
    providerPaymentId: text("provider_payment_id"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    /** Who opened the checkout (hashed client address), for the open-checkout cap. */
    clientKey: text("client_key"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_open_email_idx").on(t.customerEmail, t.status),
    index("payments_open_client_idx").on(t.clientKey, t.status),
    uniqueIndex("payments_session_key").on(t.provider, t.sessionId),
    index("payments_booking_idx").on(t.bookingId),
    index("payments_status_idx").on(t.paymentStatus, t.paidAt),
  ],
);

/** Webhook deliveries already processed (providers retry and repeat). */
/**
 * Every refund, claimed here before the provider is asked (so a repeated or
 * parallel request finds the claim and never refunds twice), then completed
 * with the provider's refund id; the provider's refund webhook reconciles it.
 */
const REFUND_STATUSES = ["pending", "succeeded", "failed", "canceled"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** Why the money goes back: cancellation (operator or policy), late_payment (date full), operator (an amount the operator chose). */
    reason: text("reason").notNull(),
    /** The operator's own words for a refund they chose (reason operator); null for the automatic ones. */
    note: text("note"),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    /** Sent with the provider call: the same refund is never made twice, even when retried. */
    idempotencyKey: text("idempotency_key").notNull(),
    providerRefundId: text("provider_refund_id"),
    failureReason: text("failure_reason"),
    /** Provider calls made so far; a refund the provider never acknowledged is retried with back-off. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("refunds_idempotency_key").on(t.idempotencyKey),
    index("refunds_due_idx").on(t.status, t.nextAttemptAt),
    index("refunds_booking_idx").on(t.bookingId),
    uniqueIndex("refunds_provider_refund_key").on(t.providerRefundId),
    index("refunds_payment_idx").on(t.paymentId),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Fixed-window counters shared by every app process through the database:
 * public rate limits, login attempts and the global login-failure budget.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull().default(0),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

/**
 * Leases shared by every app process through the database
 * (server/domain/jobs/periodic.server.ts): a periodic job's run for one
 * period, and the hold sweep's claim on one checkout. Free once expires_at
 * has passed; the hold sweep deletes ended ones.
 */
export const leases = pgTable(
  "leases",
  {
    name: text("name").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("leases_expires_idx").on(t.expiresAt)],
);

export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    adventureType: text("adventure_type").notNull(),
    message: text("message").notNull(),
    response: text("response"),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_created_idx").on(t.createdAt)],
);

/** The statuses the operator sets (and the campaigns' audience is "active"). */
export const SUBSCRIBER_STATUSES = ["active", "unsubscribed", "inactive"] as const;
/**
 * A row's statuses: those, and "pending" for an address signed up but not yet
 * confirmed from its email (double opt-in). Only a confirmation link makes a
 * pending address active; nobody sets "pending" by hand.
 */
export const SUBSCRIBER_ROW_STATUSES = [...SUBSCRIBER_STATUSES, "pending"] as const;

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    /** Stored lower-cased: addresses are compared case-insensitively. */
    email: text("email").notNull(),
    status: text("status").$type<(typeof SUBSCRIBER_ROW_STATUSES)[number]>().notNull().default("active"),
    source: text("source").notNull().default("footer"),
    /** When the subscription started: confirmed (or reactivated); for a pending row, its latest sign-up. */
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("newsletter_email_key").on(t.email)],
);

/**
 * The one-click unsubscribe links: one random token per newsletter email,
 * only its SHA-256 hash stored (like a booking link), kept so that every
 * email's link keeps working.
 */
export const newsletterUnsubscribeLinks = pgTable(
  "newsletter_unsubscribe_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    subscriberId: text("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("newsletter_unsubscribe_links_subscriber_idx").on(t.subscriberId)],
);

/**
 * The links of the sign-up confirmation emails: one random token per email,
 * only its SHA-256 hash stored. A link works once (confirming removes all of
 * that address's links) and until it expires; the newest link's time spaces
 * out the emails a repeated sign-up sends.
 */
export const newsletterConfirmLinks = pgTable(
  "newsletter_confirm_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    subscriberId: text("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("newsletter_confirm_links_subscriber_idx").on(t.subscriberId, t.createdAt)],
);

/**
 * "Release my unfinished checkouts" links: the token's SHA-256 only, one live
 * link per (lower-case) email address, valid for an hour, deleted once it has
 * nothing left to release.
 */
export const checkoutReleaseLinks = pgTable(
  "checkout_release_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("checkout_release_links_email_idx").on(t.email, t.createdAt)],
);

export const galleryImages = pgTable(
  "gallery_images",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    alt: text("alt").notNull().default(""),
    imageUrl: text("image_url").notNull(),
    category: text("category").notNull(),
    tags: stringList("tags"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("gallery_order_idx").on(t.sortOrder, t.createdAt)],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: id(),
    customerName: text("customer_name").notNull(),
    content: text("content").notNull(),
    rating: integer("rating").notNull().default(5),
    adventureType: text("adventure_type").notNull(),
    location: text("location").notNull(),
    isFeatured: boolean("is_featured").notNull().default(false),
    image: text("image").notNull().default(""),
    /**
     * pending (a customer's review waiting for the operator), approved (shown
     * on the site), hidden. Only approved reviews are shown or counted.
     */
    status: text("status").$type<TestimonialStatus>().notNull().default("approved"),
    /** The booking a customer's review came from: one review per booking. */
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    adventureId: text("adventure_id").references(() => adventures.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("testimonials_rating", sql`${t.rating} between 1 and 5`),
    check("testimonials_status", sql`${t.status} in ('pending', 'approved', 'hidden')`),
    uniqueIndex("testimonials_booking_key").on(t.bookingId),
    index("testimonials_status_idx").on(t.status, t.createdAt),
  ],
);

export const TESTIMONIAL_STATUSES = ["pending", "approved", "hidden"] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

export const faqs = pgTable(
  "faqs",
  {
    id: id(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    category: text("category").notNull(),
    order: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("faqs_order", sql`${t.order} >= 0`)],
);

/** Website text and images, per page and section (website editor, content manager). */
export const contentSections = pgTable(
  "content_sections",
  {
    id: id(),
    page: text("page").notNull(),
    section: text("section").notNull(),
    type: text("type").notNull().default("text"),
    title: text("title").notNull().default(""),
    content: text("content").notNull().default(""),
    description: text("description").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("content_page_section_key").on(t.page, t.section)],
);

export const mediaItems = pgTable(
  "media_items",
  {
    id: id(),
    url: text("url").notNull(),
    filename: text("filename").notNull(),
    originalName: text("original_name").notNull().default(""),
    fileType: text("file_type").$type<"image" | "video" | "document">().notNull(),
    mimeType: text("mime_type").notNull().default(""),
    fileSize: integer("file_size").notNull().default(0),
    altText: text("alt_text").notNull().default(""),
    caption: text("caption").notNull().default(""),
    tags: stringList("tags"),
    folder: text("folder").notNull().default("uploads"),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [index("media_created_idx").on(t.createdAt)],
);

/** Admin bearer tokens, stored as SHA-256 hashes only. */
/**
 * The people the owner invited to the console, each with their own email,
 * password (argon2id) and role. The owner is not a row: the site's own
 * password (settings) is the owner's account, so an upgrade needs nothing
 * done. A member is `invited` until they set a password from their
 * invitation, then `active`; a `suspended` one cannot sign in. Removing a
 * member deletes the row and, by cascade, their sessions and invitations.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: id(),
    /** Lower-case, as typed at sign-in after the same normalisation. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    role: text("role").notNull(),
    status: text("status").notNull().default("invited"),
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("staff_members_email_idx").on(t.email),
    check("staff_members_role_check", sql`${t.role} in ('manager', 'crew', 'bookkeeper')`),
    check("staff_members_status_check", sql`${t.status} in ('invited', 'active', 'suspended')`),
    check("staff_members_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * One-use invitation links (and password-reset links, `purpose`): the
 * token's SHA-256 only, valid 72 hours (an hour for a reset), `used_at` set
 * by the one conditional update that accepts it.
 */
export const staffLinks = pgTable(
  "staff_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull().default("invite"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("staff_links_staff_idx").on(t.staffId),
    check("staff_links_purpose_check", sql`${t.purpose} in ('invite', 'reset')`),
  ],
);

export const adminSessions = pgTable(
  "admin_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** The staff member signed in; null is the owner (the site's own password). */
    staffId: text("staff_id").references(() => staffMembers.id, { onDelete: "cascade" }),
    /** How the sessions list names this session (never the token or its hash). */
    id: text("id").notNull().default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The browser's User-Agent at sign-in (bounded), shown as words in the sessions list. */
    userAgent: text("user_agent").notNull().default(""),
    /** The client's address at sign-in, then at its latest use (the operator's own sessions list). */
    address: text("address").notNull().default(""),
  },
  (t) => [index("admin_sessions_expiry_idx").on(t.expiresAt), uniqueIndex("admin_sessions_id_idx").on(t.id)],
);

/** Site-wide settings (admin password hash, notification email, payment mode...). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/** A file sent with an email: text as it is, or bytes (a PDF) written in base64. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: "base64";
}

/** Durable outbox: an email is stored before anything depends on it, then sent with retries. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    /** Makes "send exactly one confirmation" a unique-key insert. */
    dedupeKey: text("dedupe_key"),
    kind: text("kind").notNull(),
    /** Extra message headers, e.g. List-Unsubscribe on newsletter emails (never on transactional ones). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull().default(""),
    attachments: jsonb("attachments").$type<EmailAttachment[]>().notNull().default([]),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Set by the attempt that claimed the row; only that attempt may mark it sent or failed. */
    claimToken: text("claim_token"),
    /**
     * The email carries private links or voucher codes: subject, bodies and headers here have them
     * replaced by a marker, and the text to send waits in email_outbox_sealed until it leaves pending.
     */
    sealed: boolean("sealed").notNull().default(false),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The booking the email is about (its page's email log); null for newsletters, messages, vouchers. */
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_key").on(t.dedupeKey),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_booking_idx").on(t.bookingId),
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);

/**
 * What a sealed email really says (with its live links and codes), only while
 * it waits to be sent: a database trigger deletes the row as soon as its email
 * leaves pending (sent or given up), and backups leave this table out.
 */
export const emailOutboxSealed = pgTable("email_outbox_sealed", {
  emailId: text("email_id")
    .primaryKey()
    .references(() => emailOutbox.id, { onDelete: "cascade" }),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull().default(""),
  headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
});

/**
 * The built-in test checkout's own sessions (used when payments run in test mode).
 * It plays the provider's part, so its state lives apart from the payments
 * ledger, which is only changed by fulfilment, exactly as with Stripe.
 */
export const testCheckoutSessions = pgTable(
  "test_checkout_sessions",
  {
    id: text("id").primaryKey(),
    kind: text("kind").$type<PaymentKind>().notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    unitAmountCents: integer("unit_amount_cents").notNull(),
    quantity: integer("quantity").notNull().default(1),
    amountTotalCents: integer("amount_total_cents").notNull(),
    currency: text("currency").notNull(),
    customerEmail: text("customer_email"),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    /** open | complete | expired */
    status: text("status").$type<"open" | "complete" | "expired">().notNull().default("open"),
    paymentStatus: text("payment_status").$type<"paid" | "unpaid">().notNull().default("unpaid"),
    paymentId: text("payment_id"),
    cardLast4: text("card_last4"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Refunds made, by the caller's idempotency key: the same key never refunds twice. */
    refunds: jsonb("refunds").$type<Record<string, { id: string; amount: number }>>().notNull().default({}),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check("test_checkout_amount", sql`${t.amountTotalCents} > 0`)],
);

/**
 * The texts of the emails the site sends on its own around a trip (reminder,
 * thank_you): the operator edits them and can switch each off. A kind with no
 * row uses the built-in text and is on.
 */
export const emailTemplates = pgTable("email_templates", {
  kind: text("kind").primaryKey(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * A date change of a booking (the customer's reschedule). The new date's
 * spots are held (counted in its booked_spots) before anything else happens:
 * holding, then done (the booking moved, the old spots released) or released
 * (the price difference was never paid; the new spots given back).
 */
export const bookingChanges = pgTable(
  "booking_changes",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    fromAvailabilityId: text("from_availability_id").references(() => availability.id, {
      onDelete: "set null",
    }),
    toAvailabilityId: text("to_availability_id").references(() => availability.id, {
      onDelete: "set null",
    }),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    toDate: date("to_date", { mode: "string" }).notNull(),
    /** The departures' start times ("HH:MM", or "" for a date's one departure without its own): a move may change only the time. */
    fromStartTime: text("from_start_time").notNull().default(""),
    toStartTime: text("to_start_time").notNull().default(""),
    groupSize: integer("group_size").notNull(),
    /** New total minus old total: positive is paid through a checkout, negative refunded. */
    priceDifferenceCents: integer("price_difference_cents").notNull().default(0),
    status: text("status").$type<"holding" | "done" | "released">().notNull().default("holding"),
    /** The checkout for a positive difference. */
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** When the checkout's return page minted its one booking link (the session id is no credential). */
    returnLinkAt: timestamp("return_link_at", { withTimezone: true }),
    /**
     * Spots the change holds on its new date; null is the whole group. A group
     * that grows on its own date holds only the extra people; one that shrinks holds none.
     */
    heldSpots: integer("held_spots"),
    /** Who asked for it: the customer from their link, or the operator from the console. */
    source: text("source").$type<"customer" | "operator">().notNull().default("customer"),
    /** How the operator settled the price difference (see app/lib/booking-change.ts); null for a customer's. */
    settlement: text("settlement").$type<ChangeSettlement>(),
    /** The operator's form key: the same submission sent twice changes the booking once. */
    requestKey: text("request_key"),
  },
  (t) => [
    index("booking_changes_booking_idx").on(t.bookingId),
    index("booking_changes_hold_idx").on(t.status, t.holdExpiresAt),
    check("booking_changes_status", sql`${t.status} in ('holding', 'done', 'released')`),
    check("booking_changes_source", sql`${t.source} in ('customer', 'operator')`),
    check("booking_changes_held_spots", sql`${t.heldSpots} is null or ${t.heldSpots} >= 0`),
    uniqueIndex("booking_changes_request_key").on(t.requestKey),
  ],
);

/**
 * "Tell me if a spot opens" on a full date. waiting, then offered (an email
 * with a time-limited link that books the date), booked, expired or removed.
 * Only the hash of the offer token is stored.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: id(),
    adventureId: text("adventure_id")
      .notNull()
      .references(() => adventures.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    email: text("email").notNull(),
    groupSize: integer("group_size").notNull(),
    status: text("status")
      .$type<"waiting" | "offered" | "booked" | "expired" | "removed">()
      .notNull()
      .default("waiting"),
    offerTokenHash: text("offer_token_hash"),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    /** Who asked (hashed client address), for rate limits. */
    clientKey: text("client_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waitlist_date_email_key").on(t.adventureId, t.date, t.email),
    uniqueIndex("waitlist_offer_token_key").on(t.offerTokenHash),
    index("waitlist_queue_idx").on(t.adventureId, t.date, t.status, t.createdAt),
    check("waitlist_group_size", sql`${t.groupSize} between 1 and ${groupMax}`),
    check("waitlist_status", sql`${t.status} in ('waiting', 'offered', 'booked', 'expired', 'removed')`),
  ],
);

/**
 * The operator's waiver, versioned: a new text is a new row, the newest is
 * the one participants accept, and an acceptance names the version it read.
 */
export const waivers = pgTable("waivers", {
  version: integer("version").primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

/**
 * One person of a booking's group (position 1..group size), filled in by the
 * customer from the booking's private link or by the operator. Medical
 * answers are health information: shown to the operator only, never logged
 * or emailed, and erased a set time after the trip (medical_erased_at).
 */
export const participants = pgTable(
  "participants",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    fullName: text("full_name").notNull().default(""),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    email: text("email").notNull().default(""),
    emergencyContactName: text("emergency_contact_name").notNull().default(""),
    emergencyContactPhone: text("emergency_contact_phone").notNull().default(""),
    heightCm: integer("height_cm"),
    weightKg: integer("weight_kg"),
    wetsuitSize: text("wetsuit_size").notNull().default(""),
    finSize: text("fin_size").notNull().default(""),
    /** For adventures that require certification. */
    certAgency: text("cert_agency").notNull().default(""),
    certLevel: text("cert_level").notNull().default(""),
    certNumber: text("cert_number").notNull().default(""),
    lastDiveDate: date("last_dive_date", { mode: "string" }),
    /** The operator has seen the card or checked the agency's record. */
    certCheckedAt: timestamp("cert_checked_at", { withTimezone: true }),
    /** Question id -> yes (true) / no (false). Null when not answered or erased. */
    medicalAnswers: jsonb("medical_answers").$type<Record<string, boolean>>(),
    medicalAnsweredAt: timestamp("medical_answered_at", { withTimezone: true }),
    /** Any "yes": a doctor's clearance is needed before the trip. */
    medicalNeedsClearance: boolean("medical_needs_clearance").notNull().default(false),
    /** The operator recorded the doctor's clearance as received. */
    medicalClearanceAt: timestamp("medical_clearance_at", { withTimezone: true }),
    /**
     * The doctor's clearance the customer uploaded: a generated file name in the private folder
     * (server/media/private-store.server.ts), never under the public uploads; its type, size and
     * arrival. Medical data: erased with the answers.
     */
    medicalClearanceFile: text("medical_clearance_file"),
    medicalClearanceFileType: text("medical_clearance_file_type"),
    medicalClearanceFileSize: integer("medical_clearance_file_size"),
    medicalClearanceFileAt: timestamp("medical_clearance_file_at", { withTimezone: true }),
    medicalErasedAt: timestamp("medical_erased_at", { withTimezone: true }),
    waiverVersion: integer("waiver_version").references(() => waivers.version, { onDelete: "restrict" }),
    /** The name the participant (or, for a minor, the guardian) typed to accept. */
    waiverSignedName: text("waiver_signed_name"),
    /** Set when a guardian accepted for a participant under 18. */
    waiverGuardianName: text("waiver_guardian_name"),
    waiverAcceptedAt: timestamp("waiver_accepted_at", { withTimezone: true }),
    waiverClientAddress: text("waiver_client_address"),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("participants_booking_position_key").on(t.bookingId, t.position),
    check("participants_position", sql`${t.position} between 1 and ${groupMax}`),
    check("participants_height", sql`${t.heightCm} is null or ${t.heightCm} between 50 and 250`),
    check("participants_weight", sql`${t.weightKg} is null or ${t.weightKg} between 10 and 250`),
  ],
);

export const VOUCHER_SOURCES = ["weather_credit", "gift", "operator"] as const;
export type VoucherSource = (typeof VOUCHER_SOURCES)[number];

/**
 * Credit as a code: weather credit, a gift voucher bought on the site, or one
 * the operator issues. balance_cents only moves together with a
 * voucher_entries row (the ledger), by a conditional update that can never
 * take it below zero. A gift voucher waits as pending_payment until paid.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: id(),
    /**
     * SHA-256 (hex) of the normalised code, as booking links store their tokens: the code itself is
     * only ever in the email that carries it. Null while a gift voucher waits for its payment (its
     * code is minted when it is activated).
     */
    codeHash: text("code_hash"),
    /** The code's last four characters, what the operator's screens show ("…K7Q2"). */
    codeSuffix: text("code_suffix").notNull().default(""),
    initialCents: integer("initial_cents").notNull(),
    balanceCents: integer("balance_cents").notNull(),
    currency: text("currency").notNull().default(DEFAULT_CURRENCY),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    source: text("source").$type<VoucherSource>().notNull(),
    status: text("status").$type<"pending_payment" | "active" | "void">().notNull().default("active"),
    /** The booking whose weather credit this is. */
    sourceBookingId: text("source_booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** The gift voucher's checkout. */
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    purchaserName: text("purchaser_name").notNull().default(""),
    purchaserEmail: text("purchaser_email").notNull().default(""),
    recipientName: text("recipient_name").notNull().default(""),
    recipientEmail: text("recipient_email").notNull().default(""),
    message: text("message").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("vouchers_code_hash_key").on(t.codeHash),
    uniqueIndex("vouchers_payment_key").on(t.paymentId),
    check("vouchers_balance_range", sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.initialCents}`),
    check("vouchers_status", sql`${t.status} in ('pending_payment', 'active', 'void')`),
  ],
);

/**
 * Promo codes: a discount on a booking's subtotal, percent or a fixed amount,
 * with the rules of app/lib/promo.ts. The code is stored normalised (upper
 * case, no spaces) and unique; a code some booking used is never deleted,
 * only deactivated (bookings reference it with restrict). Its uses are the
 * bookings that name it and hold spots unpaid or were ever confirmed
 * (server/domain/bookings/promo-codes.server.ts).
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: id(),
    code: text("code").notNull(),
    kind: text("kind").$type<"percent" | "fixed">().notNull(),
    /** 1-100 for a percent code, else null. */
    percent: integer("percent"),
    /** Cents in the code's currency for a fixed code, else null. */
    amountCents: integer("amount_cents"),
    currency: text("currency").notNull().default(DEFAULT_CURRENCY),
    /** The adventures it applies to; empty means every adventure. */
    adventureIds: jsonb("adventure_ids").$type<string[]>().notNull().default([]),
    /** Booking dates (Sydney) it may be used on, inclusive; null leaves that end open. */
    validFrom: date("valid_from", { mode: "string" }),
    validTo: date("valid_to", { mode: "string" }),
    /** Trip dates it applies to, inclusive; null leaves that end open. */
    tripFrom: date("trip_from", { mode: "string" }),
    tripTo: date("trip_to", { mode: "string" }),
    /** Total uses and uses per customer email; null is no cap. */
    maxUses: integer("max_uses"),
    maxUsesPerEmail: integer("max_uses_per_email"),
    minGroupSize: integer("min_group_size").notNull().default(1),
    /** Only for an email with no earlier confirmed booking. */
    firstBookingOnly: boolean("first_booking_only").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_key").on(t.code),
    check("promo_codes_kind", sql`${t.kind} in ('percent', 'fixed')`),
    check(
      "promo_codes_amount",
      sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 100 and ${t.amountCents} is null) or (${t.kind} = 'fixed' and ${t.amountCents} > 0 and ${t.percent} is null)`,
    ),
    check("promo_codes_caps", sql`coalesce(${t.maxUses}, 1) >= 1 and coalesce(${t.maxUsesPerEmail}, 1) >= 1`),
    check("promo_codes_group", sql`${t.minGroupSize} between 1 and ${groupMax}`),
  ],
);

/**
 * The voucher ledger: issue (+), redeem (- for a booking), restore (+ when a
 * booking it paid is cancelled or its checkout lapses), adjust (operator).
 * At most one redeem row per voucher and booking.
 */
export const voucherEntries = pgTable(
  "voucher_entries",
  {
    id: id(),
    voucherId: text("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    kind: text("kind").$type<"issue" | "redeem" | "restore" | "adjust">().notNull(),
    /** Signed: positive adds to the balance, negative takes from it. */
    amountCents: integer("amount_cents").notNull(),
    balanceAfterCents: integer("balance_after_cents").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("voucher_entries_voucher_idx").on(t.voucherId, t.createdAt),
    uniqueIndex("voucher_entries_redeem_key")
      .on(t.voucherId, t.bookingId, t.kind)
      .where(sql`${t.kind} in ('redeem', 'restore')`),
    check("voucher_entries_kind", sql`${t.kind} in ('issue', 'redeem', 'restore', 'adjust')`),
  ],
);

/**
 * The operator called a departure off for weather: one adventure's date, or
 * every adventure on a date (adventure_id null). Each booking on it gets a
 * weather_offers row; an offer left unanswered past respond_by gets
 * default_choice.
 */
export const weatherCancellations = pgTable(
  "weather_cancellations",
  {
    id: id(),
    date: date("date", { mode: "string" }).notNull(),
    adventureId: text("adventure_id").references(() => adventures.id, { onDelete: "cascade" }),
    message: text("message").notNull().default(""),
    defaultChoice: text("default_choice").$type<"credit" | "refund">().notNull(),
    respondBy: timestamp("respond_by", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("weather_cancellations_date_idx").on(t.date),
    check("weather_default_choice", sql`${t.defaultChoice} in ('credit', 'refund')`),
  ],
);

export type WeatherChoice = "move" | "credit" | "refund";

/** A booking's answer to a weather cancellation: move (free), credit (a voucher) or refund (in full). */
export const weatherOffers = pgTable(
  "weather_offers",
  {
    id: id(),
    cancellationId: text("cancellation_id")
      .notNull()
      .references(() => weatherCancellations.id, { onDelete: "cascade" }),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** Null while unanswered. */
    choice: text("choice").$type<WeatherChoice>(),
    decidedBy: text("decided_by").$type<"customer" | "operator" | "default">(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The date moved to (move) or the voucher issued (credit). */
    movedToDate: date("moved_to_date", { mode: "string" }),
    voucherId: text("voucher_id").references(() => vouchers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("weather_offers_booking_key").on(t.bookingId, t.cancellationId),
    index("weather_offers_open_idx").on(t.choice, t.cancellationId),
    check("weather_offers_choice", sql`${t.choice} is null or ${t.choice} in ('move', 'credit', 'refund')`),
  ],
);

/** Row types shared by the booking, payment and refund modules. */
export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ParticipantRow = typeof participants.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/**
 * The operator's notes on a booking, newest first on its console page. No
 * author yet: there is one operator account.
 */
export const bookingNotes = pgTable(
  "booking_notes",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("booking_notes_booking_idx").on(t.bookingId, t.createdAt),
    check(
      "booking_notes_body_length",
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(BOOKING_NOTE_MAX))}`,
    ),
  ],
);

/** One line of an issued document, as it was issued (prices include GST). */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unit_cents: number;
  total_cents: number;
  /** False for a line GST does not apply to now (a face-value gift voucher: GST applies when it is used). */
  taxable: boolean;
}

/**
 * Tax invoices and adjustment notes (receipts and refund receipts when the
 * business has no ABN registered for GST), kept as issued: the seller, the
 * buyer and the lines are copied in, so a reissue shows the same document.
 * Numbers come from document_numbers in the transaction that issues them, so
 * they run without gaps or repeats (see server/domain/money/invoices).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    number: integer("number").notNull(),
    kind: text("kind").$type<"invoice" | "adjustment">().notNull(),
    /** Issued as a tax invoice / adjustment note (ABN and GST set) or as a receipt. */
    taxInvoice: boolean("tax_invoice").notNull(),
    /** What it is for, once: booking:<id>, payment:<id>, change:<id> or refund:<id>. */
    sourceKey: text("source_key").notNull(),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    /** The invoice an adjustment note (or a later invoice for a dearer change) adjusts. */
    refersToId: text("refers_to_id"),
    sellerName: text("seller_name").notNull(),
    sellerAbn: text("seller_abn").notNull().default(""),
    buyerName: text("buyer_name").notNull().default(""),
    buyerEmail: text("buyer_email").notNull().default(""),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    totalCents: integer("total_cents").notNull(),
    gstCents: integer("gst_cents").notNull().default(0),
    currency: text("currency").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    uniqueIndex("invoices_source_key").on(t.sourceKey),
    index("invoices_booking_idx").on(t.bookingId),
    check("invoices_kind", sql`${t.kind} in ('invoice', 'adjustment')`),
    check(
      "invoices_amounts",
      sql`${t.totalCents} >= 0 and ${t.gstCents} >= 0 and ${t.gstCents} <= ${t.totalCents}`,
    ),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/** The next number of each numbered series, taken with a row lock in the issuing transaction. */
export const documentNumbers = pgTable("document_numbers", {
  series: text("series").primaryKey(),
  next: integer("next").notNull(),
});

export const CLEARANCE_EVENT_KINDS = ["recorded", "undone", "voided"] as const;
export type ClearanceEventKind = (typeof CLEARANCE_EVENT_KINDS)[number];

/**
 * The history of a participant's doctor's clearance: recorded by the operator (who, the doctor, the
 * date on the clearance, a note), undone by the operator, or voided by new medical answers. The
 * participant's medical_clearance_at is the current state; these rows say how it came to be. Medical
 * data: erased with the answers. A form's request key makes a repeated submit record once.
 */
export const medicalClearanceEvents = pgTable(
  "medical_clearance_events",
  {
    id: id(),
    participantId: text("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ClearanceEventKind>().notNull(),
    /** The operator's name as typed (the console has one shared sign-in). */
    recordedBy: text("recorded_by").notNull().default(""),
    doctor: text("doctor").notNull().default(""),
    /** The date written on the doctor's clearance. */
    clearedOn: date("cleared_on", { mode: "string" }),
    note: text("note").notNull().default(""),
    requestKey: text("request_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("medical_clearance_events_participant_idx").on(t.participantId, t.createdAt),
    uniqueIndex("medical_clearance_events_request_key").on(t.participantId, t.requestKey),
    check("medical_clearance_events_kind", sql`${t.kind} in ('recorded', 'undone', 'voided')`),
  ],
);
export type MedicalClearanceEventRow = typeof medicalClearanceEvents.$inferSelect;

/**
 * The audit log: one entry per console write, inserted in the transaction of
 * the write it records: who (the member, or the owner when staff_id is null),
 * from which address, what (entity and id, and the booking it concerns), and
 * each changed field before and after (secrets and medical answers only as
 * "changed"). `occurred_at` is when the action happened (a phone's queued
 * check-in synced later keeps its own time); `recorded_at` when the server
 * wrote it. A trigger refuses every UPDATE and TRUNCATE, and every DELETE of
 * an entry younger than a year (the retention purge is the only delete), for
 * any database user, the application's own included.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: an entry outlives the member it names. */
    staffId: text("staff_id"),
    /** The member's name or email at the time (or "Owner"), as the log shows it. */
    actorLabel: text("actor_label").notNull(),
    address: text("address").notNull().default(""),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    bookingId: text("booking_id"),
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_recorded_idx").on(t.recordedAt),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_booking_idx").on(t.bookingId),
    index("audit_log_staff_idx").on(t.staffId),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

/**
 * Who works a departure: a staff member (or the owner, "owner") in a crew
 * role. One role per person per departure; removing the departure removes
 * its crew. `member` is not a foreign key (the owner has no staff row): a
 * member no longer on the staff drops out of every list, and removing them
 * deletes their rows.
 */
export const departureCrew = pgTable(
  "departure_crew",
  {
    id: id(),
    availabilityId: text("availability_id")
      .notNull()
      .references(() => availability.id, { onDelete: "cascade" }),
    member: text("member").notNull(),
    crewRole: text("crew_role").$type<CrewRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("departure_crew_member_key").on(t.availabilityId, t.member),
    index("departure_crew_member_idx").on(t.member),
    check("departure_crew_role_check", sql`${t.crewRole} in ('instructor', 'divemaster', 'skipper')`),
  ],
);
export type DepartureCrewRow = typeof departureCrew.$inferSelect;

/**
 * The roll call of each dive of a departure: started when the crew starts
 * counting divers out, ended by "All aboard", which the server refuses while
 * anyone is still in the water. Kept with the trip as its dive log.
 */
export const rollCalls = pgTable(
  "roll_calls",
  {
    id: id(),
    availabilityId: text("availability_id")
      .notNull()
      .references(() => availability.id, { onDelete: "cascade" }),
    diveNumber: integer("dive_number").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    allAboardAt: timestamp("all_aboard_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("roll_calls_dive_key").on(t.availabilityId, t.diveNumber),
    check("roll_calls_dive_number_check", sql`${t.diveNumber} >= 1`),
  ],
);
export type RollCallRow = typeof rollCalls.$inferSelect;

/** One diver on one dive's roll call: when they went in and came back, and their buddy. */
export const rollCallMarks = pgTable(
  "roll_call_marks",
  {
    rollCallId: text("roll_call_id")
      .notNull()
      .references(() => rollCalls.id, { onDelete: "cascade" }),
    participantId: text("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    buddyId: text("buddy_id"),
    outAt: timestamp("out_at", { withTimezone: true }),
    backAt: timestamp("back_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.rollCallId, t.participantId] })],
);
export type RollCallMarkRow = typeof rollCallMarks.$inferSelect;

/**
 * An adventure's price categories (Adult, Child 8-15, Observer, Infant). None or one: the
 * spec's booking, one price per person. Several: the customer books a count of each, the
 * server prices the lines, and only categories that take a spot count toward the group size.
 * An observer (needs_dive_paperwork false) gives details and the waiver only.
 */
export const adventurePriceCategories = pgTable(
  "adventure_price_categories",
  {
    id: id(),
    adventureId: text("adventure_id")
      .notNull()
      .references(() => adventures.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    ageMin: integer("age_min").notNull().default(0),
    /** Null: no upper age. */
    ageMax: integer("age_max"),
    takesSpot: boolean("takes_spot").notNull().default(true),
    needsDivePaperwork: boolean("needs_dive_paperwork").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    index("adventure_price_categories_adventure_idx").on(t.adventureId, t.sort),
    check("adventure_price_categories_price_check", sql`${t.priceCents} >= 0`),
    check(
      "adventure_price_categories_age_check",
      sql`${t.ageMin} >= 0 AND (${t.ageMax} IS NULL OR ${t.ageMax} >= ${t.ageMin})`,
    ),
  ],
);
export type AdventurePriceCategoryRow = typeof adventurePriceCategories.$inferSelect;

/**
 * Trip-day actions sent by a crew phone (live, or queued while it had no
 * signal), each claimed once by the id the phone gave it: a resend answers the
 * stored outcome instead of applying again. `target` (participant or
 * departure) and `occurred_at` (the tap's time on the phone) carry the one
 * conflict rule: an action older than the last one applied to its target is
 * stale and changes nothing (app/lib/trip-day-actions.ts).
 */
export const deviceActions = pgTable(
  "device_actions",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    target: text("target").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    outcome: text("outcome").$type<"applied" | "no_op" | "stale">().notNull(),
    staffId: text("staff_id"),
    recordedAt: createdAt(),
  },
  (t) => [index("device_actions_target_idx").on(t.target, t.occurredAt)],
);

/**
 * Gear the shop hires out (Wetsuit, Fins, BCD), each in sizes with the number
 * owned (gear_stock): on one date no more of a size is hired than the shop
 * owns, across every adventure (booking_gear counts the hires per date).
 */
export const gearItems = pgTable("gear_items", {
  id: id(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const gearStock = pgTable(
  "gear_stock",
  {
    gearItemId: text("gear_item_id")
      .notNull()
      .references(() => gearItems.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gearItemId, t.size] }),
    check("gear_stock_quantity", sql`${t.quantity} >= 0`),
  ],
);

/**
 * An adventure's extras (a full gear set, a dive computer, a meal pack): a
 * price per booking or per person, optional or required, and the gear items
 * it hands out (each needing a size per unit hired).
 */
export const adventureExtras = pgTable(
  "adventure_extras",
  {
    id: id(),
    adventureId: text("adventure_id")
      .notNull()
      .references(() => adventures.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    per: text("per").$type<"booking" | "person">().notNull().default("booking"),
    required: boolean("required").notNull().default(false),
    gearItemIds: jsonb("gear_item_ids").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("adventure_extras_adventure_idx").on(t.adventureId),
    check("adventure_extras_price", sql`${t.priceCents} >= 0`),
    check("adventure_extras_per", sql`${t.per} in ('booking', 'person')`),
  ],
);

/**
 * A booking's gear hires, one unit per row with whose it is. The stock check
 * counts them by the booking's own date (so a moved booking moves its gear)
 * and only while the booking holds its spots: every path that releases spots
 * (an expired hold, a cancellation) returns the gear with them.
 */
export const bookingGear = pgTable(
  "booking_gear",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    gearItemId: text("gear_item_id")
      .notNull()
      .references(() => gearItems.id, { onDelete: "restrict" }),
    extraId: text("extra_id"),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
    /** Whose it is: the participant's position in the group (1-based), null for a per-booking extra. */
    participant: integer("participant"),
  },
  (t) => [
    index("booking_gear_item_idx").on(t.gearItemId, t.size),
    index("booking_gear_booking_idx").on(t.bookingId),
    check("booking_gear_quantity", sql`${t.quantity} >= 1`),
  ],
);
