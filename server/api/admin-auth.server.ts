import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { changePasswordSchema, PASSWORD_MAX, type SecurityStatus } from "../../app/lib/admin-security.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { can, deniedMessage } from "../../app/lib/staff-access.ts";
import type { SignedIn } from "../../app/lib/staff-api.ts";
import {
  bearerToken,
  createSession,
  passwordChecker,
  replacePassword,
  revokeSession,
  type SessionHolder,
  type SessionOrigin,
  verifySession,
} from "../domain/access/auth.server.ts";
import {
  checkMemberPassword,
  findMember,
  findMemberByEmail,
  hasStaff,
  normaliseEmail,
  ownerEmail,
} from "../domain/access/staff.server.ts";
import {
  needsTwoFactorFirst,
  SET_UP_TWO_FACTOR,
  twoFactorLock,
} from "../domain/access/staff-two-factor.server.ts";
import {
  getTwoFactor,
  OWNER_TWO_FACTOR,
  spendSecondFactor,
  staffTwoFactor,
  type TwoFactorSlot,
  twoFactorStatus,
} from "../domain/access/two-factor.server.ts";
import { withActor } from "../domain/audit/actor.server.ts";
import { badRequest, HttpError } from "../errors.server.ts";
import { matchRoute, needsAdmin, permissionFor, routeOf } from "../route-match.server.ts";
import { clientAddressInClear, clientKey, networkKey } from "../security/client.server.ts";
import {
  clearAttempts,
  countAttempt,
  countNetworkFailure,
  isKnownClient,
  releaseFailure,
  releaseNetworkCheck,
  rememberClient,
  reserveFailure,
  waitText,
} from "../security/login-throttle.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

/**
 * Which API calls need the admin token, as the route table declares it
 * (app/route-policy.ts): everything under /api/admin/ except the login
 * itself, plus the two lists of customer data (GET /api/bookings, GET
 * /api/contact). POST to those two stays public.
 */
export function isAdminOnly(method: string, path: string): boolean {
  return needsAdmin(method, matchRoute(path));
}

/** Per-app auth state: how a password is checked (tests may wrap it to count the checks). */
export interface AdminAuthState {
  checkPassword: (password: string) => Promise<boolean>;
}

const states = new WeakMap<Services, AdminAuthState>();

export function adminAuthState(services: Services): AdminAuthState {
  let state = states.get(services);
  if (!state) {
    state = { checkPassword: passwordChecker(services.database.db, services.env.ADMIN_PASSWORD) };
    states.set(services, state);
  }
  return state;
}

const unauthorized = (c: Context, detail: string) => {
  c.header("WWW-Authenticate", 'Bearer realm="admin"');
  return c.json({ detail }, 401);
};

const holders = new WeakMap<Request, SessionHolder>();

/** Who made this admin call (set by requireAdmin before any admin handler runs). */
export function holderOf(c: Context): SessionHolder {
  const holder = holders.get(c.req.raw);
  if (!holder) throw new Error("An admin handler ran without requireAdmin");
  return holder;
}

/** Where the caller's own two-factor state is kept. */
export const slotOf = (holder: SessionHolder): TwoFactorSlot =>
  holder.staffId === null ? OWNER_TWO_FACTOR : staffTwoFactor(holder.staffId);

/**
 * Answers 401 { detail } unless the request carries a live admin token, and
 * 403 { detail } unless its holder's role has the permission the route table
 * declares for this method (app/route-policy.ts; app/lib/staff-access.ts).
 */
export function requireAdmin(services: Services): MiddlewareHandler {
  return async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (!token) return unauthorized(c, "Not authenticated. Please log in.");
    const address = clientAddressInClear(c, services.env.TRUST_PROXY_HOPS);
    const holder = await verifySession(services.database.db, token, services.now(), address);
    if (!holder) {
      return unauthorized(c, "Your session has expired or is not valid. Please log in again.");
    }
    const permission = permissionFor(c.req.method, routeOf(c));
    if (!can(holder.role, permission)) return c.json({ detail: deniedMessage(holder.role, permission) }, 403);
    if (permission !== "console" && (await needsTwoFactorFirst(services.database.db, holder))) {
      return c.json({ detail: SET_UP_TWO_FACTOR }, 403);
    }
    holders.set(c.req.raw, holder);
    // Every write the call makes is recorded in the audit log under its holder.
    await withActor({ staffId: holder.staffId, address }, () => next());
  };
}

/** The device and address a new session is listed with. */
function sessionOrigin(c: Context, services: Services): SessionOrigin {
  return {
    userAgent: c.req.header("User-Agent") ?? "",
    address: clientAddressInClear(c, services.env.TRUST_PROXY_HOPS),
  };
}

/** 429 with Retry-After, in the login answer's shape. */
function tooManyAttempts(c: Context, retryAfter: number, detail: string, extra: object = {}) {
  c.header("Retry-After", String(retryAfter));
  return c.json({ success: false, detail, retry_after: retryAfter, ...extra }, 429);
}

/** The per-client limit's 429; with two-factor on, the authenticator's code still lets the operator in. */
const clientLimited = (c: Context, retryAfter: number, twoFactor = false) =>
  twoFactor
    ? tooManyAttempts(
        c,
        retryAfter,
        `Too many failed login attempts from this address. Enter the 6-digit code from your authenticator app with your password, or try again in ${waitText(retryAfter)}.`,
        { two_factor_required: true },
      )
    : tooManyAttempts(
        c,
        retryAfter,
        `Too many failed login attempts. Please try again in ${waitText(retryAfter)}.`,
      );

/**
 * Every password check outside the login (password change, turning two-factor
 * off) is counted against the same per-client limit first: a stolen token
 * must not become a fast way to guess the password. Answers a 429 Response,
 * or whether the password was right.
 */
export async function checkPasswordCounted(
  c: Context,
  services: Services,
  password: string,
): Promise<Response | boolean> {
  const db = services.database.db;
  const key = clientKey(c, services.env.TRUST_PROXY_HOPS);
  const attempt = await countAttempt(db, key, services.now());
  if (!attempt.allowed) return clientLimited(c, attempt.retryAfter);
  const { staffId } = holderOf(c);
  if (staffId === null) return adminAuthState(services).checkPassword(password);
  const member = await findMember(db, staffId);
  return Boolean(member && (await checkMemberPassword(db, member.email, password)));
}

/** A password change's current password, checked through the counted path: a 429 to answer, or null; a 400 naming the field when wrong. */
export async function checkCurrentPassword(c: Context, services: Services, password: string) {
  const checked = await checkPasswordCounted(c, services, password);
  if (checked instanceof Response) return checked;
  if (checked) return null;
  throw badRequest("current_password: The current password is not correct", {
    current_password: "The current password is not correct",
  });
}

const loginSchema = z.object({
  /** Asked once staff exist: whose password this is (the owner's email or a member's). */
  email: z
    .string({ error: "Email must be text" })
    .max(254, "Email must be at most 254 characters")
    .optional(),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX),
  code: z.string({ error: "Code must be text" }).max(64, "Code must be at most 64 characters").optional(),
});

export const CODE_REQUIRED = "Enter the 6-digit code from your authenticator app.";
export const CODE_INVALID =
  "That code is not valid. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.";

/** POST /api/admin/login and /api/admin/logout, the password change and the security status. */
export function adminAuthApi(services: Services) {
  const { database, log, env } = services;
  const db = database.db;
  const state = adminAuthState(services);
  const box = services.secretBox;
  const api = new Hono();

  /**
   * The order is the defence (decision record 8). Count the attempt per
   * client, atomically, before anything slow. Unknown clients also take a
   * unit of the global failure budget first; once it is spent the site is
   * under attack, and each network keeps only a few checks a day, so a
   * newcomer with the right password still gets in while a flood from many
   * addresses gets almost nothing. A valid second factor opens every door
   * (a client past its limit, a network past its checks): it is checked
   * first there, and it is nothing anyone can guess at speed.
   */
  api.post("/admin/login", async (c) => {
    let input: z.infer<typeof loginSchema>;
    try {
      input = await readJson(c, loginSchema);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const detail =
        error.errors?.code && !error.errors.password ? error.errors.code : "Password is required";
      return c.json({ success: false, detail }, 400);
    }
    // Once anyone is invited, sign-in names the account; until then the one password is the owner's, as ever.
    const accounts = await hasStaff(db);
    const email = normaliseEmail(input.email ?? "");
    if (accounts && !email) {
      return c.json({ success: false, email_required: true, detail: "Email is required" }, 400);
    }
    const asMember = accounts && email !== (await ownerEmail(db));
    const member = asMember ? await findMemberByEmail(db, email) : undefined;
    const slot = member ? staffTwoFactor(member.id) : OWNER_TWO_FACTOR;
    const checkPassword = asMember
      ? async (password: string) => Boolean(await checkMemberPassword(db, email, password))
      : state.checkPassword;
    const invalid = accounts ? "Invalid email or password" : "Invalid password";

    const client = clientKey(c, env.TRUST_PROXY_HOPS);
    const network = networkKey(c, env.TRUST_PROXY_HOPS);
    const now = services.now();
    const twoFactor = asMember && !member ? undefined : await getTwoFactor(db, slot);
    const code = input.code?.trim() ?? "";
    let secondFactorDone = false;

    const attempt = await countAttempt(db, client, now);
    if (!attempt.allowed) {
      // Only the authenticator's code here: a recovery code costs a slow hash per guess, and this door has no limit.
      if (
        twoFactor &&
        code &&
        (await spendSecondFactor(db, box, twoFactor, code, now, { recoveryCodes: false, slot }))
      ) {
        secondFactorDone = true;
      } else {
        log.warn("admin login refused: rate limited", { client });
        return clientLimited(c, attempt.retryAfter, Boolean(twoFactor));
      }
    }

    const known = await isKnownClient(db, client, now);
    // What to give back when the attempt turns out not to be a failure, and whether its failure is counted already.
    let giveBack = async () => {};
    let networkCounted = known;
    if (!known && !secondFactorDone) {
      const budget = await reserveFailure(db, now);
      if (budget.allowed) {
        giveBack = () => releaseFailure(db, now);
      } else if (twoFactor && code && (await spendSecondFactor(db, box, twoFactor, code, now, { slot }))) {
        secondFactorDone = true;
      } else {
        const check = await countNetworkFailure(db, network, now);
        if (!check.allowed) {
          log.warn("admin login refused: under attack and this network has failed", { client });
          const wait = waitText(budget.retryAfter);
          return tooManyAttempts(
            c,
            budget.retryAfter,
            twoFactor
              ? `Too many failed sign-in attempts on this site, so a new device needs the 6-digit code from your authenticator app. Enter it with your password, or try again in ${wait}.`
              : `Too many failed sign-in attempts on this site, so sign-in from new devices is paused. Please try again in ${wait}, or sign in from a device you have used before.`,
            twoFactor ? { two_factor_required: true } : {},
          );
        }
        giveBack = () => releaseNetworkCheck(db, network, now);
        networkCounted = true;
      }
    }
    const failed = async () => {
      if (!networkCounted) await countNetworkFailure(db, network, now);
    };

    if (!(await checkPassword(input.password))) {
      await failed();
      log.warn("admin login failed", { client });
      return c.json({ success: false, detail: invalid }, 401);
    }
    if (twoFactor && !secondFactorDone) {
      if (!code) {
        await giveBack();
        return c.json({ success: false, two_factor_required: true, detail: CODE_REQUIRED }, 401);
      }
      const used = await spendSecondFactor(db, box, twoFactor, code, now, { slot });
      if (!used) {
        await failed();
        log.warn("admin login failed: wrong second factor", { client });
        return c.json({ success: false, two_factor_required: true, detail: CODE_INVALID }, 401);
      }
      if (used === "recovery") log.warn("admin login with a recovery code", { client });
    }
    await giveBack();
    await clearAttempts(db, client, network);
    await rememberClient(db, client, now);
    const session = await createSession(db, now, sessionOrigin(c, services), member?.id ?? null);
    log.info("admin login", { client, role: member ? member.role : "owner" });
    return c.json({ success: true, token: session.token, expires_at: session.expiresAt.toISOString() });
  });

  /** What the sign-in screen asks for: the email too, once anyone was invited. */
  api.get("/admin/login", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json({ email_required: await hasStaff(db) });
  });

  api.get("/admin/me", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const holder = holderOf(c);
    const member = holder.staffId === null ? undefined : await findMember(db, holder.staffId);
    const me: SignedIn = member
      ? {
          role: holder.role,
          email: member.email,
          name: member.name,
          two_factor_needed: await needsTwoFactorFirst(db, holder),
        }
      : {
          role: "owner",
          email: await ownerEmail(db),
          name: "Owner",
          two_factor_needed: await needsTwoFactorFirst(db, holder),
        };
    return c.json(me);
  });

  // Behind requireAdmin: only a live token can be revoked this way.
  api.post("/admin/logout", async (c) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (token) await revokeSession(db, token, services.now());
    return c.json({ success: true });
  });

  api.get("/admin/security", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const holder = holderOf(c);
    const status: SecurityStatus = {
      password_source: env.ADMIN_PASSWORD && holder.staffId === null ? "environment" : "database",
      two_factor: await twoFactorStatus(db, services.secretBox, slotOf(holder)),
      two_factor_locked: await twoFactorLock(db, holder),
    };
    return c.json(status);
  });

  /**
   * Changes the stored password and ends every session; the answer carries a
   * fresh token so the operator who changed it stays signed in here.
   */
  api.post("/admin/password", async (c) => {
    if (env.ADMIN_PASSWORD) {
      return c.json(
        {
          detail:
            "The admin password is set by ADMIN_PASSWORD in the server configuration. Change ADMIN_PASSWORD there and restart the server.",
        },
        409,
      );
    }
    const input = await readJson(c, changePasswordSchema);
    const limited = await checkCurrentPassword(c, services, input.current_password);
    if (limited) return limited;
    const session = await replacePassword(db, input.new_password, services.now(), sessionOrigin(c, services));
    log.info("admin password changed; sessions revoked", { revoked: session.revoked });
    return c.json({ success: true, token: session.token, expires_at: session.expiresAt.toISOString() });
  });

  return api;
}
