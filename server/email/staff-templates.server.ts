/**
 * Staff emails: the invitation an owner's invite sends, whose link opens the
 * page where the person sets their password (it names who it is for and the
 * role), and a member's password-reset link. Each says that ignoring it is
 * enough.
 */

import type { SiteInfo } from "../../app/lib/site.ts";
import { ROLE_LABELS, ROLE_SUMMARIES, type StaffRole } from "../../app/lib/staff-access.ts";
import { escapeHtml, layout } from "./templates.server.ts";

export interface StaffEmail {
  subject: string;
  text: string;
  html: string;
}

/** A staff email around its one-use link: the greeting, why it came, the button, its terms and "ignore it". */
function linkEmail(
  site: SiteInfo,
  email: {
    subject: string;
    heading: string;
    name: string;
    asked: string;
    /** A line under `asked` (muted in the HTML). */
    detail?: string;
    action: string;
    url: string;
    terms: string;
    ignore: string;
  },
): StaffEmail {
  const { name, asked, detail, action, url, terms, ignore } = email;
  const text = [
    `Hi ${name},`,
    "",
    asked,
    ...(detail ? [detail] : []),
    "",
    `${action}: ${url}`,
    "",
    terms,
    ignore,
    "",
    site.title,
  ].join("\n");
  const html = layout(
    site,
    email.heading,
    `<p style="margin:0 0 12px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(asked)}</p>
${detail ? `<p style="margin:0 0 12px;line-height:1.6;color:#475569">${escapeHtml(detail)}</p>\n` : ""}<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="background:#0f766e;border-radius:10px;color:#ffffff;font-weight:bold;padding:12px 20px;text-decoration:none">${action}</a></p>
<p style="margin:0 0 12px;line-height:1.6;color:#475569;font-size:14px">${escapeHtml(terms)} ${escapeHtml(ignore)}</p>`,
  );
  return { subject: email.subject, text, html };
}

export function staffInviteEmail(
  site: SiteInfo,
  invite: { name: string; role: StaffRole; url: string; validHours: number },
): StaffEmail {
  return linkEmail(site, {
    subject: `Your invitation to the ${site.title} console`,
    heading: `You're invited to the ${site.title} console`,
    name: invite.name,
    asked: `You have been invited to sign in to the ${site.title} operator console as ${ROLE_LABELS[invite.role]}.`,
    detail: `${ROLE_LABELS[invite.role]}: ${ROLE_SUMMARIES[invite.role]}`,
    action: "Accept the invitation",
    url: invite.url,
    terms: `The link works once, for ${invite.validHours} hours. On the page it opens you choose your password; then you sign in with this email address.`,
    ignore: "Not expecting this? Ignore this email: without the link nobody can use the invitation.",
  });
}

export function staffResetEmail(
  site: SiteInfo,
  reset: { name: string; url: string; validMinutes: number },
): StaffEmail {
  return linkEmail(site, {
    subject: `Reset your ${site.title} console password`,
    heading: "Reset your password",
    name: reset.name,
    asked: `Someone, hopefully you, asked to reset the password you sign in to the ${site.title} console with.`,
    action: "Choose a new password",
    url: reset.url,
    terms: `The link works once, for ${reset.validMinutes} minutes. Setting a new password signs you out on every device.`,
    ignore: "Didn't ask for it? Ignore this email: your password stays as it is.",
  });
}
