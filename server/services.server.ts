import { checkoutSiteUrl } from "../app/lib/local-address.ts";
import { siteInfo } from "../app/lib/site.ts";
import type { Database } from "./db/client.server.ts";
import { purgeAuditLog } from "./domain/audit/audit-query.server.ts";
import { loadSiteContent } from "./domain/content/content.server.ts";
import { holdSweep } from "./domain/jobs/hold-sweep.server.ts";
import { databaseLeases, type PeriodicJob, periodic } from "./domain/jobs/periodic.server.ts";
import { runTripJobs, type TripJobResult } from "./domain/jobs/trip-jobs.server.ts";
import type { BookingDeps } from "./domain/money/checkout-ledger.server.ts";
import { createOutboxSender, type Mailer } from "./email/sender.server.ts";
import type { Env } from "./env.server.ts";
import type { Logger } from "./log.server.ts";
import { createPaymentProvider, type TestCheckout } from "./payments/index.server.ts";
import type { PaymentProvider } from "./payments/provider.server.ts";
import { secretBox as createSecretBox, type SecretBox } from "./security/secret-box.server.ts";

/**
 * Releases the spots of checkouts nobody finished, applies weather defaults,
 * ends lapsed waitlist offers, prunes ended rate-limit windows and leases and
 * retries refunds that are due: every minute, and on demand in tests
 * (`sweep`, the same as runNow).
 */
export interface HoldSweeper extends PeriodicJob<{ closed: number }> {
  sweep(): Promise<{ closed: number }>;
}

/**
 * Queues the reminders, thank-yous and readiness requests that are due and
 * erases medical answers past their retention time: once at start (catching
 * up after downtime), then every 15 minutes, and on demand in tests (`run`,
 * the same as runNow).
 */
export interface TripEmailScheduler extends PeriodicJob<TripJobResult> {
  run(): Promise<TripJobResult>;
}

/** The email outbox's polling loop (every OUTBOX_POLL_MS); `tick` is one pass on demand. */
export interface OutboxLoop extends PeriodicJob<number> {
  /** One pass now (runNow). */
  tick(): Promise<number>;
  /** Sends everything due now (tests), pass after pass. */
  flush(): Promise<number>;
}

/** What every request handler and loader can reach; built once in server/main.server.ts. */
export interface Services {
  database: Database;
  env: Env;
  log: Logger;
  /** Stripe Checkout, or the built-in test checkout (see paymentsDecision). */
  payments: PaymentProvider;
  /** Set only in test-checkout mode: the page's "Pay" goes through it. */
  testCheckout?: TestCheckout;
  outbox: OutboxLoop;
  sweeper: HoldSweeper;
  tripEmails: TripEmailScheduler;
  /** Deletes audit entries older than AUDIT_RETENTION_DAYS: at start, then daily; `runNow` answers how many. */
  auditRetention: PeriodicJob<number>;
  /** The clock every deadline is measured with (tests inject one). */
  now: () => Date;
  /** Seals the two-factor secret; null on PostgreSQL without ENCRYPTION_KEY (see loadSecretBox). */
  secretBox: SecretBox | null;
}

export interface ServiceOptions {
  now?: () => Date;
  mailer?: Mailer;
  /** Replaces the configured provider (tests: a failing one). */
  payments?: PaymentProvider;
  sweepMs?: number;
  /** The key loaded at start (loadSecretBox); without it, ENCRYPTION_KEY or none. */
  secretBox?: SecretBox | null;
}

/** How often every process looks for trip emails that are due (the windows are whole Sydney days). */
const TRIP_EMAILS_EVERY_MS = 15 * 60_000;

/** How often the audit log's retention is applied (entries are kept for years: a day is precise enough). */
const AUDIT_PURGE_EVERY_MS = 24 * 60 * 60_000;

/** Builds the services from a database and the configuration; nothing runs until start(). */
export function buildServices(
  base: { database: Database; env: Env; log: Logger },
  options: ServiceOptions = {},
): Services {
  const { database, env, log } = base;
  const now = options.now ?? (() => new Date());
  const chosen = createPaymentProvider(env, database.db, now);
  const payments = options.payments ?? chosen.payments;
  const testCheckout = options.payments ? undefined : chosen.testCheckout;
  const deps = (): BookingDeps => ({ db: database.db, env, log, payments, now });
  // Every periodic job of the process, on one runner with one lease table.
  const runner = { lease: databaseLeases(database.db), now, log };

  const sweepJob = periodic({
    ...runner,
    name: "hold-sweep",
    everyMs: options.sweepMs ?? 60_000,
    run: () => holdSweep(deps()),
    failed: "hold sweep failed",
  });
  const tripJob = periodic({
    ...runner,
    name: "trip-jobs",
    everyMs: TRIP_EMAILS_EVERY_MS,
    atStart: true,
    run: () => runTripJobs({ db: database.db, env, log, now }),
    failed: "trip emails failed",
  });
  const auditJob = periodic({
    ...runner,
    name: "audit-retention",
    everyMs: AUDIT_PURGE_EVERY_MS,
    atStart: true,
    run: async () => {
      const purged = await purgeAuditLog(database.db, now(), env.AUDIT_RETENTION_DAYS);
      if (purged) log.info("audit entries past their retention deleted", { count: purged });
      return purged;
    },
    failed: "audit log retention failed",
  });
  const sender = createOutboxSender({
    db: database.db,
    log,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    siteName: async () => siteInfo(await loadSiteContent(database.db)).title,
    now,
    mailer: options.mailer,
  });
  const outboxJob = periodic({
    ...runner,
    name: "email-outbox",
    everyMs: env.OUTBOX_POLL_MS,
    run: sender.tick,
    failed: "email outbox tick failed",
  });
  const outbox: OutboxLoop = {
    ...outboxJob,
    tick: outboxJob.runNow,
    async stop() {
      await outboxJob.stop();
      sender.close();
    },
    async flush() {
      let total = 0;
      // The first pass may be one already under way, begun before the caller's emails were queued.
      for (let pass = 0; pass < 20; pass++) {
        const sent = await outboxJob.runNow();
        total += sent;
        if (!sent && pass > 0) break;
      }
      return total;
    },
  };

  const secretBox =
    options.secretBox !== undefined
      ? options.secretBox
      : env.ENCRYPTION_KEY
        ? createSecretBox(env.ENCRYPTION_KEY)
        : null;
  return {
    ...base,
    payments,
    testCheckout,
    outbox,
    sweeper: { ...sweepJob, sweep: sweepJob.runNow },
    tripEmails: { ...tripJob, run: tripJob.runNow },
    auditRetention: auditJob,
    now,
    secretBox,
  };
}

/**
 * The booking domain's view of the services. Given the visitor's Host, the
 * checkouts it opens return there when both it and PUBLIC_URL are local (a
 * try-out on 127.0.0.1 or a phone on the LAN; ADR 29), else to PUBLIC_URL.
 */
export function bookingDeps(s: Services, visitorHost?: string | null): BookingDeps {
  const deps: BookingDeps = { db: s.database.db, env: s.env, log: s.log, payments: s.payments, now: s.now };
  return visitorHost === undefined
    ? deps
    : { ...deps, siteUrl: checkoutSiteUrl(s.env.publicUrl, visitorHost) };
}
