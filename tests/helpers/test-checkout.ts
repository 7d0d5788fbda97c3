/** Paying on the built-in test checkout page, as a customer does. */
import type { Page } from "@playwright/test";

/** Fills the card form with the test card that pays, and submits it. */
export async function payWithTestCard(page: Page, name = "Ava Walker") {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill(name);
  await page.getByRole("button", { name: /^Pay / }).click();
}
