/**
 * The one way a recurring job runs. Every process runs each named job every
 * `everyMs`; before a scheduled run the process takes the job's lease, a row
 * in the shared `leases` table that lasts a little less than one period, so
 * of several processes on one database only one runs the job each period, as
 * a single process would. The same table holds claims on single rows
 * (`takeLease`, e.g. the hold sweep's claim on one checkout).
 *
 * A lease saves the other processes the work; it is not what keeps a job
 * correct. A run can outlast its lease and a run on demand (`runNow`) takes
 * none, so every job must be safe beside itself: conditional updates,
 * per-row claims, dedupe keys.
 *
 * Within one process a job never overlaps itself: a tick while a run is going
 * is skipped, and `runNow` shares the run in progress. A failed tick is logged
 * (a warning while the database is away, see logRunFailure) and the next one
 * runs as usual. `stop()` ends the schedule and waits for the run in progress.
 */
import { lt, lte, sql } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { leases } from "../../db/schema.ts";
import { logRunFailure } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";

/** Takes the lease `name` until `at + ms` unless it is held past `at`; answers whether it was taken. */
export type TakeLease = (name: string, ms: number, at: Date) => Promise<boolean>;

/**
 * One atomic upsert: a new name is inserted, an ended lease is taken over,
 * a live one is left alone and nothing is returned. Of processes racing for
 * one name, PostgreSQL (and PGlite) let exactly one write it.
 */
export async function takeLease(db: DB, name: string, ms: number, at: Date): Promise<boolean> {
  const taken = await db
    .insert(leases)
    .values({ name, expiresAt: new Date(at.getTime() + ms) })
    .onConflictDoUpdate({
      target: leases.name,
      set: { expiresAt: sql`excluded.expires_at` },
      setWhere: lte(leases.expiresAt, at),
    })
    .returning({ name: leases.name });
  return taken.length === 1;
}

/** The leases of one database, for the runner. */
export const databaseLeases =
  (db: DB): TakeLease =>
  (name, ms, at) =>
    takeLease(db, name, ms, at);

/** Drops leases that ended (the hold sweep's clean-up); a live one is never touched. */
export async function pruneLeases(db: DB, at: Date): Promise<void> {
  await db.delete(leases).where(lt(leases.expiresAt, at));
}

export interface PeriodicJob<T> {
  /** Runs the job every period from now on (and at once with `atStart`); a second start does nothing. */
  start(): void;
  /** Ends the schedule and waits for a run in progress. */
  stop(): Promise<void>;
  /** One scheduled turn: the run's result, or undefined when a run was going or another process held the lease. */
  tick(): Promise<T | undefined>;
  /** Runs the job now without the lease (tests, on demand), sharing a run in progress. */
  runNow(): Promise<T>;
}

export interface PeriodicOptions<T> {
  /** The job's lease row. */
  name: string;
  everyMs: number;
  run: () => Promise<T>;
  lease: TakeLease;
  /** The clock leases are measured with (the services' clock). */
  now: () => Date;
  log: Logger;
  /** The log message of a failed tick. */
  failed: string;
  /** Also run once at start, without the lease (a catch-up after downtime). */
  atStart?: boolean;
}

/**
 * A lease lasts nine tenths of the period: it has ended by the time its
 * holder's next tick comes (timers fire late, never early), so the holder
 * keeps the job unless it stopped or fell behind.
 */
export const leaseMsFor = (everyMs: number) => Math.floor(everyMs * 0.9);

export function periodic<T>(options: PeriodicOptions<T>): PeriodicJob<T> {
  const { name, everyMs, log, failed } = options;
  const leaseMs = leaseMsFor(everyMs);
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  let running: Promise<T> | undefined;
  let turn: Promise<T | undefined> | undefined;

  function runNow(): Promise<T> {
    running ??= options.run().finally(() => {
      running = undefined;
    });
    return running;
  }

  async function takeTurn(): Promise<T | undefined> {
    if (stopped || !(await options.lease(name, leaseMs, options.now()))) return undefined;
    // Stopped while the lease was being taken: no run starts after stop().
    return stopped ? undefined : runNow();
  }

  function tick(): Promise<T | undefined> {
    if (turn || running) return Promise.resolve(undefined);
    turn = takeTurn().finally(() => {
      turn = undefined;
    });
    return turn;
  }

  const fire = () => {
    tick().catch((error: unknown) => logRunFailure(log, failed, error));
  };

  return {
    start() {
      if (timer) return;
      stopped = false;
      timer = setInterval(fire, everyMs);
      timer.unref?.();
      // The catch-up at start takes no lease: a process that stopped a minute ago left its lease
      // running, and a start must not wait a period for it (the job is safe beside itself).
      if (options.atStart) runNow().catch((error: unknown) => logRunFailure(log, failed, error));
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await turn?.catch(() => undefined);
      await running?.catch(() => undefined);
    },
    tick,
    runNow,
  };
}
