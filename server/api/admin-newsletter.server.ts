/** Sending the newsletter: a test to the operator, and one campaign to every active subscriber. */
import { Hono } from "hono";
import { newsletterDraftSchema, newsletterSendSchema } from "../../app/lib/newsletter.ts";
import { sendNewsletter, sendNewsletterTest } from "../domain/messaging/newsletter-send.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

export function adminNewsletterApi({ database, env, log, now }: Services) {
  const { db } = database;
  const api = new Hono();

  api.post("/admin/newsletter/send", async (c) => {
    const { campaign_id, subject, body } = await readJson(c, newsletterSendSchema);
    const { queued } = await sendNewsletter(
      { db, publicUrl: env.publicUrl, now },
      { campaignId: campaign_id, subject, body },
    );
    log.info("newsletter queued", { campaign: campaign_id, emails: queued });
    return c.json({ success: true, campaign_id, queued });
  });

  api.post("/admin/newsletter/test", async (c) => {
    const draft = await readJson(c, newsletterDraftSchema);
    const { to } = await sendNewsletterTest(db, draft);
    return c.json({ success: true, to });
  });

  return api;
}
