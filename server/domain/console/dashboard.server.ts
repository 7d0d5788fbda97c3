/**
 * Business figures for the two dashboards. Revenue is money actually taken:
 * paid booking payments in AUD, net of refunds, in dollars; extras are in it
 * (they are part of each booking's total) and shown as their own part too.
 */
import { and, count, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { DEFAULT_CURRENCY } from "../../../app/lib/currency.ts";
import { PAID_STATES } from "../../../app/lib/paid.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  bookings,
  contactMessages,
  emailOutbox,
  mediaItems,
  newsletterSubscribers,
  payments,
} from "../../db/schema.ts";
import { extrasCentsSql } from "../bookings/extras.server.ts";
import { type AdminBooking, toAdminBookings } from "./admin-bookings.server.ts";

const PAID = [...PAID_STATES];
const DAY = 86_400_000;
const dollars = (cents: number) => Math.round(cents) / 100;

/**
 * The payments that count as revenue: booking payments in the business's
 * currency that were taken (later refunds are subtracted by
 * `netRevenueCents`, they do not remove the payment), paid since `since`
 * when given. Both dashboards and the weekly chart use this one filter.
 */
function revenuePayments(since?: Date) {
  return and(
    inArray(payments.paymentStatus, PAID),
    eq(payments.kind, "booking"),
    sql`lower(${payments.currency}) = ${DEFAULT_CURRENCY}`,
    since ? gte(payments.paidAt, since) : undefined,
  );
}

/** What those payments brought in: amounts taken minus what was refunded, in cents. */
const netRevenueCents = sql<number>`coalesce(sum(${payments.amountTotalCents} - ${payments.refundedCents}), 0)::int`;

/**
 * The extras part of that revenue: the extra lines of the bookings it was taken
 * for, unless cancelled since (a refunded booking's extras are not income).
 */
async function extrasRevenueCents(db: DB): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${extrasCentsSql}), 0)::int` })
    .from(bookings)
    .where(
      and(
        ne(bookings.bookingStatus, "cancelled"),
        inArray(
          bookings.id,
          db
            .select({ id: sql<string>`${payments.bookingId}` })
            .from(payments)
            .where(revenuePayments()),
        ),
      ),
    );
  return Number(row?.cents ?? 0);
}

async function revenueCents(db: DB): Promise<{ cents: number; bookings: number }> {
  const [row] = await db
    .select({ cents: netRevenueCents, bookings: sql<number>`count(distinct ${payments.bookingId})::int` })
    .from(payments)
    .where(revenuePayments());
  return { cents: row?.cents ?? 0, bookings: row?.bookings ?? 0 };
}

export interface PopularAdventure {
  _id: string;
  title: string;
  booking_count: number;
  view_count: number;
}

export interface WeekPoint {
  /** Monday of the week (Sydney), YYYY-MM-DD. */
  week_start: string;
  bookings: number;
  revenue: number;
}

export interface SystemOverview {
  database: "pglite" | "postgres";
  payment_mode: "test" | "stripe";
  email_configured: boolean;
  outbox_pending: number;
  outbox_failed: number;
  uploads: number;
}

export interface ProAnalytics {
  total_bookings: number;
  total_revenue: number;
  /** Of the revenue, what the bookings' extras (gear hire, meal packs) brought in. */
  extras_revenue: number;
  total_adventures: number;
  total_media_assets: number;
  popular_adventures: PopularAdventure[];
  weekly: WeekPoint[];
  system: SystemOverview;
}

/** Sydney Monday of each of the last `weeks` weeks, oldest first. */
export function weekStarts(now: Date, weeks: number): string[] {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Australia/Sydney",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  const [y, m, d] = today.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(t.getTime() - ((t.getUTCDay() + 6) % 7) * DAY);
  const out: string[] = [];
  for (let i = weeks - 1; i >= 0; i--)
    out.push(new Date(monday.getTime() - i * 7 * DAY).toISOString().slice(0, 10));
  return out;
}

async function weekly(db: DB, now: Date, weeks = 12): Promise<WeekPoint[]> {
  const starts = weekStarts(now, weeks);
  const since = new Date(`${starts[0]}T00:00:00Z`).getTime() - DAY; // a day early covers the Sydney offset
  const sinceDate = new Date(since);
  const week = (col: unknown) =>
    sql<string>`to_char(date_trunc('week', (${col} at time zone 'Australia/Sydney')), 'YYYY-MM-DD')`;
  const [bookingRows, revenueRows] = await Promise.all([
    db
      .select({ week: week(bookings.createdAt), n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(gte(bookings.createdAt, sinceDate), ne(bookings.bookingStatus, "cancelled")))
      .groupBy(sql`1`),
    db
      .select({ week: week(payments.paidAt), cents: netRevenueCents })
      .from(payments)
      .where(revenuePayments(sinceDate))
      .groupBy(sql`1`),
  ]);
  const b = new Map(bookingRows.map((r) => [r.week, r.n]));
  const r = new Map(revenueRows.map((x) => [x.week, x.cents]));
  return starts.map((w) => ({ week_start: w, bookings: b.get(w) ?? 0, revenue: dollars(r.get(w) ?? 0) }));
}

export async function proAnalytics(
  db: DB,
  system: Omit<SystemOverview, "outbox_pending" | "outbox_failed" | "uploads">,
  now = new Date(),
): Promise<ProAnalytics> {
  const since = new Date(now.getTime() - 30 * DAY);
  const [[recent], revenue, extras, [active], [media], popular, weeks, [outbox], [uploads]] =
    await Promise.all([
      db
        .select({ n: count() })
        .from(bookings)
        .where(and(gte(bookings.createdAt, since), ne(bookings.bookingStatus, "cancelled"))),
      revenueCents(db),
      extrasRevenueCents(db),
      db.select({ n: count() }).from(adventures).where(eq(adventures.isActive, true)),
      db.select({ n: count() }).from(mediaItems),
      db
        .select({
          _id: adventures.id,
          title: adventures.title,
          view_count: adventures.viewCount,
          booking_count: sql<number>`count(${bookings.id})::int`,
        })
        .from(adventures)
        .leftJoin(
          bookings,
          and(eq(bookings.adventureId, adventures.id), ne(bookings.bookingStatus, "cancelled")),
        )
        .groupBy(adventures.id)
        .orderBy(desc(sql`count(${bookings.id})`), desc(adventures.viewCount), adventures.title)
        .limit(5),
      weekly(db, now),
      db
        .select({
          pending: sql<number>`count(*) filter (where ${emailOutbox.status} = 'pending')::int`,
          failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')::int`,
        })
        .from(emailOutbox),
      db.select({ n: count() }).from(mediaItems).where(sql`${mediaItems.url} like '/uploads/%'`),
    ]);
  return {
    total_bookings: recent.n,
    total_revenue: dollars(revenue.cents),
    extras_revenue: dollars(extras),
    total_adventures: active.n,
    total_media_assets: media.n,
    popular_adventures: popular,
    weekly: weeks,
    system: { ...system, outbox_pending: outbox.pending, outbox_failed: outbox.failed, uploads: uploads.n },
  };
}

export interface OldDashboardStats {
  booking_stats: {
    total_bookings: number;
    completed_bookings: number;
    pending_bookings: number;
    total_revenue: number;
    average_booking_value: number;
  };
  total_newsletter_subscribers: number;
  total_contact_messages: number;
  recent_bookings: AdminBooking[];
}

export async function oldDashboardStats(db: DB): Promise<OldDashboardStats> {
  const [[counts], revenue, [subs], [messages], recent] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        completed: sql<number>`count(*) filter (where ${bookings.bookingStatus} = 'completed')::int`,
        pending: sql<number>`count(*) filter (where ${bookings.bookingStatus} = 'pending_payment')::int`,
      })
      .from(bookings),
    revenueCents(db),
    db.select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "active")),
    db.select({ n: count() }).from(contactMessages),
    db.select().from(bookings).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(5),
  ]);
  return {
    booking_stats: {
      total_bookings: counts.total,
      completed_bookings: counts.completed,
      pending_bookings: counts.pending,
      total_revenue: dollars(revenue.cents),
      average_booking_value: revenue.bookings ? Math.round(revenue.cents / revenue.bookings) / 100 : 0,
    },
    total_newsletter_subscribers: subs.n,
    total_contact_messages: messages.n,
    recent_bookings: await toAdminBookings(db, recent),
  };
}
