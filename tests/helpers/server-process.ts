/**
 * Starts the production build as a real child process (what `npm start` runs),
 * for tests of behaviour that only whole processes show: several processes on
 * one database, signals, crashes. Needs `npm run build` first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export { createPgDatabase } from "./pg.ts";

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every line the process wrote (stdout and stderr). */
  output: string[];
  /** Sends a signal and waits for the process to exit; answers its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `server/index.ts` with `env` and waits until it listens (port 0 picks a free one). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      ADMIN_PASSWORD: "process-test-password",
      // Many requests from one address: public rate limits scaled up unless a test sets its own.
      RATE_LIMIT_FACTOR: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
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
  };
}

/** A temporary DATA_DIR (embedded database and uploads); remove() deletes it. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "tw-proc-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
