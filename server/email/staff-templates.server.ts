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

export function staffInviteEmail(
  site: SiteInfo,
  invite: { name: string; role: StaffRole; url: string; validHours: number },
): StaffEmail {
  const heading = `You're invited to the ${site.title} console`;
  const role = `${ROLE_LABELS[invite.role]}: ${ROLE_SUMMARIES[invite.role]}`;
  const asked = `You have been invited to sign in to the ${site.title} operator console as ${ROLE_LABELS[invite.role]}.`;
  const terms = `The link works once, for ${invite.validHours} hours. On the page it opens you choose your password; then you sign in with this email address.`;
  const ignore = "Not expecting this? Ignore this email: without the link nobody can use the invitation.";
  const text = [
    `Hi ${invite.name},`,
    "",
    asked,
    role,
    "",
    `Accept the invitation: ${invite.url}`,
    "",
    terms,
    ignore,
    "",
    site.title,
  ].join("\n");
  const html = layout(
    site,
    heading,
    `<p style="margin:0 0 12px">Hi ${escapeHtml(invite.name)},</p>
<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(asked)}</p>
<p style="margin:0 0 12px;line-height:1.6;color:#475569">${escapeHtml(role)}</p>
<p style="margin:20px 0"><a href="${escapeHtml(invite.url)}" style="background:#0f766e;border-radius:10px;color:#ffffff;font-weight:bold;padding:12px 20px;text-decoration:none">Accept the invitation</a></p>
<p style="margin:0 0 12px;line-height:1.6;color:#475569;font-size:14px">${escapeHtml(terms)} ${escapeHtml(ignore)}</p>`,
  );
  return { subject: `Your invitation to the ${site.title} console`, text, html };
}

export function staffResetEmail(
  site: SiteInfo,
  reset: { name: string; url: string; validMinutes: number },
): StaffEmail {
  const heading = "Reset your password";
  const asked = `Someone, hopefully you, asked to reset the password you sign in to the ${site.title} console with.`;
  const terms = `The link works once, for ${reset.validMinutes} minutes. Setting a new password signs you out on every device.`;
  const ignore = "Didn't ask for it? Ignore this email: your password stays as it is.";
  const text = [
    `Hi ${reset.name},`,
    "",
    asked,
    "",
    `Choose a new password: ${reset.url}`,
    "",
    terms,
    ignore,
    "",
    site.title,
  ].join("\n");
  const html = layout(
    site,
    heading,
    `<p style="margin:0 0 12px">Hi ${escapeHtml(reset.name)},</p>
<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(asked)}</p>
<p style="margin:20px 0"><a href="${escapeHtml(reset.url)}" style="background:#0f766e;border-radius:10px;color:#ffffff;font-weight:bold;padding:12px 20px;text-decoration:none">Choose a new password</a></p>
<p style="margin:0 0 12px;line-height:1.6;color:#475569;font-size:14px">${escapeHtml(terms)} ${escapeHtml(ignore)}</p>`,
  );
  return { subject: `Reset your ${site.title} console password`, text, html };
}
