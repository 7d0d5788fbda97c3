/**
 * A PostgreSQL server of a test's own, which the test may stop and start
 * (crash it, restart it) without touching the shared one: a fresh cluster
 * (initdb) in a temporary folder, on a free port of 127.0.0.1, trust auth.
 *
 * PostgreSQL's server programs refuse to run as root, so as root they run as
 * the `postgres` user (runuser), in a folder that user owns. The programs are
 * found with `pg_config --bindir`, or in PG_BIN_DIR.
 */
import { execFile, execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** pg_ctl stop in this mode; "immediate" is a crash (no checkpoint, every connection cut). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** pg_ctl start, waiting until it accepts connections (after a crash: after its recovery). */
  start(): Promise<void>;
  /** Stops it if running and deletes its folder. */
  remove(): Promise<void>;
}

function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  return execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const root = userInfo().uid === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "tw-own-pg-"));
  if (root) {
    const ids = execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim();
    const gid = execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  // Asynchronous: the test's event loop goes on reading the server's output and sending its load meanwhile.
  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [cmd, argv] = root
        ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]]
        : [path.join(bin, program), args];
      execFile(cmd, argv, { encoding: "utf8" }, (error, stdout, stderr) =>
        error
          ? reject(new Error(`${program} ${args.join(" ")} failed: ${error.message}\n${stdout}\n${stderr}`))
          : resolve(),
      );
    });
  const data = path.join(dir, "data");
  const port = await freePort();
  await run("initdb", ["-D", data, "--auth=trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  // The socket in the test's folder: no clash with a system PostgreSQL's. No fsync: stopping the
  // server, even in immediate mode, ends its processes, not the machine, so what they wrote is in
  // the kernel's cache either way; syncing it to disk would only slow the test down.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const start = async () => {
    await run("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "start"]);
    running = true;
  };
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    await run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async remove() {
      try {
        if (running) await stop("immediate");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
