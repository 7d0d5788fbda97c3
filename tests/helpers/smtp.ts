/**
 * A real SMTP server (smtp-server) that keeps every message it receives, for
 * tests that check what the outbox delivers.
 */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message matching, waiting up to timeoutMs. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Unfolds and decodes a header (RFC 2047 encoded words included). */
export function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return "";
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeURIComponent(text.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, "%$1")),
    );
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: header(raw, "Subject"),
        };
        messages.push(mail);
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    messages,
    waitFor(match, timeoutMs = 15_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`No matching email within ${timeoutMs} ms (got ${messages.length})`));
          }
        }, timeoutMs).unref?.();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded body of the first MIME part whose Content-Type matches (e.g. text/calendar). */
export function mimePart(raw: string, contentType: RegExp): string | null {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]);
  for (const boundary of boundaries) {
    for (const part of raw.split(`--${boundary}`)) {
      const [head, ...rest] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, " ");
      if (!contentType.test(headers.match(/content-type:\s*([^\r\n]+)/i)?.[1] ?? "")) continue;
      const body = rest.join("\r\n\r\n").trim();
      const encoding = headers.match(/content-transfer-encoding:\s*([^\s;]+)/i)?.[1]?.toLowerCase();
      if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
      return body;
    }
  }
  return null;
}

/** The plain-text body of a message, multipart or not, with its transfer encoding decoded. */
export function plainText(raw: string): string {
  const part = mimePart(raw, /text\/plain/i);
  if (part !== null) return part;
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n");
  return /quoted-printable/i.test(header(raw, "Content-Transfer-Encoding"))
    ? decodeQuotedPrintable(body)
    : body;
}

/** Quoted-printable to text: soft line breaks ("=" at a line's end) joined, "=XX" bytes read as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  return Buffer.from(
    body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}
