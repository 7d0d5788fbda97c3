import { createServer } from "node:net";
import { Secret, TOTP } from "otpauth";
import { expect, test } from "../fixtures/test";
import { expectNoSidewaysScroll } from "../helpers/page-checks";
import { type ServerProcess, startServer, tempDataDir } from "../helpers/server-process";
import { plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";

/**
 * The owner invites a crew member from the staff screen on a phone; the
 * crew member sets a password from the emailed link, signs in with their
 * email, cannot open the bookings (where refunds are) and opens the
 * manifest. Staff change how everyone signs in, so the journey runs its own
 * server process and database, with an SMTP sink for the invitation.
 */
const PHONE = { width: 375, height: 740 };
const WIDE = { width: 1280, height: 900 };
const OWNER_PASSWORD = "staff-journey-owner-password";
const OWNER_EMAIL = "owner@example.com";
const CREW_EMAIL = "casey.crew@example.com";
const CREW_PASSWORD = "casey-crew-password";
const INVITE_LINK = /http:\/\/localhost:\d+\/staff\/invite\/[A-Za-z0-9_-]{43}/;

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
    ADMIN_PASSWORD: OWNER_PASSWORD,
    PUBLIC_URL: `http://localhost:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    OUTBOX_POLL_MS: "300",
  });
  origin = `http://127.0.0.1:${port}`;
});
test.afterAll(async () => {
  await server?.stop();
  data?.remove();
  await sink?.close();
});

test.use({ viewport: PHONE });

test("the owner invites a crew member, who signs in and opens the manifest but not the bookings", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The owner's own sign-in email and two-factor come first (the staff screen asks for both).
  const login = await request.post(`${origin}/api/admin/login`, { data: { password: OWNER_PASSWORD } });
  const owner = ((await login.json()) as { token: string }).token;
  const auth = { Authorization: `Bearer ${owner}` };
  expect(
    (
      await request.put(`${origin}/api/admin/staff/owner`, { headers: auth, data: { email: OWNER_EMAIL } })
    ).status(),
  ).toBe(200);
  const start = await request.post(`${origin}/api/admin/two-factor/start`, {
    headers: auth,
    data: { password: OWNER_PASSWORD },
  });
  const { secret } = (await start.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  expect(
    (
      await request.post(`${origin}/api/admin/two-factor/confirm`, { headers: auth, data: { code } })
    ).status(),
  ).toBe(200);

  // The owner invites from the staff screen, on a phone.
  await page.addInitScript((t) => window.localStorage.setItem("admin_token", t), owner);
  await page.goto(`${origin}/admin/staff`);
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  const invite = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Invite someone" }) });
  await invite.getByLabel("Name").fill("Casey Crew");
  await invite.getByLabel("Email").fill(CREW_EMAIL);
  await invite.getByLabel("Role").selectOption("crew");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${CREW_EMAIL}`)).toBeVisible();
  await expect(page.getByTestId("staff-member")).toContainText("Invited");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("staff-375.png"), fullPage: true });
  await page.setViewportSize(WIDE);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("staff-1280.png"), fullPage: true });

  // The crew member opens the emailed link in their own browser and sets a password.
  const mail = await sink.waitFor((m) => m.to.includes(CREW_EMAIL), 20_000);
  const link = INVITE_LINK.exec(plainText(mail.raw))?.[0] ?? "";
  expect(link).not.toBe("");
  const crewContext = await browser.newContext({ viewport: PHONE });
  const crew = await crewContext.newPage();
  await crew.goto(link.replace(/^http:\/\/localhost:/, "http://127.0.0.1:"));
  await expect(crew.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
  await crew.getByRole("textbox", { name: "Password", exact: true }).fill(CREW_PASSWORD);
  await crew.getByRole("textbox", { name: "Password again" }).fill(CREW_PASSWORD);
  await crew.getByRole("button", { name: "Save and finish" }).click();
  await expect(crew.getByTestId("invite-accepted")).toBeVisible();
  await expectNoSidewaysScroll(crew);

  // Signing in now asks for the email.
  await crew.getByRole("link", { name: "Go to sign in" }).click();
  await crew.getByLabel("Email").fill(CREW_EMAIL);
  await crew.getByLabel("Password").fill(CREW_PASSWORD);
  await crew.getByRole("button", { name: "Sign in" }).click();
  await expect(crew.getByTestId("admin-role")).toHaveText("Crew · Casey Crew");

  // No money: the bookings (where refunds are made) are not in the menu and do not open.
  await crew.getByRole("button", { name: "Open menu" }).click();
  const menu = crew.getByRole("dialog", { name: "Admin menu" });
  await expect(menu.getByRole("link", { name: "Trip-day manifest" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Bookings" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Vouchers" })).toHaveCount(0);
  await menu.getByRole("button", { name: "Close menu" }).first().click();
  await crew.goto(`${origin}/admin/bookings`);
  await expect(crew.getByTestId("not-for-role")).toContainText("Your role (Crew) cannot open this screen");
  const crewToken = await crew.evaluate(() => window.localStorage.getItem("admin_token"));
  const refund = await request.post(`${origin}/api/admin/bookings/any/refunds`, {
    headers: { Authorization: `Bearer ${crewToken}` },
    data: {},
  });
  expect(refund.status()).toBe(403);

  // The manifest opens.
  await crew.goto(`${origin}/admin/manifest`);
  await expect(crew.getByRole("heading", { level: 1, name: "Trip-day manifest" })).toBeVisible();
  await expectNoSidewaysScroll(crew);
  await crew.screenshot({ path: test.info().outputPath("crew-manifest-375.png"), fullPage: true });
  await crewContext.close();
});
