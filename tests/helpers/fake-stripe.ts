/**
 * A local stand-in for the few Stripe API endpoints the site calls, so the
 * real Stripe SDK can be exercised offline (STRIPE_API_BASE points here).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_total: number;
  currency: string;
  mode: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  payment_intent: string | null;
  line_items_input: unknown;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  /** Every refund actually made (a replayed idempotency key adds none). */
  refunds: {
    id: string;
    payment_intent: string;
    amount: number;
    status: string;
    metadata: Record<string, string>;
  }[];
  /** Every call received: method and path, and whether it carried the SDK's telemetry header. */
  calls: {
    method: string;
    path: string;
    body: Record<string, unknown>;
    idempotencyKey?: string;
    telemetry?: true;
  }[];
  /** Marks a session paid, as a customer finishing checkout would. */
  complete(id: string, email?: string): FakeSession;
  /** Makes the next n calls answer 500 (no retries wanted: the SDK retries 5xx). */
  failCreates(n: number): void;
  /** Makes the next n refund calls fail before any refund is made (an outage at Stripe). */
  failRefunds(n: number): void;
  /** Changes the next session created before it is answered: a shape Stripe may send (no url...). */
  alterNextSession(change: (session: Record<string, unknown>) => void): void;
  /**
   * Runs before the next expire is answered: a payment that lands first, or `"fail"` to refuse
   * it while the session stays open.
   */
  beforeNextExpire(run: (session: FakeSession) => "fail" | undefined): void;
  close(): Promise<void>;
}

/** Parses Stripe's form encoding: a[b][0][c]=1 into nested objects/arrays. */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const rid = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeStripe["refunds"] = [];
  const calls: FakeStripe["calls"] = [];
  const idempotent = new Map<string, string>();
  let failing = 0;
  let failingRefunds = 0;
  const refundKeys = new Map<string, FakeStripe["refunds"][number]>();
  let alterNext: ((session: Record<string, unknown>) => void) | undefined;
  let beforeExpire: ((session: FakeSession) => "fail" | undefined) | undefined;

  const server: Server = createServer(async (req, res) => {
    const text = await readBody(req);
    const body = text ? parseForm(text) : {};
    const path = (req.url ?? "").split("?")[0];
    const sentKey = req.headers["idempotency-key"];
    calls.push({
      method: req.method ?? "",
      path,
      body,
      ...(typeof sentKey === "string" ? { idempotencyKey: sentKey } : {}),
      ...(req.headers["x-stripe-client-telemetry"] ? { telemetry: true as const } : {}),
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": rid("req_") });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, message: string) =>
      send(status, { error: { type: "invalid_request_error", message } });

    if (req.headers.authorization !== "Bearer sk_test_fake") return error(401, "Invalid API Key provided");

    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      if (failing > 0) {
        failing--;
        return send(400, { error: { type: "api_error", message: "Fake outage" } });
      }
      const key = req.headers["idempotency-key"];
      if (typeof key === "string" && idempotent.has(key)) {
        return send(200, sessions.get(idempotent.get(key) as string));
      }
      const items = (body.line_items as { quantity: string; price_data: Record<string, unknown> }[]) ?? [];
      const amount = items.reduce(
        (sum, li) => sum + Number(li.price_data.unit_amount) * Number(li.quantity ?? 1),
        0,
      );
      const id = rid("cs_test_");
      const session: FakeSession = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        currency: String(items[0]?.price_data.currency ?? "aud"),
        mode: String(body.mode),
        metadata: (body.metadata as Record<string, string>) ?? {},
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        expires_at: Number(body.expires_at),
        customer_email: (body.customer_email as string) ?? null,
        customer_details: null,
        payment_intent: null,
        line_items_input: items,
      };
      sessions.set(id, session);
      if (typeof key === "string") idempotent.set(key, id);
      const answer: Record<string, unknown> = { ...session };
      alterNext?.(answer);
      alterNext = undefined;
      return send(200, answer);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (req.method === "POST" && expire) {
      const s = sessions.get(expire[1]);
      if (!s) return error(404, "No such checkout.session");
      const run = beforeExpire;
      beforeExpire = undefined;
      if (run?.(s) === "fail") return error(400, "Fake expire refused");
      if (s.status !== "open")
        return error(400, "Only Checkout Sessions with a status of open can be expired.");
      s.status = "expired";
      return send(200, s);
    }
    const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === "GET" && get) {
      const s = sessions.get(get[1]);
      return s ? send(200, s) : error(404, "No such checkout.session");
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      // Like Stripe: a key seen before answers its first refund, and nothing is refunded again.
      const key = req.headers["idempotency-key"];
      if (typeof key === "string" && refundKeys.has(key)) {
        return send(200, { object: "refund", ...refundKeys.get(key) });
      }
      if (failingRefunds > 0) {
        failingRefunds--;
        return send(400, { error: { type: "api_error", message: "Fake refund outage" } });
      }
      const intent = String(body.payment_intent);
      const paid = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!paid) return error(400, `No such payment_intent: '${intent}'`);
      const done = refunds
        .filter((r) => r.payment_intent === intent && r.status !== "failed")
        .reduce((n, r) => n + r.amount, 0);
      const amount = Number(body.amount ?? paid.amount_total - done);
      if (done + amount > paid.amount_total) {
        return error(400, `Refund amount is greater than unrefunded amount on charge`);
      }
      const refund = {
        id: rid("re_"),
        payment_intent: intent,
        amount,
        status: "succeeded",
        metadata: (body.metadata as Record<string, string>) ?? {},
      };
      refunds.push(refund);
      if (typeof key === "string") refundKeys.set(key, refund);
      return send(200, { object: "refund", ...refund });
    }
    return error(404, `Unrecognized request URL (${req.method}: ${path})`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    calls,
    complete(id, email = "payer@example.com") {
      const s = sessions.get(id);
      if (!s) throw new Error(`fake stripe: no session ${id}`);
      s.status = "complete";
      s.payment_status = "paid";
      s.payment_intent = rid("pi_");
      s.customer_details = { email: s.customer_email ?? email };
      return s;
    },
    failCreates(n) {
      failing = n;
    },
    failRefunds(n) {
      failingRefunds = n;
    },
    alterNextSession(change) {
      alterNext = change;
    },
    beforeNextExpire(run) {
      beforeExpire = run;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
