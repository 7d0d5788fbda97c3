import { describe, expect, it } from "vitest";
import { newsletterParagraphs, newsletterSendSchema } from "../../app/lib/newsletter.ts";
import { siteInfo } from "../../app/lib/site.ts";
import { isOneClickPost } from "../../server/api/newsletter-unsubscribe.server.ts";
import {
  listUnsubscribeHeaders,
  newsletterEmail,
  TEST_UNSUBSCRIBE_NOTE,
  unsubscribeUrl,
} from "../../server/domain/messaging/newsletter-send.server.ts";
import { confirmUrl } from "../../server/domain/messaging/newsletter-signup.server.ts";
import { newsletterConfirmEmail } from "../../server/email/newsletter-templates.server.ts";
import { LINK_REMOVED, scrubEmail } from "../../server/email/secrets.server.ts";
import { redactPath } from "../../server/route-match.server.ts";
import { limitFor } from "../../server/security/public-limits.server.ts";

const site = siteInfo({ global: { site_title: "Tidewater Dive & Camp" } }, 2026);
const link = unsubscribeUrl("https://tidewater.example", "tok_ABC-123");

describe("unsubscribe link and headers", () => {
  it("builds the link from the public address", () => {
    expect(link).toBe("https://tidewater.example/newsletter/unsubscribe/tok_ABC-123");
  });

  it("names the HTTPS link in List-Unsubscribe and asks for one-click POSTs (RFC 8058)", () => {
    expect(listUnsubscribeHeaders(link)).toEqual({
      "List-Unsubscribe": "<https://tidewater.example/newsletter/unsubscribe/tok_ABC-123>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("tells the one-click POST apart from any other form post", () => {
    const form = (entries: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(entries)) f.set(k, v);
      return f;
    };
    expect(isOneClickPost(form({ "List-Unsubscribe": "One-Click" }))).toBe(true);
    expect(isOneClickPost(form({ "List-Unsubscribe": "one-click" }))).toBe(false);
    expect(isOneClickPost(form({}))).toBe(false);
    expect(isOneClickPost(null)).toBe(false);
  });

  it("keeps the token out of the request log", () => {
    expect(redactPath("/newsletter/unsubscribe/tok_ABC-123")).toBe("/newsletter/unsubscribe/[redacted]");
    expect(redactPath("/newsletter/unsubscribe/tok_ABC-123.data")).toBe(
      "/newsletter/unsubscribe/[redacted].data",
    );
  });

  it("rate limits the page's button and the one-click POST, not the page itself", () => {
    expect(limitFor("POST", "/newsletter/unsubscribe/tok")?.name).toBe("newsletter-unsubscribe");
    expect(limitFor("POST", "/newsletter/unsubscribe/tok.data")?.name).toBe("newsletter-unsubscribe");
    expect(limitFor("GET", "/newsletter/unsubscribe/tok")).toBeUndefined();
  });
});

describe("newsletter email", () => {
  const draft = {
    subject: "Winter dives",
    body: "Hello divers,\n\nWater is 17°C.\nBring a hood.\n\n\n<b>See you</b>",
  };

  it("splits paragraphs on blank lines and keeps single line breaks", () => {
    expect(newsletterParagraphs(draft.body)).toEqual([
      "Hello divers,",
      "Water is 17°C.\nBring a hood.",
      "<b>See you</b>",
    ]);
    expect(newsletterParagraphs("  one\r\n \r\ntwo  \n\n")).toEqual(["one", "two"]);
  });

  it("ends the text body with the reader's unsubscribe link", () => {
    const email = newsletterEmail(draft, site, link);
    expect(email.subject).toBe("Winter dives");
    expect(email.text).toContain("Hello divers,\n\nWater is 17°C.\nBring a hood.\n\n<b>See you</b>\n\n--");
    expect(email.text.trimEnd().endsWith(`Unsubscribe with one click: ${link}`)).toBe(true);
  });

  it("links the HTML body's Unsubscribe to the same address and escapes the operator's text", () => {
    const { html } = newsletterEmail(draft, site, link);
    expect(html).toContain(`<a href="${link}" style="color:#0f766e">Unsubscribe</a>`);
    expect(html).toContain("Water is 17°C.<br>Bring a hood.");
    expect(html).toContain("&lt;b&gt;See you&lt;/b&gt;");
    expect(html).not.toContain("<b>See you</b>");
  });

  it("says where the link goes in a test send, which has no subscriber", () => {
    const email = newsletterEmail(draft, site, null);
    expect(email.text).toContain(TEST_UNSUBSCRIBE_NOTE);
    expect(email.text).not.toContain("/newsletter/unsubscribe/");
    expect(email.html).not.toContain("/newsletter/unsubscribe/");
  });
});

describe("send schema", () => {
  it("names each bad field", () => {
    const result = newsletterSendSchema.safeParse({ campaign_id: "nope", subject: "a\nb", body: "  " });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(fields).toEqual({
      campaign_id: "Campaign id must be a UUID",
      subject: "Subject must be a single line of text",
      body: "Message is required",
    });
  });
});

describe("sign-up confirmation link and email", () => {
  const confirm = confirmUrl("https://tidewater.example", "tok_ABC-123_confirm-456-xyz");

  it("opens the confirmation page, and keeps the token out of the request log", () => {
    expect(confirm).toBe("https://tidewater.example/newsletter/confirm/tok_ABC-123_confirm-456-xyz");
    expect(redactPath("/newsletter/confirm/tok_ABC-123")).toBe("/newsletter/confirm/[redacted]");
    expect(redactPath("/newsletter/confirm/tok_ABC-123.data")).toBe("/newsletter/confirm/[redacted].data");
  });

  it("rate limits the page's button as any page form, not the page itself", () => {
    expect(limitFor("POST", "/newsletter/confirm/tok")?.name).toBe("page-form");
    expect(limitFor("GET", "/newsletter/confirm/tok")).toBeUndefined();
  });

  it("carries the link in text and HTML, and is stored with a marker in its place", () => {
    const email = newsletterConfirmEmail(site, confirm, 7);
    expect(email.subject).toBe("Confirm your Tidewater Dive & Camp newsletter subscription");
    expect(email.text).toContain(`Confirm your subscription: ${confirm}`);
    expect(email.text).toContain("The link works once, for 7 days.");
    expect(email.html).toContain(`href="${confirm}"`);
    expect(email.html).toContain("<title>Confirm your subscription</title>");
    const stored = scrubEmail({ ...email, headers: {} });
    expect(stored.text).toContain(`Confirm your subscription: ${LINK_REMOVED}`);
    expect(`${stored.text}${stored.html}`).not.toContain("tok_ABC-123_confirm");
  });
});
