/**
 * The periodic runner on a fake clock: a named job every period, skipped
 * while another process holds its lease, a failed tick logged and the loop
 * going on, stop() waiting for the run in progress. The lease itself on both
 * databases is in tests/api/periodic-jobs.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  leaseMsFor,
  type PeriodicOptions,
  periodic,
  type TakeLease,
} from "../../server/domain/jobs/periodic.server.ts";
import { createLogger } from "../../server/log.server.ts";

const EVERY = 60_000;

function logged() {
  const lines: { level: string; msg: string; database?: string }[] = [];
  const log = createLogger("debug", (line) => {
    lines.push(JSON.parse(line));
    return true;
  });
  return { log, lines };
}

/** A lease store as the database keeps it: one holder per name until its time is up. */
function sharedLeases() {
  const until = new Map<string, number>();
  const taken: { name: string; ms: number; at: number }[] = [];
  const lease: TakeLease = async (name, ms, at) => {
    if ((until.get(name) ?? 0) > at.getTime()) return false;
    until.set(name, at.getTime() + ms);
    taken.push({ name, ms, at: at.getTime() });
    return true;
  };
  return { lease, until, taken };
}

function job<T>(run: () => Promise<T>, overrides: Partial<PeriodicOptions<T>> = {}) {
  const { log, lines } = logged();
  const leases = sharedLeases();
  const runner = periodic<T>({
    name: "test-job",
    everyMs: EVERY,
    run,
    lease: leases.lease,
    now: () => new Date(),
    log,
    failed: "test job failed",
    ...overrides,
  });
  return { runner, lines, leases };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2030-03-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the periodic runner", () => {
  it("runs the job once every period, taking its lease for a little less than one", async () => {
    const run = vi.fn(async () => "done");
    const { runner, leases } = job(run);
    runner.start();
    runner.start();
    await vi.advanceTimersByTimeAsync(EVERY - 1);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * EVERY);
    expect(run).toHaveBeenCalledTimes(3);
    expect(leases.taken.map((t) => t.name)).toEqual(["test-job", "test-job", "test-job"]);
    expect(leases.taken[0].ms).toBe(leaseMsFor(EVERY));
    expect(leaseMsFor(EVERY)).toBeLessThan(EVERY);
    await runner.stop();
  });

  it("runs at start when asked to, then every period", async () => {
    const run = vi.fn(async () => 1);
    const { runner } = job(run, { atStart: true });
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(2);
    await runner.stop();
  });

  it("catches up at start even while a process that just stopped still holds the lease", async () => {
    const run = vi.fn(async () => 1);
    const { runner, leases } = job(run, { atStart: true });
    leases.until.set("test-job", Date.now() + EVERY);
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await runner.stop();
  });

  it("skips a tick while another process holds the lease, and runs once it has ended", async () => {
    const run = vi.fn(async () => 1);
    const { runner, leases } = job(run);
    // Another process took this period's run a moment ago.
    leases.until.set("test-job", Date.now() + EVERY + 30_000);
    runner.start();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).not.toHaveBeenCalled();
    expect(await runner.tick()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(1);
    await runner.stop();
  });

  it("of two processes ticking together, one runs the job in a period", async () => {
    const leases = sharedLeases();
    const runs: string[] = [];
    const make = (who: string) =>
      periodic({
        name: "shared",
        everyMs: EVERY,
        run: async () => runs.push(who),
        lease: leases.lease,
        now: () => new Date(),
        log: createLogger("silent"),
        failed: "shared failed",
      });
    const [a, b] = [make("a"), make("b")];
    a.start();
    b.start();
    await vi.advanceTimersByTimeAsync(3 * EVERY);
    expect(runs).toHaveLength(3);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("logs a failed tick and runs the next one as usual", async () => {
    let calls = 0;
    const { runner, lines } = job(async () => {
      calls++;
      if (calls === 1) throw new Error("the job broke");
      return calls;
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(lines.filter((l) => l.msg === "test job failed")).toEqual([
      expect.objectContaining({ level: "error", msg: "test job failed" }),
    ]);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(calls).toBe(2);
    expect(lines.filter((l) => l.msg === "test job failed")).toHaveLength(1);
    await runner.stop();
  });

  it("logs a lease it could not take as the tick's failure, and goes on", async () => {
    let down = true;
    const run = vi.fn(async () => 1);
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    const { runner, lines } = job(run, {
      lease: async () => {
        if (down) throw refused;
        return true;
      },
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(lines.find((l) => l.msg === "test job failed")).toMatchObject({
      level: "warn",
      database: "unavailable",
    });
    expect(run).not.toHaveBeenCalled();
    down = false;
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(1);
    await runner.stop();
  });

  it("never overlaps itself: a tick during a run is skipped, and a run on demand shares it", async () => {
    const gate = deferred<string>();
    const run = vi.fn(() => gate.promise);
    const { runner } = job(run);
    runner.start();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(1);
    // The run outlasts its period: the next tick finds it still going.
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(1);
    const onDemand = runner.runNow();
    gate.resolve("finished");
    expect(await onDemand).toBe("finished");
    expect(run).toHaveBeenCalledTimes(1);
    await runner.stop();
  });

  it("runs on demand without the lease", async () => {
    const run = vi.fn(async () => "now");
    const { runner } = job(run, { lease: async () => false });
    expect(await runner.runNow()).toBe("now");
    expect(await runner.tick()).toBeUndefined();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("stop() waits for the run in progress, and no run starts after it", async () => {
    const gate = deferred<void>();
    const run = vi.fn(() => gate.promise);
    const { runner } = job(run);
    runner.start();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * EVERY);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("stop() during the lease's round trip lets no run begin", async () => {
    const lease = deferred<boolean>();
    const run = vi.fn(async () => 1);
    const { runner } = job(run, { lease: () => lease.promise });
    runner.start();
    await vi.advanceTimersByTimeAsync(EVERY);
    const stopping = runner.stop();
    lease.resolve(true);
    await stopping;
    expect(run).not.toHaveBeenCalled();
  });
});
