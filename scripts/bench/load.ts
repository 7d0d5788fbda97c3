/**
 * Load over loopback with autocannon: requests per second at a fixed number
 * of connections, and the server's CPU time per request (from /proc, so the
 * load generator's own CPU is not counted).
 */
import { createRequire } from "node:module";
import { cpuMs } from "./system.ts";

interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export interface LoadResult {
  requests: number;
  perSecond: number;
  cpuMsPerRequest: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers, errors and timeouts: any makes the figures suspect. */
  failed: number;
}

export async function load(options: {
  url: string;
  pid: number;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}): Promise<LoadResult> {
  const run = (seconds: number) =>
    autocannon({
      url: options.url,
      connections: options.connections,
      duration: seconds,
      timeout: 10,
      headers: options.headers,
    });
  // Warm: JIT, caches and connection pools, so the measured part is the steady state.
  await run(options.warmupSeconds);
  const cpuBefore = cpuMs(options.pid);
  const result = await run(options.seconds);
  const cpu = cpuMs(options.pid) - cpuBefore;
  const total = result.requests.total;
  return {
    requests: total,
    perSecond: total / result.duration,
    cpuMsPerRequest: total > 0 ? cpu / total : Number.NaN,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
