/**
 * TOTP two-factor sign-in for the operator (RFC 6238 through otpauth: SHA-1,
 * 6 digits, 30-second steps, what every authenticator app speaks). State
 * lives in the settings table:
 * - admin_two_factor          { secret, enabled_at, last_step, recovery: [sha256 hex] } once enabled;
 * - admin_two_factor_pending  { secret, created_at } between "start" and "confirm".
 * A code is accepted one step either side of now (clock drift), and only for
 * a step later than the last one accepted, so a code seen once is useless
 * afterwards. Recovery codes are shown once and stored only as hashes.
 * Nothing here logs a code or a secret.
 */
import { createHash, randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { SecurityStatus } from "../../../app/lib/admin-security.ts";
import type { DB } from "../../db/client.server.ts";
import { settings } from "../../db/schema.ts";
import { getSetting } from "../content/settings.server.ts";

export const TWO_FACTOR_KEY = "admin_two_factor";
const PENDING_KEY = "admin_two_factor_pending";

const PERIOD = 30;
const DIGITS = 6;
/** Steps accepted either side of now. */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
/** An enrolment not confirmed within this long must be started again. */
const PENDING_LIFETIME_MS = 30 * 60 * 1000;
const ISSUER = "Tidewater Dive & Camp";

export interface TwoFactorRecord {
  secret: string;
  enabled_at: string;
  last_step: number;
  recovery: string[];
}

interface PendingRecord {
  secret: string;
  created_at: string;
}

function totp(secret: string, label = "admin"): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** What a person types: digits, perhaps with spaces ("123 456"). */
function normaliseTotp(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/**
 * The time step a code belongs to when it is valid now (one step of drift
 * either way), else null. Pure: the caller decides whether the step is new.
 */
export function totpStep(secret: string, input: string, now: Date): number | null {
  const code = normaliseTotp(input);
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: now.getTime() }) + delta;
}

/* ---------- Recovery codes ---------- */

/** No 0/o, 1/l/i: easy to copy by hand. */
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** A recovery code as shown: "xxxxx-xxxxx" (10 characters, about 50 bits). */
export function newRecoveryCode(): string {
  let s = "";
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Case, spaces and hyphens do not matter when a recovery code is typed. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, "");
}

/** Recovery codes are random (not chosen by a person), so a plain SHA-256 is enough to store them. */
export function hashRecoveryCode(input: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(input), "utf8").digest("hex");
}

export function looksLikeRecoveryCode(input: string): boolean {
  return /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(input));
}

/* ---------- Stored state ---------- */

export function getTwoFactor(db: DB): Promise<TwoFactorRecord | undefined> {
  return getSetting<TwoFactorRecord>(db, TWO_FACTOR_KEY);
}

/** What the settings page shows (GET /api/admin/security). */
export type TwoFactorStatus = SecurityStatus["two_factor"];

export async function twoFactorStatus(db: DB): Promise<TwoFactorStatus> {
  const record = await getTwoFactor(db);
  return {
    enabled: Boolean(record),
    enabled_at: record?.enabled_at ?? null,
    recovery_codes_left: record?.recovery.length ?? 0,
  };
}

export interface Enrolment {
  secret: string;
  otpauth_uri: string;
  /** The otpauth URI as a QR code, an SVG data URL an <img> can show. */
  qr_code: string;
}

/** Starts (or restarts) an enrolment with a new 160-bit secret; null when two-factor is already on. */
export async function startEnrolment(db: DB, now: Date, label: string): Promise<Enrolment | null> {
  if (await getTwoFactor(db)) return null;
  const secret = new Secret({ size: 20 }).base32;
  const value: PendingRecord = { secret, created_at: now.toISOString() };
  await db
    .insert(settings)
    .values({ key: PENDING_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  const uri = totp(secret, label).toString();
  // Loaded when the operator sets two-factor up, not in every process at start.
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    secret,
    otpauth_uri: uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

export type ConfirmResult =
  | { ok: true; recoveryCodes: string[] }
  | { ok: false; reason: "no-enrolment" | "wrong-code" | "already-enabled" };

/**
 * Confirms the pending enrolment with a current code: two-factor is on from
 * now, and the recovery codes are returned (the only time they exist in clear).
 * One transaction that deletes the pending row first, so two confirmations
 * racing cannot both win.
 */
export async function confirmEnrolment(db: DB, code: string, now: Date): Promise<ConfirmResult> {
  const pending = await getSetting<PendingRecord>(db, PENDING_KEY);
  if (!pending || now.getTime() - Date.parse(pending.created_at) > PENDING_LIFETIME_MS) {
    return { ok: false, reason: "no-enrolment" };
  }
  const step = totpStep(pending.secret, code, now);
  if (step === null) return { ok: false, reason: "wrong-code" };
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const record: TwoFactorRecord = {
    secret: pending.secret,
    enabled_at: now.toISOString(),
    // The confirming code is used up.
    last_step: step,
    recovery: recoveryCodes.map(hashRecoveryCode),
  };
  const outcome = await db.transaction(async (tx) => {
    const taken = await tx
      .delete(settings)
      .where(and(eq(settings.key, PENDING_KEY), sql`${settings.value}->>'secret' = ${pending.secret}`))
      .returning({ key: settings.key });
    if (!taken.length) return "no-enrolment" as const;
    const inserted = await tx
      .insert(settings)
      .values({ key: TWO_FACTOR_KEY, value: record })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    return inserted.length ? ("ok" as const) : ("already-enabled" as const);
  });
  if (outcome !== "ok") return { ok: false, reason: outcome };
  return { ok: true, recoveryCodes };
}

/** Marks a TOTP step used, atomically; false when that step (or a later one) was already used. */
async function spendStep(db: DB, secret: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(settings)
    .set({
      value: sql`jsonb_set(${settings.value}, '{last_step}', to_jsonb(${step}::bigint))`,
      updatedAt: now,
    })
    .where(
      and(
        eq(settings.key, TWO_FACTOR_KEY),
        sql`${settings.value}->>'secret' = ${secret}`,
        sql`coalesce((${settings.value}->>'last_step')::bigint, -1) < ${step}::bigint`,
      ),
    )
    .returning({ key: settings.key });
  return rows.length > 0;
}

/** Removes one recovery code, atomically; false when it is not (or no longer) there. */
async function spendRecoveryCode(db: DB, input: string, now: Date): Promise<boolean> {
  const digest = hashRecoveryCode(input);
  const rows = await db
    .update(settings)
    .set({
      value: sql`jsonb_set(${settings.value}, '{recovery}', (${settings.value}->'recovery') - ${digest}::text)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(settings.key, TWO_FACTOR_KEY),
        sql`(${settings.value}->'recovery') @> jsonb_build_array(${digest}::text)`,
      ),
    )
    .returning({ key: settings.key });
  return rows.length > 0;
}

export type SecondFactor = "totp" | "recovery";

/**
 * Checks and uses up a second factor: a current TOTP code (never one already
 * used) or, unless `recoveryCodes` is false, an unused recovery code. Returns
 * which one worked, or null.
 */
export async function spendSecondFactor(
  db: DB,
  record: TwoFactorRecord,
  input: string,
  now: Date,
  options: { recoveryCodes?: boolean } = {},
): Promise<SecondFactor | null> {
  if (!input || input.length > 64) return null;
  const step = totpStep(record.secret, input, now);
  if (step !== null) return (await spendStep(db, record.secret, step, now)) ? "totp" : null;
  if (options.recoveryCodes === false) return null;
  if (looksLikeRecoveryCode(input) && (await spendRecoveryCode(db, input, now))) return "recovery";
  return null;
}

/** Turns two-factor sign-in off (and drops any enrolment in progress). */
export async function disableTwoFactor(db: DB): Promise<void> {
  await db.delete(settings).where(sql`${settings.key} in (${TWO_FACTOR_KEY}, ${PENDING_KEY})`);
}
