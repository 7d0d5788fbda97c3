/**
 * The trip emails' texts: the built-in ones, and the one renderer that turns
 * a text with placeholders into an email, used both to send and to preview.
 * Placeholder values are plain text; the HTML part escapes the operator's
 * text and every value, so neither can add markup.
 */
import type { SiteInfo } from "../../app/lib/site.ts";
import { PLACEHOLDER_PATTERN, type TripEmailKind, unknownPlaceholders } from "../../app/lib/trip-emails.ts";
import { escapeHtml, layout } from "./templates.server.ts";

export interface TripEmailText {
  subject: string;
  body: string;
}

/** The texts a kind uses while the operator has saved none. */
export const BUILT_IN_TRIP_EMAILS: Record<TripEmailKind, TripEmailText> = {
  reminder: {
    subject: "See you soon: {adventure} on {date}",
    body: `Hi {first_name},

Your {adventure} trip is coming up. Here is everything you need for the day.

Date: {date}
Start time: {start_time}
Meeting point: {meeting_point}
Group: {group}
Booking reference: {reference}

What to bring:
{what_to_bring}

Weather: we watch the forecast closely. If conditions are unsafe, we will contact you to move your trip to another date or refund it in full.

Running late or have a question on the day? Message us on WhatsApp: {whatsapp}

Your booking (details, calendar and cancellation): {manage_link}`,
  },
  thank_you: {
    subject: "Thank you for joining us on {adventure}",
    body: `Hi {first_name},

Thank you for joining us on {adventure} on {date}. We hope you had a wonderful time!

Would you tell others how it went? A short review helps future guests choose their adventure: {review_link}

Your booking stays here: {manage_link}

We would love to see you again.`,
  },
};

/**
 * One placeholder's value: its text, and for links the address the HTML part
 * links to (with `label` as the link's words when they differ from the text).
 */
export interface PlaceholderValue {
  text: string;
  href?: string;
  label?: string;
}

export type PlaceholderValues = Record<string, PlaceholderValue>;

export interface RenderedTripEmail {
  subject: string;
  text: string;
  html: string;
}

type Segment = { literal: string } | { name: string };

function segments(template: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER_PATTERN)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ literal: template.slice(last, at) });
    out.push({ name: m[1] });
    last = at + m[0].length;
  }
  if (last < template.length) out.push({ literal: template.slice(last) });
  return out;
}

function renderText(template: string, values: PlaceholderValues): string {
  return segments(template)
    .map((s) => ("literal" in s ? s.literal : (values[s.name]?.text ?? "")))
    .join("");
}

const LINK_STYLE = "color:#0f766e;font-weight:bold";

function renderHtmlBody(template: string, values: PlaceholderValues): string {
  const html = segments(template)
    .map((s) => {
      if ("literal" in s) return escapeHtml(s.literal);
      const value = values[s.name];
      if (!value) return "";
      return value.href
        ? `<a href="${escapeHtml(value.href)}" style="${LINK_STYLE}">${escapeHtml(value.label ?? value.text)}</a>`
        : escapeHtml(value.text);
    })
    .join("");
  // A blank line starts a paragraph; a single line break stays a line break.
  return html
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 14px;line-height:1.5">${p.replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

/**
 * An email from a saved (or unsaved, for the preview) text. Every
 * placeholder must be one the kind knows: the save and the preview refuse
 * others, so meeting one here is a programming error.
 */
export function renderTripEmail(
  kind: TripEmailKind,
  template: TripEmailText,
  values: PlaceholderValues,
  site: SiteInfo,
): RenderedTripEmail {
  const unknown = unknownPlaceholders(kind, `${template.subject}\n${template.body}`);
  if (unknown.length) throw new Error(`Unknown placeholders in the ${kind} email: ${unknown.join(", ")}`);
  const subject = renderText(template.subject, values).replace(/\s+/g, " ").trim();
  const text = `${renderText(template.body, values).trim()}\n\n${site.title}`;
  const html = layout(site, subject, renderHtmlBody(template.body, values));
  return { subject, text, html };
}
