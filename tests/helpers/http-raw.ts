/**
 * Plain node:http requests for tests that need control over the wire: a body
 * sent in two parts (so the request is in flight on the server while the test
 * does something else), methods fetch refuses to send, and answers read to
 * their last byte.
 */
import { request } from "node:http";

export interface RawAnswer {
  /** 0 when the connection failed or was cut before a complete answer. */
  status: number;
  body: string;
  /** The Retry-After header, when the answer has one. */
  retryAfter?: string;
  error?: string;
}

/**
 * A JSON POST whose body is held back until `finish()`; `answer` settles with the full response.
 * `sent` settles once the headers and the first half of the body have been handed to the
 * connection (or the connection failed, which `answer` then tells).
 */
export function postInTwoParts(
  url: string,
  body: unknown,
): { finish(): void; answer: Promise<RawAnswer>; sent: Promise<void> } {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  const target = new URL(url);
  let req: ReturnType<typeof request>;
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const answer = new Promise<RawAnswer>((resolve) => {
    req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/json", "Content-Length": payload.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            retryAfter: res.headers["retry-after"],
          }),
        );
        res.on("error", (e) => resolve({ status: 0, body: "", error: e.message }));
      },
    );
    req.on("error", (e) => {
      markSent();
      resolve({ status: 0, body: "", error: e.message });
    });
    req.write(payload.subarray(0, half), () => markSent());
  });
  return {
    finish: () => {
      req.end(payload.subarray(half));
    },
    answer,
    sent,
  };
}

/** A JSON POST sent in one go. */
export function postJson(url: string, body: unknown): Promise<RawAnswer> {
  const sent = postInTwoParts(url, body);
  sent.finish();
  return sent.answer;
}

/**
 * A request with any method, body-less, as a client on the wire sends it (fetch refuses TRACE and
 * CONNECT); answers the status, the headers and the body.
 */
export function sendMethod(
  url: string,
  method: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}
