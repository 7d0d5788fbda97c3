/**
 * The owner's staff screen (behind requireAdmin; every route here needs the
 * `staff` permission, declared in app/route-policy.ts), and the calls a
 * person makes without a session: reading and accepting an invitation by its
 * token, asking for a password-reset link and using it.
 */
import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import {
  acceptInviteSchema,
  inviteSchema,
  ownerSettingsSchema,
  resetPasswordSchema,
  resetRequestSchema,
  staffChangeSchema,
} from "../../app/lib/staff.ts";
import { twoFactorRequired } from "../../app/lib/staff-access.ts";
import type { InviteView } from "../../app/lib/staff-api.ts";
import { revokeAllSessions } from "../domain/access/auth.server.ts";
import { listSessions, revokeSessionById } from "../domain/access/sessions.server.ts";
import {
  acceptInvite,
  changeMember,
  findMember,
  inviteMember,
  listStaff,
  memberOfInvite,
  ownerEmail,
  reinvite,
  removeMember,
  setOwnerSettings,
  twoFactorRequiredForEveryone,
} from "../domain/access/staff.server.ts";
import { memberOfReset, requestPasswordReset, resetPassword } from "../domain/access/staff-reset.server.ts";
import {
  confirmEnrolment,
  getTwoFactor,
  OWNER_TWO_FACTOR,
  staffTwoFactor,
  startEnrolment,
} from "../domain/access/two-factor.server.ts";
import { recordAudit } from "../domain/audit/audit.server.ts";
import { badRequest, conflict, HttpError, notFound } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { NEEDS_ENCRYPTION_KEY } from "./admin-two-factor.server.ts";
import { readJson } from "./validate.server.ts";

const GONE = "This invitation has been used, has expired or was withdrawn. Ask the owner for a new one.";
const RESET_GONE = "This link has been used or has expired. Ask for a new one from the sign-in page.";

export function adminStaffApi(services: Services) {
  const { database, log, env } = services;
  const db = database.db;
  const box = services.secretBox;
  const api = new Hono();

  api.get("/admin/staff", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(await listStaff(db, services.now()));
  });

  api.put("/admin/staff/owner", async (c) => {
    const input = await readJson(c, ownerSettingsSchema);
    const outcome = await setOwnerSettings(db, {
      email: input.email,
      requireTwoFactor: input.require_two_factor,
    });
    if (outcome === "taken") {
      throw badRequest("email: A staff member signs in with that email", {
        email: "A staff member signs in with that email",
      });
    }
    return c.json(await listStaff(db, services.now()));
  });

  /**
   * The owner signs in with an email once staff exist, and with two-factor
   * (the owner's account opens everything): both are set before the first
   * invitation, so no invitation can lock the owner out or leave the
   * console's widest account on a password alone.
   */
  api.post("/admin/staff", async (c) => {
    const input = await readJson(c, inviteSchema);
    if (!(await ownerEmail(db))) {
      throw conflict("Set your own sign-in email first: once staff exist, everyone signs in with an email.");
    }
    if (!(await getTwoFactor(db, OWNER_TWO_FACTOR))) {
      throw conflict(
        "Turn on two-factor sign-in for your own account first (Settings → Security): the owner's account needs it once staff exist.",
      );
    }
    const outcome = await inviteMember({ db, publicUrl: env.publicUrl, now: services.now() }, input);
    if (!outcome.ok) {
      throw badRequest("email: Someone already signs in with that email", {
        email: "Someone already signs in with that email",
      });
    }
    log.info("staff member invited", { role: input.role });
    return c.json(await listStaff(db, services.now()), 201);
  });

  api.post("/admin/staff/:id/invite", async (c) => {
    if (!(await reinvite({ db, publicUrl: env.publicUrl, now: services.now() }, c.req.param("id")))) {
      throw conflict("Only someone who has not accepted their invitation yet can be sent a new one.");
    }
    return c.json(await listStaff(db, services.now()));
  });

  api.patch("/admin/staff/:id", async (c) => {
    const input = await readJson(c, staffChangeSchema);
    const outcome = await changeMember(
      db,
      c.req.param("id"),
      { role: input.role, status: input.status, resetTwoFactor: input.reset_two_factor },
      services.now(),
    );
    if (!outcome.ok) {
      if (outcome.reason === "not-found") throw notFound("No such staff member.");
      throw badRequest("status: This person has not accepted their invitation yet", {
        status: "This person has not accepted their invitation yet",
      });
    }
    log.info("staff member changed", { ended: outcome.ended });
    return c.json(await listStaff(db, services.now()));
  });

  api.delete("/admin/staff/:id", async (c) => {
    if (!(await removeMember(db, c.req.param("id")))) throw notFound("No such staff member.");
    log.info("staff member removed");
    return c.json(await listStaff(db, services.now()));
  });

  api.get("/admin/staff/:id/sessions", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const member = await findMember(db, c.req.param("id"));
    if (!member) throw notFound("No such staff member.");
    return c.json({ sessions: await listSessions(db, services.now(), "", member.id) });
  });

  api.delete("/admin/staff/:id/sessions", async (c) => {
    const member = await findMember(db, c.req.param("id"));
    if (!member) throw notFound("No such staff member.");
    const ended = await db.transaction(async (tx) => {
      const count = await revokeAllSessions(tx, services.now(), member.id);
      await recordAudit(tx, {
        action: "sign_out",
        entity: "session",
        entityId: member.id,
        after: { sessions_ended: count },
      });
      return count;
    });
    log.info("staff member signed out everywhere by the owner", { ended });
    return c.json({ success: true, ended });
  });

  api.delete("/admin/staff/:id/sessions/:session", async (c) => {
    const member = await findMember(db, c.req.param("id"));
    if (!member) throw notFound("No such staff member.");
    const session = c.req.param("session");
    const ended = await db.transaction(async (tx) => {
      const done = await revokeSessionById(tx, session, services.now(), member.id);
      if (done) {
        await recordAudit(tx, {
          action: "sign_out",
          entity: "session",
          entityId: session,
          after: { staff_id: member.id },
        });
      }
      return done;
    });
    if (!ended) throw notFound("That session has ended already.");
    log.info("staff member's session signed out by the owner");
    return c.json({ success: true });
  });

  /**
   * The invitation as its page shows it. When the role needs two-factor, an
   * enrolment is started (again) for the member, so the page can show the
   * authenticator's QR code beside the password fields.
   */
  api.get("/admin/invites/:token", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const now = services.now();
    const member = await memberOfInvite(db, c.req.param("token"), now);
    if (!member) throw new HttpError(410, GONE);
    const role = member.role as InviteView["role"];
    const needed = twoFactorRequired(role, await twoFactorRequiredForEveryone(db));
    if (needed && !box) throw conflict(NEEDS_ENCRYPTION_KEY);
    const enrolment =
      needed && box
        ? await startEnrolment(
            db,
            box,
            now,
            `${member.email} (${new URL(env.publicUrl).host})`,
            staffTwoFactor(member.id),
          )
        : null;
    const view: InviteView = {
      email: member.email,
      name: member.name,
      role,
      two_factor_required: needed,
      enrolment,
    };
    return c.json(view);
  });

  /** Sets the password (and confirms the authenticator, when needed): the member can sign in from now on. */
  api.post("/admin/invites/:token", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const token = c.req.param("token");
    const input = await readJson(c, acceptInviteSchema);
    const now = services.now();
    const member = await memberOfInvite(db, token, now);
    if (!member) throw new HttpError(410, GONE);
    const needed = twoFactorRequired(
      member.role as InviteView["role"],
      await twoFactorRequiredForEveryone(db),
    );
    let recoveryCodes: string[] = [];
    const slot = staffTwoFactor(member.id);
    if (needed && !(await getTwoFactor(db, slot))) {
      if (!box) throw conflict(NEEDS_ENCRYPTION_KEY);
      if (!input.code) {
        throw badRequest("code: Enter the 6-digit code from your authenticator app", {
          code: "Enter the 6-digit code from your authenticator app",
        });
      }
      const confirmed = await confirmEnrolment(db, box, input.code, now, slot);
      if (!confirmed.ok) {
        const message =
          confirmed.reason === "wrong-code"
            ? "That code does not match. Enter the code your app shows now."
            : "The authenticator set-up has expired. Reload this page to start again.";
        throw badRequest(`code: ${message}`, { code: message });
      }
      recoveryCodes = confirmed.recoveryCodes;
    }
    if (!(await acceptInvite(db, token, input.password, now))) throw new HttpError(410, GONE);
    log.info("staff invitation accepted", { role: member.role });
    return c.json({ success: true, email: member.email, recovery_codes: recoveryCodes });
  });

  /** Always the same answer: the form tells nobody who has an account. */
  api.post("/admin/password-reset", async (c) => {
    const { email } = await readJson(c, resetRequestSchema);
    const sent = await requestPasswordReset({ db, publicUrl: env.publicUrl, now: services.now() }, email);
    if (sent) log.info("staff password reset link sent");
    return c.json({
      success: true,
      detail: "If a staff account has that email, a link to choose a new password is on its way.",
    });
  });

  api.get("/admin/password-reset/:token", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const member = await memberOfReset(db, c.req.param("token"), services.now());
    if (!member) throw new HttpError(410, RESET_GONE);
    return c.json({ email: member.email, name: member.name });
  });

  /** A new password from the link: every session of the member ends with it. */
  api.post("/admin/password-reset/:token", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const input = await readJson(c, resetPasswordSchema);
    if (!(await resetPassword(db, c.req.param("token"), input.password, services.now()))) {
      throw new HttpError(410, RESET_GONE);
    }
    log.info("staff password reset");
    return c.json({ success: true });
  });

  return api;
}
