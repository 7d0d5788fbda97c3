/** How the email log shows one email: its status as a badge, its times in Sydney. */
import type { EmailLogItem } from "../../../../server/domain/console/email-log.server";
import { formatDateTimeAU } from "../../../lib/dates";
import { Badge, type BadgeTone } from "../ui/badge";

export type { EmailLogItem };

const TONES: Record<EmailLogItem["status"], BadgeTone> = { pending: "amber", sent: "green", failed: "red" };
const LABELS: Record<EmailLogItem["status"], string> = { pending: "Waiting", sent: "Sent", failed: "Failed" };

export function EmailStatus({ email }: { email: EmailLogItem }) {
  return <Badge tone={TONES[email.status]}>{LABELS[email.status]}</Badge>;
}

/** When it went, or when it was queued and how many tries so far. */
export function emailWhen(email: EmailLogItem): string {
  if (email.sent_at) return `Sent ${formatDateTimeAU(email.sent_at)}`;
  const tries = email.attempts ? ` · ${email.attempts} ${email.attempts === 1 ? "try" : "tries"}` : "";
  return `Queued ${formatDateTimeAU(email.created_at)}${tries}`;
}

/** A failed email that can go back to the queue: one whose text is kept (no private link or code). */
export const canRetry = (email: EmailLogItem) => email.status === "failed" && !email.sealed;
