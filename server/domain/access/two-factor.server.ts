/**
 * TOTP two-factor sign-in for the owner and each staff member (RFC 6238
 * through otpauth: SHA-1, 6 digits, 30-second steps, what every authenticator
 * app speaks). State lives in the settings table, in one slot per account:
 * - admin_two_factor          { secret, enabled_at, last_step, recovery } once enabled;
 * - admin_two_factor_pending  { secret, created_at } between "start" and "confirm"
 *   (a staff member's under `staff_two_factor:<id>` and `staff_two_factor_pending:<id>`).
 * The secret is stored sealed by the process's SecretBox (decision record 8);
 * recovery codes only as slow hashes (recovery-codes.server.ts). A code is
 * accepted one step either side of now (clock drift), and only for a step
 * later than the last one accepted, so a code seen once is useless afterwards.
 * Nothing here logs a code or a secret.
 */
import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { SecurityStatus } from "../../../app/lib/admin-security.ts";
import { DEFAULT_SITE_NAME, siteName } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { settings } from "../../db/schema.ts";
import { HttpError } from "../../errors.server.ts";
import { isSealed, type SecretBox, sealedKeyId } from "../../security/secret-box.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getSetting } from "../content/settings.server.ts";
import {
  findRecoveryEntry,
  hashRecoveryCode,
  isLegacyRecoveryEntry,
  newRecoveryCode,
  recoveryEntry,
} from "./recovery-codes.server.ts";

export const TWO_FACTOR_KEY = "admin_two_factor";
const PENDING_KEY = "admin_two_factor_pending";
/** What a secret is sealed for: a sealed value copied anywhere else does not open. */
const SECRET_CONTEXT = "settings.admin_two_factor.secret";

/** Where one account's two-factor state is kept, and what its secret is sealed for. */
export interface TwoFactorSlot {
  record: string;
  pending: string;
  context: string;
}

/** The owner's: the site's own account, as before staff existed. */
export const OWNER_TWO_FACTOR: TwoFactorSlot = {
  record: TWO_FACTOR_KEY,
  pending: PENDING_KEY,
  context: SECRET_CONTEXT,
};

/** A staff member's (removed with the member). */
export const staffTwoFactor = (staffId: string): TwoFactorSlot => ({
  record: `staff_two_factor:${staffId}`,
  pending: `staff_two_factor_pending:${staffId}`,
  context: `settings.staff_two_factor.${staffId}.secret`,
});

const PERIOD = 30;
const DIGITS = 6;
/** Steps accepted either side of now. */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
/** An enrolment not confirmed within this long must be started again. */
const PENDING_LIFETIME_MS = 30 * 60 * 1000;

export interface TwoFactorRecord {
  /** Sealed; plain base32 only when kept from before encryption with no key to seal it yet. */
  secret: string;
  enabled_at: string;
  last_step: number;
  /** One entry per unused recovery code (recovery-codes.server.ts). */
  recovery: string[];
}

interface PendingRecord {
  secret: string;
  created_at: string;
}

export const TWO_FACTOR_UNREADABLE =
  "Two-factor sign-in cannot be checked on this server: its encryption key is not the one the authenticator's secret was stored with. The server log says what to do.";

/** The secret in clear; a 503 when this process has no key for it, or another one. */
function readSecret(box: SecretBox | null, stored: string, slot: TwoFactorSlot): string {
  if (!isSealed(stored)) return stored;
  if (!box || sealedKeyId(stored) !== box.id) throw new HttpError(503, TWO_FACTOR_UNREADABLE);
  return box.open(stored, slot.context);
}

/** The issuer an authenticator app lists the code under: the site's name when it was set up. */
function totp(secret: string, label = "admin", issuer = DEFAULT_SITE_NAME): TOTP {
  return new TOTP({
    issuer,
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

/* ---------- Stored state ---------- */

export function getTwoFactor(
  db: DB,
  slot: TwoFactorSlot = OWNER_TWO_FACTOR,
): Promise<TwoFactorRecord | undefined> {
  return getSetting<TwoFactorRecord>(db, slot.record);
}

/** What the settings page shows (GET /api/admin/security). */
export type TwoFactorStatus = SecurityStatus["two_factor"];

/** How the stored secret is kept, as far as this process can tell. */
function secretState(record: TwoFactorRecord, box: SecretBox | null): TwoFactorStatus["secret"] {
  if (!isSealed(record.secret)) return "unencrypted";
  return box && sealedKeyId(record.secret) === box.id ? "encrypted" : "unreadable";
}

export async function twoFactorStatus(
  db: DB,
  box: SecretBox | null,
  slot: TwoFactorSlot = OWNER_TWO_FACTOR,
): Promise<TwoFactorStatus> {
  const record = await getTwoFactor(db, slot);
  return {
    enabled: Boolean(record),
    enabled_at: record?.enabled_at ?? null,
    recovery_codes_left: record?.recovery.length ?? 0,
    can_set_up: box !== null,
    secret: record ? secretState(record, box) : null,
  };
}

export interface Enrolment {
  secret: string;
  otpauth_uri: string;
  /** The otpauth URI as a QR code, an SVG data URL an <img> can show. */
  qr_code: string;
}

/** Starts (or restarts) an enrolment with a new 160-bit secret; null when two-factor is already on. */
export async function startEnrolment(
  db: DB,
  box: SecretBox,
  now: Date,
  label: string,
  slot: TwoFactorSlot = OWNER_TWO_FACTOR,
): Promise<Enrolment | null> {
  if (await getTwoFactor(db, slot)) return null;
  const secret = new Secret({ size: 20 }).base32;
  const value: PendingRecord = { secret: box.seal(secret, slot.context), created_at: now.toISOString() };
  await db
    .insert(settings)
    .values({ key: slot.pending, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  const uri = totp(secret, label, siteName(await loadSiteContent(db))).toString();
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
export async function confirmEnrolment(
  db: DB,
  box: SecretBox,
  code: string,
  now: Date,
  slot: TwoFactorSlot = OWNER_TWO_FACTOR,
): Promise<ConfirmResult> {
  const pending = await getSetting<PendingRecord>(db, slot.pending);
  if (
    !pending ||
    now.getTime() - Date.parse(pending.created_at) > PENDING_LIFETIME_MS ||
    sealedKeyId(pending.secret) !== box.id
  ) {
    return { ok: false, reason: "no-enrolment" };
  }
  const step = totpStep(box.open(pending.secret, slot.context), code, now);
  if (step === null) return { ok: false, reason: "wrong-code" };
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const record: TwoFactorRecord = {
    secret: pending.secret,
    enabled_at: now.toISOString(),
    // The confirming code is used up.
    last_step: step,
    // Slow hashes, taken before the transaction opens.
    recovery: await Promise.all(recoveryCodes.map(hashRecoveryCode)),
  };
  const outcome = await db.transaction(async (tx) => {
    const taken = await tx
      .delete(settings)
      .where(and(eq(settings.key, slot.pending), sql`${settings.value}->>'secret' = ${pending.secret}`))
      .returning({ key: settings.key });
    if (!taken.length) return "no-enrolment" as const;
    const inserted = await tx
      .insert(settings)
      .values({ key: slot.record, value: record })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    return inserted.length ? ("ok" as const) : ("already-enabled" as const);
  });
  if (outcome !== "ok") return { ok: false, reason: outcome };
  return { ok: true, recoveryCodes };
}

/** Marks a TOTP step used, atomically; false when that step (or a later one) was already used. */
async function spendStep(
  db: DB,
  storedSecret: string,
  step: number,
  now: Date,
  slot: TwoFactorSlot,
): Promise<boolean> {
  const rows = await db
    .update(settings)
    .set({
      value: sql`jsonb_set(${settings.value}, '{last_step}', to_jsonb(${step}::bigint))`,
      updatedAt: now,
    })
    .where(
      and(
        eq(settings.key, slot.record),
        sql`${settings.value}->>'secret' = ${storedSecret}`,
        sql`coalesce((${settings.value}->>'last_step')::bigint, -1) < ${step}::bigint`,
      ),
    )
    .returning({ key: settings.key });
  return rows.length > 0;
}

/** Removes one recovery code, atomically; false when it is not (or no longer) there. */
async function spendRecoveryCode(
  db: DB,
  record: TwoFactorRecord,
  input: string,
  now: Date,
  slot: TwoFactorSlot,
): Promise<boolean> {
  const entry = await findRecoveryEntry(record.recovery, input);
  if (!entry) return false;
  const rows = await db
    .update(settings)
    .set({
      value: sql`jsonb_set(${settings.value}, '{recovery}', (${settings.value}->'recovery') - ${entry}::text)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(settings.key, slot.record),
        sql`(${settings.value}->'recovery') @> jsonb_build_array(${entry}::text)`,
      ),
    )
    .returning({ key: settings.key });
  return rows.length > 0;
}

export type SecondFactor = "totp" | "recovery";

/**
 * Checks and uses up a second factor: a current TOTP code (never one already
 * used) or, unless `recoveryCodes` is false, an unused recovery code. Returns
 * which one worked, or null; a 503 when this process cannot read the secret.
 */
export async function spendSecondFactor(
  db: DB,
  box: SecretBox | null,
  record: TwoFactorRecord,
  input: string,
  now: Date,
  options: { recoveryCodes?: boolean; slot?: TwoFactorSlot } = {},
): Promise<SecondFactor | null> {
  if (!input || input.length > 64) return null;
  const slot = options.slot ?? OWNER_TWO_FACTOR;
  const step = totpStep(readSecret(box, record.secret, slot), input, now);
  if (step !== null) return (await spendStep(db, record.secret, step, now, slot)) ? "totp" : null;
  if (options.recoveryCodes === false) return null;
  return (await spendRecoveryCode(db, record, input, now, slot)) ? "recovery" : null;
}

/** Turns two-factor sign-in off (and drops any enrolment in progress); the owner resets a member's lost factor with it. */
export async function disableTwoFactor(db: DB, slot: TwoFactorSlot = OWNER_TWO_FACTOR): Promise<void> {
  await db.delete(settings).where(sql`${settings.key} in (${slot.record}, ${slot.pending})`);
}

/**
 * At start: brings what an older version stored up to date. A secret kept in
 * clear is sealed (when this process has a key), recovery codes kept as bare
 * SHA-256 get the slow hash (of that same digest, so the codes the operator
 * holds keep working), and an enrolment left half-way with a secret in clear
 * is dropped (it only has to be started again). The swap is conditional on
 * the record being unchanged, so a sign-in using a code meanwhile, or another
 * process doing the same, is never overwritten. Answers the secret's state.
 */
export async function upgradeTwoFactorStorage(
  db: DB,
  box: SecretBox | null,
  now: Date,
): Promise<{ secret: TwoFactorStatus["secret"]; sealed: boolean; rehashed: number }> {
  await db
    .delete(settings)
    .where(and(eq(settings.key, PENDING_KEY), sql`${settings.value}->>'secret' not like 'v1.%'`));
  for (let tries = 0; tries < 5; tries++) {
    const record = await getTwoFactor(db);
    if (!record) return { secret: null, sealed: false, rehashed: 0 };
    const legacy = record.recovery.filter(isLegacyRecoveryEntry);
    const seal = box !== null && !isSealed(record.secret);
    if (!seal && !legacy.length) return { secret: secretState(record, box), sealed: false, rehashed: 0 };
    const next: TwoFactorRecord = {
      ...record,
      secret: seal && box ? box.seal(record.secret, SECRET_CONTEXT) : record.secret,
      recovery: await Promise.all(
        record.recovery.map((entry) => (isLegacyRecoveryEntry(entry) ? recoveryEntry(entry) : entry)),
      ),
    };
    const swapped = await db
      .update(settings)
      .set({ value: next, updatedAt: now })
      .where(and(eq(settings.key, TWO_FACTOR_KEY), sql`${settings.value} = ${JSON.stringify(record)}::jsonb`))
      .returning({ key: settings.key });
    if (swapped.length) return { secret: secretState(next, box), sealed: seal, rehashed: legacy.length };
  }
  throw new Error("The two-factor record kept changing while this process started");
}
