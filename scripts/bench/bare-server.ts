/**
 * The baseline server: node:http and nothing else, sending captured answers
 * from memory (same status, headers and bytes as the app sent). Run as
 * `node scripts/bench/bare-server.ts <capture.json> <port>`; an unknown path
 * answers 404 and is named on stderr, so a static copy that misses an asset
 * shows up instead of looking fast.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Capture } from "./capture.ts";

const [file, port] = process.argv.slice(2);
const capture = JSON.parse(readFileSync(file, "utf8")) as Capture;
const answers = new Map(
  Object.entries(capture).map(([url, c]) => {
    const body = Buffer.from(c.body, "base64");
    const headers = [...c.headers.flat(), "Content-Length", String(body.length)];
    return [url, { status: c.status, headers, body }] as const;
  }),
);

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? "");
  if (!answer) {
    process.stderr.write(`miss ${req.method} ${req.url}\n`);
    res.writeHead(404, { "Content-Length": "0" }).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(req.method === "HEAD" ? undefined : answer.body);
});
server.listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
