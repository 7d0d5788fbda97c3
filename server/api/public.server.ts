import { Hono } from "hono";
import { isbot } from "isbot";
import { RELEASE_REQUESTED, releaseRequestSchema } from "../../app/lib/checkout-release.ts";
import { SIGN_UP_ANSWER } from "../../app/lib/newsletter.ts";
import { contactSchema, newsletterSchema } from "../../app/lib/validation.ts";
import { waitlistJoinSchema } from "../../app/lib/waitlist.ts";
import { requestReleaseLink } from "../domain/bookings/checkout-release.server.ts";
import { joinWaitlist } from "../domain/bookings/waitlist.server.ts";
import { incrementViewCount, listActiveAdventures } from "../domain/content/adventures.server.ts";
import { saveContactMessage } from "../domain/messaging/contact.server.ts";
import { requestSubscription } from "../domain/messaging/newsletter-signup.server.ts";
import { clientKey } from "../security/client.server.ts";
import { bookingDeps, type Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

/** Anonymous endpoints of the public site: the adventures list, the contact form and newsletter sign-up. */
export function publicApi(services: Services) {
  const { database, log, env, now } = services;
  const { db } = database;
  const api = new Hono();

  api.get("/adventures-pro", async (c) => c.json(await listActiveAdventures(db)));

  // The adventure page's view beacon (the admin lists show view_count); crawlers are not visitors.
  api.post("/adventures/:id/view", async (c) => {
    if (!isbot(c.req.header("user-agent") ?? "")) {
      // A lost view count must never cost the visitor anything.
      await incrementViewCount(db, c.req.param("id")).catch((error: unknown) =>
        log.warn("view count not updated", { error }),
      );
    }
    return c.body(null, 204);
  });

  api.post("/contact", async (c) => {
    const input = await readJson(c, contactSchema);
    const saved = await saveContactMessage(db, input);
    log.info("contact message stored", { id: saved.id });
    return c.json({ success: true, id: saved.id, created_at: saved.createdAt.toISOString() }, 201);
  });

  // Double opt-in: the answer is the same for every address, whatever its state and whether it was emailed.
  // "Release my unfinished checkouts": the same answer for every address (202: an email may follow).
  api.post("/checkouts/release-link", async (c) => {
    const { email } = await readJson(c, releaseRequestSchema);
    const { emailed } = await requestReleaseLink(bookingDeps(services), email);
    log.info("checkout release link asked for", { emailed });
    return c.json({ success: true, message: RELEASE_REQUESTED }, 202);
  });

  api.post("/newsletter/subscribe", async (c) => {
    const { email } = await readJson(c, newsletterSchema);
    const { id, emailed } = await requestSubscription({ db, publicUrl: env.publicUrl, now }, email);
    log.info("newsletter sign-up", { emailed });
    return c.json({ success: true, id, message: SIGN_UP_ANSWER });
  });

  // "Tell me if a spot opens" on a full date; the same answer for a first and a repeated join.
  api.post("/waitlist", async (c) => {
    const input = await readJson(c, waitlistJoinSchema);
    const joined = await joinWaitlist(db, input, now(), clientKey(c, env.TRUST_PROXY_HOPS));
    log.info("waitlist joined", { adventure: input.adventure_id, date: input.date });
    return c.json(joined);
  });

  return api;
}
