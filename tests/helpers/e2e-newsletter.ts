/**
 * Newsletter sign-ups against the running site: a sign-up only sends a
 * confirmation email (double opt-in), so a spec that needs an active
 * subscriber signs up, reads the link from the email the SMTP sink received,
 * and presses the confirmation page's button as the person would.
 */
import { type APIRequestContext, expect } from "../fixtures/test";
import { plainText, type SmtpSink } from "./smtp";

const CONFIRM_LINK = /http:\/\/localhost:\d+\/newsletter\/confirm\/[A-Za-z0-9_-]{43}/;

/** The link in the first confirmation email the address received. */
export async function confirmationLink(sink: SmtpSink, email: string): Promise<string> {
  const mail = await sink.waitFor(
    (m) => m.to.includes(email.toLowerCase()) && /^Confirm your .+ newsletter subscription$/.test(m.subject),
    20_000,
  );
  const link = CONFIRM_LINK.exec(plainText(mail.raw))?.[0];
  expect(link, "no confirmation link in the email").toBeTruthy();
  return link as string;
}

/** Signs an address up through the API and confirms it from its email: an active subscriber after. */
export async function subscribeConfirmed(request: APIRequestContext, sink: SmtpSink, email: string) {
  const res = await request.post("/api/newsletter/subscribe", { data: { email } });
  expect(res.status()).toBe(200);
  const link = await confirmationLink(sink, email);
  // The page's form post, as the button sends it.
  const pressed = await request.post(new URL(link).pathname, {
    form: {},
    headers: { Origin: new URL(link).origin },
  });
  expect(pressed.status()).toBe(200);
  expect(await pressed.text()).toContain('data-testid="newsletter-confirmed"');
}
