import { createServer } from "node:net";
import { expect, test } from "../fixtures/test";
import { mailMatching, uniqueEmail } from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";
import { type ServerProcess, startServer, tempDataDir } from "../helpers/server-process";
import { plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";

/**
 * A customer who left three checkouts unfinished is refused a fourth, asks
 * for the release link from the refusal, opens it from the email, releases
 * them and books. The journey needs the real cap (3 per email), which the
 * shared end-to-end servers lift, so it runs its own server process; it is
 * opened at 127.0.0.1 while PUBLIC_URL names localhost (a local try-out), so
 * the checkout also comes back to the address the customer opened.
 */
const ADVENTURE = "guided-shore-dive";
const PHONE = { width: 375, height: 740 };
const WIDE = { width: 1280, height: 900 };
const RELEASE_LINK = /http:\/\/localhost:\d+\/checkouts\/release\/[A-Za-z0-9_-]{43}/;

let sink: SmtpSink;
let server: ServerProcess;
let data: ReturnType<typeof tempDataDir>;
let origin: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  data = tempDataDir();
  const port = await freePort();
  server = await startServer({
    PORT: String(port),
    DATA_DIR: data.dir,
    PAYMENTS: "test",
    PUBLIC_URL: `http://localhost:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    OUTBOX_POLL_MS: "300",
    MAX_OPEN_CHECKOUTS: "3",
    RATE_LIMIT_FACTOR: "100",
  });
  origin = `http://127.0.0.1:${port}`;
});
test.afterAll(async () => {
  await server?.stop();
  data?.remove();
  await sink?.close();
});

test.use({ viewport: PHONE });

test("a customer at the cap releases their unfinished checkouts by email, then books", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("release");
  // Three checkouts started and left (the API, as the booking form's script would).
  const res = await request.get(`${origin}/api/adventures/${ADVENTURE}/dates`);
  const open = ((await res.json()) as { date: string; available: boolean; spots_left: number }[]).filter(
    (d) => d.available && d.spots_left >= 1,
  );
  for (let i = 0; i < 3; i++) {
    const made = await request.post(`${origin}/api/bookings`, {
      data: {
        adventure_id: ADVENTURE,
        customer_first_name: "Lena",
        customer_last_name: "Park",
        customer_email: email,
        customer_phone: "0400 123 456",
        group_size: 1,
        selected_date: open[i % open.length].date,
      },
    });
    expect(made.status()).toBe(201);
  }

  // The fourth, on the booking form: refused, with the way out.
  await page.goto(`${origin}/book?adventure=${ADVENTURE}`);
  const form = page.locator("main form").first();
  await form.locator("[name=customerFirstName]").fill("Lena");
  await form.locator("[name=customerLastName]").fill("Park");
  await form.locator("[name=customerEmail]").fill(email);
  await form.locator("[name=customerPhone]").fill("0400 123 456");
  await form.locator("[name=groupSize]").selectOption("1");
  await page.locator("select[name=selectedDate]").selectOption(open[0].date);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByTestId("error-banner")).toContainText("You already have 3 unfinished checkouts");
  await expect(page.getByTestId("release-offer")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByTestId("release-offer").scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("refusal-375.png") });

  await page.getByRole("button", { name: "Email me a link to release them" }).click();
  await page.waitForURL(/\/checkouts\/release\?sent=1$/);
  await expect(page.getByTestId("release-requested")).toContainText(
    "If this address has unfinished checkouts",
  );

  // The link from the email lists the three.
  const mail = await mailMatching(sink.messages, (m) => m.to.includes(email));
  const link = RELEASE_LINK.exec(plainText(mail.raw))?.[0] ?? "";
  expect(link).not.toBe("");
  await page.goto(link.replace(/^http:\/\/localhost:/, "http://127.0.0.1:"));
  await expect(page.getByRole("heading", { level: 1, name: "Your unfinished checkouts" })).toBeVisible();
  await expect(page.getByTestId("open-checkouts").getByRole("listitem")).toHaveCount(3);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("release-375.png"), fullPage: true });
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: test.info().outputPath("release-1280.png"), fullPage: true });
  await page.setViewportSize(PHONE);

  // One, then the rest.
  await page
    .getByRole("button", { name: /^Release / })
    .first()
    .click();
  await expect(page.getByTestId("checkouts-released")).toContainText("1 checkout was released");
  await expect(page.getByTestId("open-checkouts").getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Release all 2" }).click();
  await expect(page.getByTestId("checkouts-released")).toContainText("2 checkouts were released");
  await expect(page.getByRole("heading", { level: 1, name: "All released" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("released-375.png"), fullPage: true });

  // And now the booking goes through, to a checkout on the address the customer opened.
  await page.getByRole("link", { name: "Book now" }).click();
  await page.waitForURL(/\/book$/);
  await page.goto(`${origin}/book?adventure=${ADVENTURE}`);
  await form.locator("[name=customerFirstName]").fill("Lena");
  await form.locator("[name=customerLastName]").fill("Park");
  await form.locator("[name=customerEmail]").fill(email);
  await form.locator("[name=customerPhone]").fill("0400 123 456");
  await form.locator("[name=groupSize]").selectOption("1");
  await page.locator("select[name=selectedDate]").selectOption(open[0].date);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(new RegExp(`^${origin.replaceAll(".", "\\.")}/checkout/test/cs_test_`));
});
