import { SIGN_UP_ANSWER } from "../../app/lib/newsletter";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { expect, test } from "../fixtures/test";
import { adminToken, bearer, uniqueEmail } from "../helpers/e2e-api";
import { confirmationLink } from "../helpers/e2e-newsletter";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp";

/**
 * The footer's newsletter box with JavaScript off (as every visitor has it
 * before a page's scripts load): a plain form post that signs the address up
 * and shows the thank-you, never a GET that puts the address in the URL. The
 * address is pending until the person opens the link of the confirmation
 * email and presses the page's button, a plain form too; opening the link
 * alone changes nothing, and the used link then says so.
 */
test.use({ javaScriptEnabled: false });

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

interface Subscriber {
  id: string;
  email: string;
  status: string;
}

test("signs up from the footer without JavaScript, shows the thank-you, and confirms from the email", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const email = uniqueEmail("footer-nojs");
  const subscriberOf = async () => {
    const res = await request.get("/api/admin/newsletter/subscribers", { headers: bearer(token) });
    expect(res.status()).toBe(200);
    return ((await res.json()) as Subscriber[]).find((s) => s.email === email);
  };
  try {
    await page.goto("/faq");
    const box = page.getByRole("form", { name: "Newsletter sign-up" });
    await box.getByLabel("Email address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL("/newsletter");
    await expect(page.getByTestId("newsletter-status")).toHaveText(SIGN_UP_ANSWER);
    await expect(page.getByTestId("newsletter-status")).toContainText(
      "Thanks for subscribing! Watch your inbox for trip news.",
    );
    expect((await subscriberOf())?.status).toBe("pending");

    const link = await confirmationLink(sink, email);
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
    expect((await subscriberOf())?.status).toBe("pending");
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
    expect((await subscriberOf())?.status).toBe("active");

    await page.goto(new URL(link).pathname);
    await expect(
      page.getByRole("heading", { name: "This link has expired or was already used" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm subscription" })).toHaveCount(0);
  } finally {
    const subscriber = await subscriberOf();
    if (subscriber?.status === "active") {
      await request.put(`/api/admin/newsletter/subscribers/${subscriber.id}`, {
        headers: bearer(token),
        data: { status: "inactive" },
      });
    }
  }
});
