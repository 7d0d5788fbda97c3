/**
 * Starts the production build as a real child process (what `npm start` runs),
 * for tests of behaviour that only whole processes show: several processes on
 * one database, signals, crashes. Needs `npm run build` first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.ts";

export { createPgDatabase } from "./pg.ts";

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every line the process wrote (stdout and stderr). */
  output: string[];
  /** Sends a signal and waits for the process to exit; answers its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /**
   * The first line (already written or still to come) that contains `text`;
   * rejects after `timeoutMs` or when the process exits without writing it.
   */
  waitForLine(text: string, timeoutMs?: number): Promise<string>;
}

/** Starts `server/index.ts` with `env` and waits until it listens (port 0 picks a free one). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      ADMIN_PASSWORD: "process-test-password",
      // Many requests from one address: public rate limits scaled up and the open-checkout cap per
      // address lifted, unless a test sets its own.
      RATE_LIMIT_FACTOR: "1000",
      MAX_OPEN_CHECKOUTS: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const lineWatchers = new Set<(line: string) => void>();
  // "close" comes after the last output has been read, unlike "exit".
  const closed = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = "";
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      let nl = buffer.indexOf("\n");
      while (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        output.push(line);
        for (const watch of lineWatchers) watch(line);
        if (line.includes('"msg":"listening"')) {
          resolve(JSON.parse(line).port as number);
        }
        nl = buffer.indexOf("\n");
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${output.join("\n")}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    waitForLine(text, timeoutMs = 10_000) {
      const seen = output.find((l) => l.includes(text));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise<string>((resolve, reject) => {
        const done = () => {
          lineWatchers.delete(watch);
          clearTimeout(timer);
        };
        const watch = (line: string) => {
          if (!line.includes(text)) return;
          done();
          resolve(line);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no output line containing ${JSON.stringify(text)} within ${timeoutMs} ms`));
        }, timeoutMs);
        lineWatchers.add(watch);
        void closed.then((code) => {
          if (!lineWatchers.has(watch)) return;
          done();
          reject(new Error(`exited with ${code} without writing ${JSON.stringify(text)}`));
        });
      });
    },
  };
}

/** A temporary DATA_DIR (embedded database and uploads); remove() deletes it. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "tw-proc-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
