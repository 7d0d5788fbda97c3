import { afterEach, expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { TestCardForm } from "../../app/components/checkout/TestCardForm";
import { CARD_TEXT } from "../../app/lib/booking";
import { serverHtml } from "./server-html";

const form = (
  <TestCardForm
    session={{ id: "cs_test_typed", needsEmail: false, cancelUrl: "/book" }}
    total="A$180.00"
    siteTitle="Sydney Dive & Camp"
    answer={{ sent: false, ok: false, detail: "", errors: {}, status: 0 }}
    onExpired={() => {}}
  />
);

afterEach(() => {
  vi.restoreAllMocks();
});

test("a card typed before React took over is the card sent when Pay is pressed after", async () => {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    expect(String(input)).toBe("/api/payments/v1/test-checkout/cs_test_typed/pay");
    sent.push(JSON.parse(String(init?.body)));
    // Declined, so the page stays here (a paid card would navigate away).
    return new Response(JSON.stringify({ detail: "Declined", errors: { card_number: CARD_TEXT.declined } }), {
      status: 402,
      headers: { "Content-Type": "application/json" },
    });
  });
  const html = serverHtml(form);
  // A slow phone: the card goes in while the page is still the server's HTML.
  await page.getByLabelText("Card number").fill("4000 0000 0000 0002");
  await page.getByLabelText("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabelText("CVC").fill("123");
  await page.getByLabelText("Name on card").fill("Mia Moreno");
  await html.hydrate();

  await userEvent.click(page.getByRole("button", { name: "Pay A$180.00" }));
  await expect.element(page.getByRole("alert")).toHaveTextContent(CARD_TEXT.declined);
  expect(sent).toEqual([
    { card_number: "4000000000000002", expiry: "12/34", cvc: "123", name: "Mia Moreno", email: "" },
  ]);
  // The fields still show what was typed.
  await expect.element(page.getByLabelText("Name on card")).toHaveValue("Mia Moreno");
});
