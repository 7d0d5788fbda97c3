/**
 * The one-click unsubscribe of RFC 8058. A mail client's Unsubscribe button
 * makes the mailbox provider POST `List-Unsubscribe=One-Click` (form-encoded
 * or multipart) to the link in List-Unsubscribe: no cookies, no JavaScript, no
 * page to read, and possibly an Origin of its own. That exact request is
 * answered here, ahead of the page handler (whose action refuses posts from
 * another origin); anything else at the address goes on to the page
 * (/newsletter/unsubscribe/:token), whose own form asks for a click first.
 */

import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { unsubscribeByToken } from "../domain/messaging/newsletter-send.server.ts";
import type { Services } from "../services.server.ts";

export function isOneClickPost(form: FormData | null): boolean {
  return form?.get("List-Unsubscribe") === "One-Click";
}

export function oneClickUnsubscribe({ database, log }: Services) {
  const app = new Hono();
  app.post("/newsletter/unsubscribe/:token", async (c, next) => {
    // The page form middleware has already bounded and buffered the body; a clone leaves it for the page.
    const form = await c.req.raw
      .clone()
      .formData()
      .catch(() => null);
    if (!isOneClickPost(form)) return next();
    if (await unsubscribeByToken(database.db, c.req.param("token"))) {
      log.info("newsletter unsubscribe", { via: "one-click" });
    }
    // The same answer for any token: the link says nothing about who is on the list.
    c.header("Cache-Control", NO_STORE);
    return c.text("You're unsubscribed.");
  });
  return app;
}
