/**
 * The newsletter sign-up's confirmation email (double opt-in): the one email
 * a sign-up sends, whose link the person follows to start the newsletter.
 * Someone may have typed another person's address, so it asks for nothing
 * else and says that ignoring it is enough.
 */
import type { SiteInfo } from "../../app/lib/site.ts";
import { escapeHtml, layout } from "./templates.server.ts";

export interface ConfirmEmail {
  subject: string;
  text: string;
  html: string;
}

export function newsletterConfirmEmail(site: SiteInfo, confirmUrl: string, validDays: number): ConfirmEmail {
  const heading = "Confirm your subscription";
  const asked = `Someone, hopefully you, asked for the ${site.title} newsletter at this address: trip dates, new adventures and dive reports from the NSW coast.`;
  const terms = `The link works once, for ${validDays} days. The page it opens asks you to press a button to confirm.`;
  const ignore = "Didn't ask for it? Ignore this email: without your confirmation we send you no newsletter.";
  const text = [
    "Hi,",
    "",
    asked,
    "",
    `Confirm your subscription: ${confirmUrl}`,
    "",
    terms,
    ignore,
    "",
    site.title,
  ].join("\n");
  const html = layout(
    site,
    heading,
    `<p style="margin:0 0 12px">Hi,</p>
<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(asked)}</p>
<p style="margin:20px 0"><a href="${escapeHtml(confirmUrl)}" style="background:#0f766e;border-radius:10px;color:#ffffff;font-weight:bold;padding:12px 20px;text-decoration:none">Confirm your subscription</a></p>
<p style="margin:0 0 12px;line-height:1.6;color:#475569;font-size:14px">${escapeHtml(terms)} ${escapeHtml(ignore)}</p>`,
  );
  return { subject: `Confirm your ${site.title} newsletter subscription`, text, html };
}
