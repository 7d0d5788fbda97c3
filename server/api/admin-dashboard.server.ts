/** The two dashboards' figures and the settings page (site settings and the payment mode). */

import { Hono } from "hono";
import { z } from "zod";
import { policyRulesSchema } from "../../app/lib/admin-forms/index.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { emailField } from "../../app/lib/validation.ts";
import { oldDashboardStats, proAnalytics } from "../domain/console/dashboard.server.ts";
import { setSiteRules, siteRules, siteRulesSet } from "../domain/content/policy.server.ts";
import { getSiteSettings, updateSiteSettings } from "../domain/content/settings.server.ts";
import {
  instructorsSeeMedical,
  setInstructorsSeeMedical,
} from "../domain/dive-ops/instructor-medical.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

function paymentMode(services: Services): "test" | "stripe" {
  return services.payments.name;
}

const phone = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(40, `${label} must be at most 40 characters`)
    .regex(/^\+?[0-9()\-.\s]*$/, `${label} may contain only digits, spaces and + ( ) - .`)
    .refine((v) => v === "" || v.replace(/\D/g, "").length >= 6, `${label} needs at least 6 digits`);

const settingsSchema = z.object({
  notification_email: z
    .union([z.literal(""), emailField], { error: "Enter a valid email address" })
    .optional(),
  contact_email: emailField.optional(),
  contact_phone: phone("Phone")
    .refine((v) => v !== "", "Phone is required")
    .optional(),
  contact_whatsapp: phone("WhatsApp number").optional(),
  contact_street_address: z
    .string({ error: "Street address must be text" })
    .trim()
    .max(120, "Street address must be at most 120 characters")
    .optional(),
  // The business is in New South Wales: an Australian postcode is four digits.
  contact_postcode: z
    .string({ error: "Postcode must be text" })
    .trim()
    .regex(/^(\d{4})?$/, "Postcode must be four digits")
    .optional(),
  // The site's cancellation and date-change rules; null goes back to the built-in default.
  policy: policyRulesSchema.nullable().optional(),
  // Whether a departure's Crew instructor reads its participants' medical answers (ADR 37).
  instructors_see_medical: z
    .boolean({ error: "Instructors may see medical answers must be true or false" })
    .optional(),
});

export function adminDashboardApi(services: Services) {
  const { database, env } = services;
  const { db } = database;
  const api = new Hono();

  api.get("/admin/analytics/dashboard", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(
      await proAnalytics(
        db,
        {
          database: database.kind,
          payment_mode: paymentMode(services),
          email_configured: Boolean(env.SMTP_URL),
        },
        services.now(),
      ),
    );
  });

  api.get("/admin/dashboard/stats", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(await oldDashboardStats(db));
  });

  const settingsAnswer = async () => {
    const mode = paymentMode(services);
    return {
      ...(await getSiteSettings(db)),
      policy: await siteRules(db),
      policy_is_default: !(await siteRulesSet(db)),
      instructors_see_medical: await instructorsSeeMedical(db),
      payment_mode: mode,
      payment_mode_label: mode === "stripe" ? "Stripe" : "Test checkout",
      email_configured: Boolean(env.SMTP_URL),
    };
  };

  api.get("/admin/settings", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(await settingsAnswer());
  });

  api.put("/admin/settings", async (c) => {
    const input = await readJson(c, settingsSchema);
    const { policy, instructors_see_medical, ...site } = input;
    await updateSiteSettings(db, site);
    if (instructors_see_medical !== undefined) await setInstructorsSeeMedical(db, instructors_see_medical);
    // A settings row: its write moves the public pages' content version, so cached pages show the new words.
    if (policy !== undefined) await setSiteRules(db, policy);
    services.log.info("settings updated", { fields: Object.keys(input) });
    return c.json({ success: true, ...(await settingsAnswer()) });
  });

  return api;
}
