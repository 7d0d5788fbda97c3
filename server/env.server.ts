import { z } from "zod";

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
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", "must start with sk_").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_", "must start with pk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must start with whsec_").optional(),
  /** Only for tests: where the Stripe SDK sends its calls (a local fake). */
  STRIPE_API_BASE: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Tidewater Dive & Camp <bookings@tidewaterdive.com.au>"),
  /** How often the email outbox looks for due emails. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5_000),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(200).default(20),
  /**
   * How many reverse proxies (load balancer, CDN) stand between the internet and
   * this server. 0: the socket's peer is the client. 1 or more: the client is
   * read from X-Forwarded-For, counted from the right.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Unfinished checkouts (held bookings and open custom payments) one email
   * address or one client address may have at once; more answer 429.
   */
  MAX_OPEN_CHECKOUTS: z.coerce.number().int().min(1).max(10_000).default(3),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SEED: z.enum(["auto", "off"]).default("auto"),
});

export type Env = z.infer<typeof schema> & { publicUrl: string };

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
  return { ...env, publicUrl };
}
