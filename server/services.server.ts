import { siteInfo } from "../app/lib/site.ts";
import type { Database } from "./db/client.server.ts";
import { loadSiteContent } from "./domain/content/content.server.ts";
import { sweepExpired } from "./domain/jobs/hold-sweep.server.ts";
import { runTripJobs, type TripJobResult } from "./domain/jobs/trip-jobs.server.ts";
import type { BookingDeps } from "./domain/money/checkout-ledger.server.ts";
import { retryDueRefunds } from "./domain/money/refunds.server.ts";
import { createOutboxSender, type Mailer, type OutboxSender } from "./email/sender.server.ts";
import type { Env } from "./env.server.ts";
import { logRunFailure } from "./errors.server.ts";
import type { Logger } from "./log.server.ts";
import { createPaymentProvider, type TestCheckout } from "./payments/index.server.ts";
import type { PaymentProvider } from "./payments/provider.server.ts";
import { pruneExpired } from "./security/rate-limit.server.ts";
import { secretBox as createSecretBox, type SecretBox } from "./security/secret-box.server.ts";

/**
 * Releases the spots of checkouts nobody finished and retries refunds that are
 * due; every minute, and on demand in tests.
 */
export interface HoldSweeper {
  start(): void;
  stop(): Promise<void>;
  sweep(): Promise<{ closed: number }>;
}

/**
 * Queues the reminders, thank-yous and readiness requests that are due and
 * erases medical answers past their retention time: once at start (catching
 * up after downtime), then every 15 minutes, and on demand in tests.
 */
export interface TripEmailScheduler {
  start(): void;
  stop(): Promise<void>;
  run(): Promise<TripJobResult>;
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
  outbox: OutboxSender;
  sweeper: HoldSweeper;
  tripEmails: TripEmailScheduler;
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

/** Builds the services from a database and the configuration; nothing runs until start(). */
export function buildServices(
  base: { database: Database; env: Env; log: Logger },
  options: ServiceOptions = {},
): Services {
  const now = options.now ?? (() => new Date());
  const chosen = createPaymentProvider(base.env, base.database.db, now);
  const payments = options.payments ?? chosen.payments;
  const testCheckout = options.payments ? undefined : chosen.testCheckout;
  const outbox = createOutboxSender({
    db: base.database.db,
    log: base.log,
    smtpUrl: base.env.SMTP_URL,
    from: base.env.MAIL_FROM,
    siteName: async () => siteInfo(await loadSiteContent(base.database.db)).title,
    pollMs: base.env.OUTBOX_POLL_MS,
    now,
    mailer: options.mailer,
  });
  const deps = (): BookingDeps => ({ db: base.database.db, env: base.env, log: base.log, payments, now });
  const sweepMs = options.sweepMs ?? 60_000;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<{ closed: number }> | undefined;
  const sweep = () => {
    running ??= sweepExpired(deps())
      .then(async (result) => {
        // Ended rate-limit windows and sweep leases are dead rows; without this the table only grows.
        await pruneExpired(base.database.db, now());
        return result;
      })
      // Refunds the provider has not taken yet ride on the same minute (same key each time).
      .finally(() =>
        retryDueRefunds(deps()).catch((error: unknown) =>
          logRunFailure(base.log, "refund retry failed", error),
        ),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const sweeper: HoldSweeper = {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        sweep().catch((error: unknown) => logRunFailure(base.log, "hold sweep failed", error));
        // Ended rate-limit windows are dead weight; the next hit would reset them anyway.
        pruneExpired(base.database.db, now()).catch((error: unknown) =>
          logRunFailure(base.log, "rate limit prune failed", error),
        );
      }, sweepMs);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    sweep,
  };
  const tripEmails = createTripEmailScheduler(
    { db: base.database.db, env: base.env, log: base.log, now },
    TRIP_EMAILS_EVERY_MS,
  );
  const secretBox =
    options.secretBox !== undefined
      ? options.secretBox
      : base.env.ENCRYPTION_KEY
        ? createSecretBox(base.env.ENCRYPTION_KEY)
        : null;
  return { ...base, payments, testCheckout, outbox, sweeper, tripEmails, now, secretBox };
}

function createTripEmailScheduler(
  deps: Parameters<typeof runTripJobs>[0],
  everyMs: number,
): TripEmailScheduler {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: ReturnType<typeof runTripJobs> | undefined;
  // Overlapping calls share the run in progress; other processes may run at the same time (see runTripJobs).
  const run = () => {
    running ??= runTripJobs(deps).finally(() => {
      running = undefined;
    });
    return running;
  };
  const runLogged = () => {
    run().catch((error: unknown) => logRunFailure(deps.log, "trip emails failed", error));
  };
  return {
    start() {
      if (timer) return;
      runLogged();
      timer = setInterval(runLogged, everyMs);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    run,
  };
}

/** The booking domain's view of the services. */
export function bookingDeps(s: Services): BookingDeps {
  return { db: s.database.db, env: s.env, log: s.log, payments: s.payments, now: s.now };
}
