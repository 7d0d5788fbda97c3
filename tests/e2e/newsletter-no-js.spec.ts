import { expect, test } from "../fixtures/test";
import { adminToken, bearer, uniqueEmail } from "../helpers/e2e-api";

/**
 * The footer's newsletter box with JavaScript off (as every visitor has it
 * before a page's scripts load): a plain form post that signs the address up
 * and shows the thank-you, never a GET that puts the address in the URL.
 */
test.use({ javaScriptEnabled: false });

interface Subscriber {
  id: string;
  email: string;
  status: string;
}

test("signs up from the footer without JavaScript and shows the thank-you", async ({ page, request }) => {
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
    await expect(page.getByTestId("newsletter-status")).toHaveText(
      "Thanks for subscribing! Watch your inbox for trip news.",
    );
    expect((await subscriberOf())?.status).toBe("active");
  } finally {
    const subscriber = await subscriberOf();
    if (subscriber) {
      await request.put(`/api/admin/newsletter/subscribers/${subscriber.id}`, {
        headers: bearer(token),
        data: { status: "inactive" },
      });
    }
  }
});
