/**
 * The email log (behind requireAdmin): every email of the outbox, one
 * booking's emails, an email's stored body, and sending again. The rules are
 * in domain/console/email-log.
 */
import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import {
  bookingEmails,
  EMAIL_STATUSES,
  type EmailStatus,
  emailDetail,
  listEmails,
  resendConfirmation,
  retryEmail,
  sendEmailAgain,
} from "../domain/console/email-log.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";

const isStatus = (s: string): s is EmailStatus => (EMAIL_STATUSES as readonly string[]).includes(s);

export function adminEmailLogApi({ database, env, log, now }: Services) {
  const { db } = database;
  const api = new Hono();

  api.get("/admin/email-log", async (c) => {
    const status = c.req.query("status") ?? "";
    if (status && status !== "all" && !isStatus(status)) {
      const msg = `Use one of all, ${EMAIL_STATUSES.join(", ")}`;
      throw badRequest(`status: ${msg}`, { status: msg });
    }
    const q = c.req.query("q")?.trim() ?? "";
    if (q.length > 200) {
      throw badRequest("q: Search text must be at most 200 characters", {
        q: "Search text must be at most 200 characters",
      });
    }
    const page = c.req.query("page") ?? "1";
    if (!/^\d{1,6}$/.test(page) || Number(page) < 1) {
      throw badRequest("page: Must be a whole number of at least 1", {
        page: "Must be a whole number of at least 1",
      });
    }
    c.header("Cache-Control", NO_STORE);
    return c.json(
      await listEmails(db, {
        status: isStatus(status) ? status : undefined,
        q: q || undefined,
        page: Number(page),
      }),
    );
  });

  api.get("/admin/email-log/:id", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(await emailDetail(db, c.req.param("id")));
  });

  api.post("/admin/email-log/:id/retry", async (c) => {
    const email = await retryEmail(db, c.req.param("id"));
    log.info("email retried by the operator", { email: email.id });
    return c.json({ email });
  });

  api.post("/admin/email-log/:id/send-again", async (c) => {
    const email = await sendEmailAgain(db, c.req.param("id"));
    log.info("email sent again by the operator", { email: email.id });
    return c.json({ email }, 201);
  });

  api.get("/admin/bookings/:id/emails", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json({ emails: await bookingEmails(db, c.req.param("id")) });
  });

  api.post("/admin/bookings/:id/resend-confirmation", async (c) => {
    const email = await resendConfirmation({ db, now, env }, c.req.param("id"));
    log.info("confirmation sent again by the operator", { booking: c.req.param("id") });
    return c.json({ email }, 201);
  });

  return api;
}
