/** Contact messages (the list and one reply each) and newsletter subscribers (the list and status changes). */

import { Hono } from "hono";
import { z } from "zod";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { siteInfo } from "../../app/lib/site.ts";
import { SUBSCRIBER_ROW_STATUSES, SUBSCRIBER_STATUSES } from "../db/schema.ts";
import { loadSiteContent } from "../domain/content/content.server.ts";
import { listMessages, respondToMessage } from "../domain/messaging/contact.server.ts";
import {
  listSubscribers,
  type SubscriberRowStatus,
  setSubscriberStatus,
} from "../domain/messaging/newsletter.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

const respondSchema = z.object({
  response: z
    .string({ error: "Response is required" })
    .trim()
    .min(1, "Response is required")
    .max(10_000, "Response must be at most 10000 characters"),
});

const subscriberSchema = z.object({
  status: z.enum(SUBSCRIBER_STATUSES, { error: `Use one of ${SUBSCRIBER_STATUSES.join(", ")}` }),
});

export function adminMessagesApi({ database, log }: Services) {
  const { db } = database;
  const api = new Hono();

  // GET /api/contact: customer data, so behind the admin token (POST stays public).
  api.get("/contact", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(await listMessages(db));
  });

  api.post("/admin/contact/:id/respond", async (c) => {
    const { response } = await readJson(c, respondSchema);
    const site = siteInfo(await loadSiteContent(db));
    const message = await respondToMessage(db, c.req.param("id"), response, site.title);
    log.info("contact message answered", { id: message.id });
    return c.json({ success: true, message });
  });

  api.get("/admin/newsletter/subscribers", async (c) => {
    // The list holds pending sign-ups too (status "pending"), and can show only them.
    const status = c.req.query("status");
    if (status && status !== "all" && !(SUBSCRIBER_ROW_STATUSES as readonly string[]).includes(status)) {
      throw badRequest(`status: Use one of ${SUBSCRIBER_ROW_STATUSES.join(", ")}`, {
        status: `Use one of ${SUBSCRIBER_ROW_STATUSES.join(", ")}`,
      });
    }
    c.header("Cache-Control", NO_STORE);
    return c.json(
      await listSubscribers(db, status && status !== "all" ? (status as SubscriberRowStatus) : undefined),
    );
  });

  api.put("/admin/newsletter/subscribers/:id", async (c) => {
    const { status } = await readJson(c, subscriberSchema);
    const subscriber = await setSubscriberStatus(db, c.req.param("id"), status);
    log.info("subscriber status changed", { id: subscriber.id, status });
    return c.json({ success: true, subscriber });
  });

  return api;
}
