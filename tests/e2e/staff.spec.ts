import { createServer } from "node:net";
import { Secret, TOTP } from "otpauth";
import { expect, test } from "../fixtures/test";
import { clickForAnswer } from "../helpers/answered";
import { expectNoSidewaysScroll } from "../helpers/page-checks";
import { readyDiverDetails } from "../helpers/participant-details";
import { type ServerProcess, startServer, tempDataDir } from "../helpers/server-process";
import { plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";

/**
 * The owner requires two-factor for everyone and invites a crew member from
 * the staff screen on a phone; the crew member sets a password and their own
 * authenticator from the emailed link, signs in with their email and its
 * code, cannot open the bookings (where refunds are), opens the manifest of
 * the departure they are assigned to and checks a guest in, which the owner
 * finds in the audit log by the booking (who, false → true); later they set a
 * new password from an emailed reset link. A manager sets up their own
 * authenticator on the invitation's page, signs in with its code, refunds part
 * of a paid booking with a reason (in the audit log: by whom, 0 → the amount),
 * changes their password on their own sign-in screen, and the owner signs
 * their device out from the staff screen. Staff change how everyone signs in,
 * so the journey runs its own server process and database, with an SMTP sink
 * for the invitation.
 */
const PHONE = { width: 375, height: 740 };
const WIDE = { width: 1280, height: 900 };
const OWNER_PASSWORD = "staff-journey-owner-password";
const OWNER_EMAIL = "owner@example.com";
const CREW_EMAIL = "casey.crew@example.com";
const CREW_PASSWORD = "casey-crew-password";
const MANAGER_EMAIL = "morgan.manager@example.com";
const MANAGER_PASSWORD = "morgan-manager-password";
const INVITE_LINK = /http:\/\/localhost:\d+\/staff\/invite\/[A-Za-z0-9_-]{43}/;
const RESET_LINK = /http:\/\/localhost:\d+\/staff\/reset\/[A-Za-z0-9_-]{43}/;

let sink: SmtpSink;
let server: ServerProcess;
let data: ReturnType<typeof tempDataDir>;
let origin: string;
let owner: string;

const codeAt = (secret: string, offsetSteps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

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
  // The owner's own sign-in email and two-factor come first (the staff screen asks for both).
  const login = await fetch(`${origin}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password: OWNER_PASSWORD }),
  });
  owner = ((await login.json()) as { token: string }).token;
  const ownerCall = (path: string, method: string, data: unknown) =>
    fetch(`${origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${owner}` },
      body: JSON.stringify(data),
    });
  expect((await ownerCall("/api/admin/staff/owner", "PUT", { email: OWNER_EMAIL })).status).toBe(200);
  const start = await ownerCall("/api/admin/two-factor/start", "POST", { password: OWNER_PASSWORD });
  const { secret } = (await start.json()) as { secret: string };
  const confirm = await ownerCall("/api/admin/two-factor/confirm", "POST", { code: codeAt(secret, 0) });
  expect(confirm.status).toBe(200);
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
  // The owner invites from the staff screen, on a phone.
  await page.addInitScript((t) => window.localStorage.setItem("admin_token", t), owner);
  await page.goto(`${origin}/admin/staff`);
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  // Everyone signs in with a second factor of their own, crew included.
  const ownSignIn = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Your sign-in" }) });
  await ownSignIn.getByLabel("Require two-factor sign-in for everyone").check();
  await ownSignIn.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
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
  // The owner requires two-factor for everyone: the invitation's page sets up Casey's own authenticator.
  const crewSecret = ((await crew.locator("fieldset p.font-mono").textContent()) ?? "").replace(/\s/g, "");
  expect(crewSecret).not.toBe("");
  await crew.getByRole("textbox", { name: "Password", exact: true }).fill(CREW_PASSWORD);
  await crew.getByRole("textbox", { name: "Password again" }).fill(CREW_PASSWORD);
  await crew.getByLabel("Authentication code").fill(codeAt(crewSecret, 0));
  await crew.getByRole("button", { name: "Save and finish" }).click();
  await expect(crew.getByTestId("invite-accepted")).toBeVisible();
  await expectNoSidewaysScroll(crew);

  // Signing in now asks for the email, the password, then the code of Casey's authenticator.
  await crew.getByRole("link", { name: "Go to sign in" }).click();
  await crew.getByLabel("Email").fill(CREW_EMAIL);
  await crew.getByLabel("Password").fill(CREW_PASSWORD);
  await clickForAnswer(crew, crew.getByRole("button", { name: "Sign in" }), "/api/admin/login", 401);
  await crew.getByLabel("Authentication code").fill(codeAt(crewSecret, 1));
  await clickForAnswer(crew, crew.getByRole("button", { name: "Verify and sign in" }), "/api/admin/login");
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

  // The owner's first dives need an instructor per four guests: three guests booked by phone on a
  // date of its own leave the departure short until Casey is assigned, from the owner's Trips.
  const date = `2033-0${1 + (Date.now() % 9)}-1${Date.now() % 9}`;
  const ownerApi = { Authorization: `Bearer ${owner}` };
  const needs = await request.put(`${origin}/api/admin/adventures/dive-exhibition/crew-needs`, {
    headers: ownerApi,
    data: { instructor: 4 },
  });
  expect(needs.status()).toBe(200);
  const made = await request.post(`${origin}/api/admin/bookings`, {
    headers: ownerApi,
    data: {
      adventure_id: "dive-exhibition",
      selected_date: date,
      group_size: 3,
      customer_first_name: "Lena",
      customer_email: "lena.crew-trip@example.com",
      payment: "on_the_day",
      open_date: true,
    },
  });
  expect(made.status()).toBe(201);
  const bookingId = ((await made.json()) as { booking_id: string }).booking_id;
  // The first guest's details, as the group would give them: the manifest lists them to check in.
  const details = await request.put(`${origin}/api/admin/bookings/${bookingId}/participants/1`, {
    headers: ownerApi,
    data: readyDiverDetails("Lena Lake", {
      emergency_contact_name: "Lars Lake",
      emergency_contact_phone: "0400 111 222",
    }),
  });
  expect(details.status(), await details.text()).toBe(200);
  await page.goto(`${origin}/admin/trips?date=${date}`);
  const card = page.getByRole("listitem").filter({ hasText: "Discover Scuba Diving" });
  await expect(card.getByTestId("crew-short")).toHaveText("Short of staff: 1 instructor");
  await card.getByText("Crew", { exact: true }).click();
  await card.getByLabel("Person", { exact: true }).selectOption({ label: "Casey Crew" });
  await card.getByLabel("As", { exact: true }).selectOption("instructor");
  await card.getByRole("button", { name: "Assign" }).click();
  await expect(card.getByTestId("crew-line")).toHaveText("Casey Crew (instructor)");
  await expect(card.getByTestId("crew-short")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("trips-crew-1280.png"), fullPage: true });

  // Casey's own trips come first on Trips; the manifest shows that departure with its crew.
  await crew.goto(`${origin}/admin/trips`);
  const yours = crew.getByRole("region", { name: "Your trips" });
  await expect(yours).toContainText("Discover Scuba Diving");
  await expect(yours).toContainText("Instructor");
  await expectNoSidewaysScroll(crew);
  await crew.screenshot({ path: test.info().outputPath("crew-trips-375.png"), fullPage: true });
  await yours.getByRole("link").first().click();
  await expect(crew).toHaveURL(new RegExp(`/admin/manifest\\?date=${date}`));
  await expect(crew.getByTestId("crew-line")).toHaveText("Casey Crew (instructor)");
  await crew.screenshot({ path: test.info().outputPath("crew-manifest-trip-375.png"), fullPage: true });
  // Casey checks the first guest in; the owner finds it in the audit log under the booking, by Casey.
  const checkIn = crew.getByRole("button", { name: "Checked in: Lena Lake" });
  await checkIn.click();
  await expect(checkIn).toHaveAttribute("aria-pressed", "true");
  await page.goto(`${origin}/admin/audit?booking=${bookingId}`);
  const checkedIn = page.getByTestId("audit-entry").filter({ hasText: "check_in" });
  await expect(checkedIn).toHaveCount(1);
  await expect(checkedIn).toContainText("Casey Crew");
  await expect(checkedIn).toContainText("checked_in");
  await expect(checkedIn).toContainText("false → true");
  await page.screenshot({ path: test.info().outputPath("audit-check-in-1280.png"), fullPage: true });
  // The adventure's needs go back as they were.
  expect(
    (
      await request.put(`${origin}/api/admin/adventures/dive-exhibition/crew-needs`, {
        headers: ownerApi,
        data: {},
      })
    ).status(),
  ).toBe(200);

  // A forgotten password: the emailed link's page sets a new one and signs them out everywhere.
  const asked = await request.post(`${origin}/api/admin/password-reset`, { data: { email: CREW_EMAIL } });
  expect(asked.status()).toBe(200);
  const resetMail = await sink.waitFor(
    (m) => m.to.includes(CREW_EMAIL) && RESET_LINK.test(plainText(m.raw)),
    20_000,
  );
  const resetLink = RESET_LINK.exec(plainText(resetMail.raw))?.[0] ?? "";
  await crew.goto(resetLink.replace(/^http:\/\/localhost:/, "http://127.0.0.1:"));
  await expect(crew.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await crew
    .getByLabel(/^New password/)
    .first()
    .fill(`${CREW_PASSWORD}-again`);
  await crew.getByLabel("New password again").fill(`${CREW_PASSWORD}-again`);
  await crew.getByRole("button", { name: "Save the new password" }).click();
  await expect(crew.getByTestId("password-reset-done")).toContainText("You were signed out everywhere.");
  await crewContext.close();
});

/** A booking for two on the test checkout, paid with the test card, on this file's server. */
async function paidBooking(): Promise<string> {
  const dates = (await (await fetch(`${origin}/api/adventures/dive-exhibition/dates`)).json()) as {
    date: string;
    available: boolean;
    spots_left: number;
  }[];
  const date = dates.find((d) => d.available && d.spots_left >= 2)?.date;
  expect(date).toBeTruthy();
  const res = await fetch(`${origin}/api/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      adventure_id: "dive-exhibition",
      selected_date: date,
      group_size: 2,
      customer_first_name: "Rae",
      customer_last_name: "Refund",
      customer_email: `rae.${Date.now()}@example.com`,
    }),
  });
  expect(res.status).toBe(201);
  const booking = (await res.json()) as { booking_id: string; checkout_url: string };
  const session = new URL(booking.checkout_url).pathname.split("/").pop();
  const paid = await fetch(`${origin}/api/payments/v1/test-checkout/${session}/pay`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      card_number: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
      name: "Rae Refund",
    }),
  });
  expect(paid.status).toBe(200);
  return booking.booking_id;
}

test("a manager sets up their own second factor from the invitation, signs in with it, changes their password, and the owner signs their device out", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The invitation itself is the first journey's; here it is sent through the API.
  const invited = await fetch(`${origin}/api/admin/staff`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${owner}` },
    body: JSON.stringify({ email: MANAGER_EMAIL, name: "Morgan Manager", role: "manager" }),
  });
  expect(invited.status).toBe(201);
  const mail = await sink.waitFor((m) => m.to.includes(MANAGER_EMAIL), 20_000);
  const link = INVITE_LINK.exec(plainText(mail.raw))?.[0] ?? "";
  expect(link).not.toBe("");

  // The manager's role needs two-factor: the invitation's page sets the authenticator up with the password.
  const managerContext = await browser.newContext({ viewport: PHONE });
  const manager = await managerContext.newPage();
  await manager.goto(link.replace(/^http:\/\/localhost:/, "http://127.0.0.1:"));
  await expect(manager.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
  await expect(manager.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = ((await manager.locator("fieldset p.font-mono").textContent()) ?? "").replace(/\s/g, "");
  await manager.getByRole("textbox", { name: "Password", exact: true }).fill(MANAGER_PASSWORD);
  await manager.getByRole("textbox", { name: "Password again" }).fill(MANAGER_PASSWORD);
  await manager.getByLabel("Authentication code").fill(codeAt(secret, 0));
  await manager.getByRole("button", { name: "Save and finish" }).click();
  await expect(manager.getByTestId("invite-accepted")).toContainText("Your account is ready");

  // Signing in asks for the email, the password, then the code of their own authenticator.
  await manager.getByRole("link", { name: "Go to sign in" }).click();
  await manager.getByLabel("Email").fill(MANAGER_EMAIL);
  await manager.getByLabel("Password").fill(MANAGER_PASSWORD);
  await clickForAnswer(manager, manager.getByRole("button", { name: "Sign in" }), "/api/admin/login", 401);
  await manager.getByLabel("Authentication code").fill(codeAt(secret, 1));
  await clickForAnswer(
    manager,
    manager.getByRole("button", { name: "Verify and sign in" }),
    "/api/admin/login",
  );
  await expect(manager.getByTestId("admin-role")).toHaveText("Manager · Morgan Manager");

  // A manager refunds part of a paid booking with a reason; the owner finds it in the audit log.
  const bookingId = await paidBooking();
  await manager.goto(`${origin}/admin/bookings/${bookingId}`);
  await manager.getByLabel("Amount ($)").fill("20.00");
  await manager.getByLabel("Reason").fill("Mask strap broke");
  await manager.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(manager.getByTestId("booking-refunds")).toContainText("Mask strap broke");
  await page.addInitScript((t) => window.localStorage.setItem("admin_token", t), owner);
  await page.goto(`${origin}/admin/audit?booking=${bookingId}`);
  const refunded = page.getByTestId("audit-entry").filter({ hasText: "Mask strap broke" });
  await expect(refunded).toHaveCount(1);
  await expect(refunded).toContainText("Morgan Manager");
  await expect(refunded).toContainText("0 → 2000");
  await page.screenshot({ path: test.info().outputPath("audit-refund-375.png"), fullPage: true });

  // Their own sign-in: two-factor stays on for the role; the password changes here.
  await manager.goto(`${origin}/admin/account`);
  await expect(manager.getByRole("heading", { level: 1, name: "Your sign-in" })).toBeVisible();
  await expect(manager.getByTestId("two-factor-locked")).toContainText("required for your role");
  await manager.getByLabel("Current password").fill(MANAGER_PASSWORD);
  await manager.getByLabel(/^New password/).fill(`${MANAGER_PASSWORD}-new`);
  await manager.getByLabel("Confirm new password").fill(`${MANAGER_PASSWORD}-new`);
  await clickForAnswer(
    manager,
    manager.getByRole("button", { name: "Change password" }),
    "/api/admin/account/password",
  );
  await expect(manager.getByText("Password changed. Your other devices have been signed out.")).toBeVisible();
  await expectNoSidewaysScroll(manager);
  await manager.screenshot({ path: test.info().outputPath("account-375.png"), fullPage: true });
  await manager.setViewportSize(WIDE);
  await expectNoSidewaysScroll(manager);
  await manager.screenshot({ path: test.info().outputPath("account-1280.png"), fullPage: true });

  // The owner sees the manager's device on the staff screen and signs it out.
  await page.addInitScript((t) => window.localStorage.setItem("admin_token", t), owner);
  await page.goto(`${origin}/admin/staff`);
  const row = page.getByTestId("staff-member").filter({ hasText: MANAGER_EMAIL });
  await row.getByText("Signed-in devices (1)").click();
  const devices = row.getByRole("list", { name: "Devices signed in as Morgan Manager" });
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("staff-sessions-375.png"), fullPage: true });
  await page.setViewportSize(WIDE);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("staff-sessions-1280.png"), fullPage: true });
  await devices.getByRole("button", { name: /^Sign out Morgan Manager on / }).click();
  await expect(row.getByText(/is signed out$/)).toBeVisible();
  await expect(row.getByText("Signed-in devices (0)")).toBeVisible();

  // The manager's next call finds the session ended: the sign-in screen again.
  await manager.reload();
  await expect(manager.getByRole("button", { name: "Sign in" })).toBeVisible();
  await managerContext.close();
});
