import { z } from "zod";
import { KEY_MIN_LENGTH } from "./security/secret-box.server.ts";

/**
 * Every setting the server reads, parsed once at boot. Defaults run the whole
 * site locally with nothing configured: embedded database, test checkout,
 * email kept in the outbox. See README "Configuration".
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  /**
   * Encrypts the two-factor secret in the database (server/security/secret-box.server.ts).
   * Unset: a key file in DATA_DIR on the embedded database; none on PostgreSQL.
   */
  ENCRYPTION_KEY: z
    .string()
    .min(
      KEY_MIN_LENGTH,
      `must be at least ${KEY_MIN_LENGTH} characters (for example the output of: openssl rand -base64 32)`,
    )
    .optional(),
  /**
   * Which checkout takes payments: stripe (real cards) or test (the built-in
   * checkout, no money moves). Unset: stripe when STRIPE_SECRET_KEY is set,
   * otherwise test. See paymentsDecision for when the server refuses to start.
   */
  PAYMENTS: z.enum(["stripe", "test"]).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", "must start with sk_").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_", "must start with pk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must start with whsec_").optional(),
  /** Only for tests: where the Stripe SDK sends its calls (a local fake). */
  STRIPE_API_BASE: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  /** The sender's address; its name is the site's name (settings) unless written here as "Name <address>". */
  MAIL_FROM: z.string().default("bookings@tidewaterdive.com.au"),
  /** How often the email outbox looks for due emails. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5_000),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(200).default(20),
  /**
   * Memory for the public page cache (server/cache/page-cache.server.ts): the
   * rendered public pages and public API answers, kept per content version.
   * 0 turns the cache off (every request is rendered).
   */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /**
   * How many reverse proxies (load balancer, CDN) stand between the internet and
   * this server. 0: the socket's peer is the client. 1 or more: the client is
   * read from X-Forwarded-For, counted from the right.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Multiplies every public rate limit (server/security/public-limits.server.ts).
   * 1 in production; load tests and local end-to-end runs, which send many
   * requests from one address, raise it.
   */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().max(1_000_000).default(1),
  /**
   * Unfinished checkouts (held bookings and open custom payments) one email
   * address or one client address may have at once; more answer 429.
   */
  MAX_OPEN_CHECKOUTS: z.coerce.number().int().min(1).max(10_000).default(3),
  /**
   * Days after a trip's last day until its participants' medical answers are
   * erased (health information is kept no longer than the trip needs it).
   */
  MEDICAL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Days an audit log entry is kept (from when it was recorded). At least a
   * year: the database's trigger refuses deleting a younger entry, so a
   * shorter retention could never be honoured and is refused at start.
   */
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(365, "must be at least 365 (the database keeps every audit entry for a year)")
    .max(36_500)
    .default(730),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SEED: z.enum(["auto", "off"]).default("auto"),
});

export type PaymentsMode = "stripe" | "test";

export type Env = z.infer<typeof schema> & {
  publicUrl: string;
  /** The checkout in use (see paymentsDecision). */
  paymentsMode: PaymentsMode;
};

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * Whether the configuration looks like a deployment facing the public: a
 * separate database server, or a public address that is not this machine.
 */
export function looksDeployed(env: { DATABASE_URL?: string; PUBLIC_URL?: string }): boolean {
  if (env.DATABASE_URL) return true;
  if (!env.PUBLIC_URL) return false;
  return !LOCAL_HOSTS.has(new URL(env.PUBLIC_URL).hostname.toLowerCase());
}

export interface PaymentsDecision {
  mode: PaymentsMode;
  /** Set when the server must not start: what is wrong and exactly what to set. */
  refusal?: string;
}

/**
 * The one rule for which checkout takes payments, and when that choice is
 * unsafe. Failing safe matters more than starting: a real deployment that
 * forgot its Stripe key would otherwise "sell" trips through the test
 * checkout, and a Stripe key without a webhook secret would take money whose
 * confirmations the site can never verify.
 */
export function paymentsDecision(env: {
  PAYMENTS?: PaymentsMode;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  DATABASE_URL?: string;
  PUBLIC_URL?: string;
}): PaymentsDecision {
  const mode: PaymentsMode = env.PAYMENTS ?? (env.STRIPE_SECRET_KEY ? "stripe" : "test");
  const stripeHelp =
    "STRIPE_SECRET_KEY (your Stripe secret key, sk_live_... or sk_test_...) and STRIPE_WEBHOOK_SECRET " +
    "(the signing secret, whsec_..., of the webhook endpoint <PUBLIC_URL>/api/payments/v1/webhook/stripe)";
  if (mode === "stripe") {
    if (!env.STRIPE_SECRET_KEY) {
      return {
        mode,
        refusal:
          `PAYMENTS=stripe needs STRIPE_SECRET_KEY. Set ${stripeHelp}, ` +
          "or set PAYMENTS=test to use the built-in test checkout (no real payments).",
      };
    }
    if (!env.STRIPE_WEBHOOK_SECRET) {
      return {
        mode,
        refusal:
          "STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: without it the site cannot verify " +
          "Stripe's payment confirmations. Create a webhook endpoint in the Stripe dashboard for " +
          "<PUBLIC_URL>/api/payments/v1/webhook/stripe and set STRIPE_WEBHOOK_SECRET to its signing " +
          "secret (whsec_...).",
      };
    }
    return { mode };
  }
  if (!env.PAYMENTS && looksDeployed(env)) {
    const why = env.DATABASE_URL ? "DATABASE_URL is set" : `PUBLIC_URL (${env.PUBLIC_URL}) is not localhost`;
    return {
      mode,
      refusal:
        `This looks like a real deployment (${why}) but no payment provider is configured, so bookings ` +
        `would go through the test checkout and no money would be taken. To take real payments set ${stripeHelp}. ` +
        "To run on purpose with the test checkout (a staging site), set PAYMENTS=test; every page then " +
        "shows a TEST MODE ribbon.",
    };
  }
  return { mode };
}

/** Throws with the refusal when the configuration must not serve the public. */
export function assertSafeToStart(env: Env): void {
  const { refusal } = paymentsDecision(env);
  if (refusal) throw new Error(`Unsafe configuration:\n  ${refusal}`);
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Treat empty strings (e.g. `STRIPE_SECRET_KEY=` in a copied .env) as unset.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return { ...env, publicUrl, paymentsMode: paymentsDecision(env).mode };
}
