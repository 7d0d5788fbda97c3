/**
 * What the benchmark reads from the operating system and how it tidies up:
 * CPU time and memory of a process from /proc (Linux), child processes that
 * are stopped and temporary folders that are removed on every way out,
 * Ctrl-C included.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const cleanups: (() => Promise<void> | void)[] = [];

/** Runs at exit, last registered first; each runs once. */
export function onCleanup(fn: () => Promise<void> | void): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await fn();
  };
  cleanups.push(once);
  return once;
}

export async function cleanupAll(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn?.();
    } catch (error) {
      process.stderr.write(`cleanup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}

/** Set once Ctrl-C (or SIGTERM) arrived: what fails after it is the interruption, not a finding. */
export let interrupted = false;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping the servers and removing temporary files\n`);
    void cleanupAll().finally(() => process.exit(130));
  });
}
// A crash still removes what can be removed synchronously (children get SIGKILL below).
process.on("exit", () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const children = new Set<ChildProcess>();
const dirs = new Set<string>();

/** A temporary folder, removed at exit. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.add(dir);
  onCleanup(() => {
    rmSync(dir, { recursive: true, force: true });
    dirs.delete(dir);
  });
  return dir;
}

export interface Child {
  process: ChildProcess;
  pid: number;
  /** Lines written to stderr (kept for error messages). */
  stderr: string[];
  /** SIGTERM, then SIGKILL after 10 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts a child process that is stopped at exit at the latest. */
export function startChild(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdout: "ignore" | "pipe" = "ignore",
): Child {
  const child = spawn(command, args, { env, stdio: ["ignore", stdout, "pipe"] });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  children.add(child);
  const stderr: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (stderr.length > 200) stderr.splice(0, stderr.length - 200);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  });
  return { process: child, pid: child.pid, stderr, stop };
}

/** Waits until `ready` answers true, polling; fails after `timeoutMs` or when `child` exits. */
export async function waitUntil(
  what: string,
  ready: () => Promise<boolean>,
  child?: Child,
  timeoutMs = 60_000,
) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && (child.process.exitCode !== null || child.process.signalCode !== null)) {
      throw new Error(
        `${what}: the process exited (${child.process.exitCode ?? child.process.signalCode}):\n${child.stderr.join("\n")}`,
      );
    }
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
}

const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** CPU time (user + system) the process has used so far, in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/** Resident memory now and its high-water mark, in MB. */
export function memoryMb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

/** Samples a process's resident memory every 100 ms; stop() answers the highest sample. */
export function sampleMemory(pid: number): { stop(): number } {
  let peak = 0;
  const read = () => {
    try {
      peak = Math.max(peak, memoryMb(pid).rss);
    } catch {
      // the process has exited
    }
  };
  read();
  const timer = setInterval(read, 100);
  return {
    stop() {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}

/** Fails unless every port is free on loopback: a server left over there would be measured instead. */
export async function assertPortsFree(ports: number[]): Promise<void> {
  for (const port of ports) {
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once("error", () =>
        reject(
          new Error(`port ${port} is in use: stop what listens there or set BENCH_PORT to another range`),
        ),
      );
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
    });
  }
}
