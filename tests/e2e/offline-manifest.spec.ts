import { Secret, TOTP } from "otpauth";
import { expect, type Page, test } from "../fixtures/test";
import { readyDiverDetails } from "../helpers/participant-details";
import { type ServerProcess, startServer, tempDataDir } from "../helpers/server-process";
import { plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";

/**
 * The trip day on a boat with no signal, on a Crew member's phone: the
 * manifest and the roll call of the departure they work are kept on the
 * phone online; offline they check in a group of six and run a roll call
 * with one diver left in the water (the alarm); a second phone checks the
 * same first diver in offline too. Back online both phones sync, each tap
 * applied once and audited. Staff change how everyone signs in, so this
 * journey runs its own server process, with an SMTP sink for the invitation.
 */
const PHONE = { width: 375, height: 740 };
const OWNER_PASSWORD = "offline-journey-owner-password";
const CREW_EMAIL = "rory.crew@example.com";
const CREW_PASSWORD = "rory-crew-password-1";
const DATE = "2031-03-14";
const NAMES = [
  ["Ava Stone", "Ben Cole", "Cara Diaz"],
  ["Dan Egan", "Eve Ford", "Finn Gray"],
];

test.use({ viewport: PHONE, serviceWorkers: "allow" });

let sink: SmtpSink;
let server: ServerProcess;
let data: ReturnType<typeof tempDataDir>;
let origin: string;
let owner: string;
let crewToken: string;

async function call(token: string, path: string, method: string, body?: unknown) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${text}`).toBe(true);
  return text ? JSON.parse(text) : null;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  data = tempDataDir();
  const port = 4500 + 50 + (process.pid % 40);
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
  const login = await fetch(`${origin}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password: OWNER_PASSWORD }),
  });
  owner = ((await login.json()) as { token: string }).token;
  // Staff need the owner's email and two-factor first; then the Crew member is invited and accepts.
  await call(owner, "/api/admin/staff/owner", "PUT", { email: "owner@example.com" });
  const { secret } = await call(owner, "/api/admin/two-factor/start", "POST", { password: OWNER_PASSWORD });
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  await call(owner, "/api/admin/two-factor/confirm", "POST", { code });
  await call(owner, "/api/admin/staff", "POST", { email: CREW_EMAIL, name: "Rory Crew", role: "crew" });
  const mail = await sink.waitFor((m) => m.to.includes(CREW_EMAIL));
  const token = plainText(mail.raw).match(/\/staff\/invite\/([A-Za-z0-9_-]{43})/)?.[1];
  await call("", `/api/admin/invites/${token}`, "POST", {
    password: CREW_PASSWORD,
    confirm_password: CREW_PASSWORD,
  });
  const crewLogin = await fetch(`${origin}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: CREW_EMAIL, password: CREW_PASSWORD }),
  });
  crewToken = ((await crewLogin.json()) as { token: string }).token;
});
test.afterAll(async () => {
  await server?.stop();
  data?.remove();
  await sink?.close();
});

/** Two phone bookings of three on the departure, everyone's details in; the Crew member assigned to it. */
async function departureOfSix(): Promise<string> {
  await call(owner, "/api/admin/availability", "POST", {
    adventure_id: "dive-exhibition",
    date: DATE,
    available_spots: 8,
  });
  for (const names of NAMES) {
    const made = await call(owner, "/api/admin/bookings", "POST", {
      adventure_id: "dive-exhibition",
      selected_date: DATE,
      group_size: 3,
      customer_first_name: names[0].split(" ")[0],
      customer_email: `${names[0].split(" ")[0].toLowerCase()}@example.com`,
      payment: "on_the_day",
    });
    for (const [i, full_name] of names.entries()) {
      await call(
        owner,
        `/api/admin/bookings/${made.booking_id}/participants/${i + 1}`,
        "PUT",
        readyDiverDetails(full_name, { emergency_contact_phone: "0400 111 222" }),
      );
    }
  }
  const manifest = await call(owner, `/api/admin/manifest?date=${DATE}`, "GET");
  const slot = manifest.adventures[0].availability_id as string;
  const crew = await call(owner, "/api/admin/staff", "GET");
  const member = crew.members.find((m: { email: string }) => m.email === CREW_EMAIL).id;
  await call(owner, `/api/admin/departures/${slot}/crew`, "PUT", { member, role: "divemaster" });
  return slot;
}

/** Online once: the worker installs and keeps the manifest and the roll call of this phone's departure. */
async function loadOnline(page: Page) {
  await page.addInitScript((t) => window.localStorage.setItem("admin_token", t), crewToken);
  await page.goto(`${origin}/admin/manifest?date=${DATE}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.getByRole("link", { name: "Roll call" }).click();
  await expect(page.getByRole("button", { name: "Start dive 1" })).toBeVisible();
  await page.goto(`${origin}/admin/manifest?date=${DATE}`);
  await expect(page.getByRole("link", { name: "Roll call" })).toBeVisible();
}

test("a Crew phone checks in six and runs a roll call offline; both phones sync once", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const slot = await departureOfSix();
  const phone = await browser.newContext({ viewport: PHONE, serviceWorkers: "allow" });
  const second = await browser.newContext({ viewport: PHONE, serviceWorkers: "allow" });
  const page = await phone.newPage();
  const other = await second.newPage();
  await loadOnline(page);
  await loadOnline(other);

  await second.setOffline(true);
  await other.getByRole("button", { name: `Checked in: ${NAMES[0][0]}` }).click();
  await expect(other.getByText("1 action waiting to sync")).toBeVisible();

  await phone.setOffline(true);
  for (const name of NAMES.flat()) {
    const button = page.getByRole("button", { name: `Checked in: ${name}` });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page.getByText("6 actions waiting to sync")).toBeVisible();
  await page.getByRole("link", { name: "Roll call" }).click();
  await page.getByRole("button", { name: "Start dive 1" }).click();
  const diver = (name: string) => page.getByRole("listitem", { name, exact: true });
  for (const name of NAMES.flat()) await diver(name).getByRole("button", { name: "In the water" }).click();
  await expect(page.getByTestId("in-water-count")).toHaveText("6 of 6 in the water");
  for (const name of NAMES.flat().slice(1))
    await diver(name).getByRole("button", { name: "Back aboard" }).click();
  await expect(page.getByTestId("in-water-count")).toHaveText("1 of 6 in the water");
  await expect(page.getByText("Offline: showing the copy kept on this phone")).toBeVisible();
  // How fresh the copy is: when the phone saved the roll call it shows.
  await expect(page.getByTestId("copy-saved-at")).toHaveText(
    /^Copy saved \w{3},? \d{1,2} \w{3},? \d{1,2}:\d\d\s?[ap]m$/i,
  );
  await expect(page.getByText("18 actions waiting to sync")).toBeVisible();
  // Offline the console still knows who holds the phone: the Crew member's role, not the owner's.
  await expect(page.getByTestId("admin-role")).toHaveText(/^Crew/);
  await page.screenshot({ path: test.info().outputPath("offline-roll-call-375.png"), fullPage: true });
  // The same screen on a tablet or a laptop at the dive shop: the offline box and the count fit.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId("offline-status")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("offline-roll-call-1280.png"), fullPage: true });
  await page.setViewportSize(PHONE);

  // Ava is still out: All aboard is the alarm, with her emergency contact, even with no signal.
  await page.getByRole("button", { name: "All aboard" }).click();
  const alarm = page.getByRole("alertdialog", { name: "Diver missing" });
  await expect(alarm).toContainText(NAMES[0][0]);
  await expect(alarm).toContainText(`${NAMES[0][0]} Sr`);
  await page.screenshot({ path: test.info().outputPath("offline-alarm-375.png") });
  await alarm.getByRole("button", { name: "Back to the count" }).click();
  await diver(NAMES[0][0]).getByRole("button", { name: "Back aboard" }).click();
  await page.getByRole("button", { name: "All aboard" }).click();

  // Signal back: both phones sync; every tap applied once, none refused.
  await phone.setOffline(false);
  await second.setOffline(false);
  await expect(page.getByTestId("offline-status")).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId("dive-log-entry")).toContainText("Dive 1: 6 divers", { timeout: 15_000 });
  await expect
    .poll(() => other.evaluate(() => localStorage.getItem("trip-day-last-sync")), { timeout: 15_000 })
    .toContain('"refused":[]');

  const manifest = await call(owner, `/api/admin/manifest?date=${DATE}`, "GET");
  const people = manifest.adventures[0].bookings.flatMap(
    (b: { participants: { checked_in: boolean }[] }) => b.participants,
  );
  expect(people.map((p: { checked_in: boolean }) => p.checked_in)).toEqual(Array(6).fill(true));
  const roll = await call(owner, `/api/admin/departures/${slot}/roll-call`, "GET");
  expect(roll.dives).toHaveLength(1);
  expect(roll.dives[0].all_aboard_at).not.toBeNull();
  const audit = await call(owner, "/api/admin/audit?entity=roll_call&page_size=100", "GET");
  const outs = audit.entries.filter((e: { action: string }) => e.action === "diver_out");
  expect(outs).toHaveLength(6);
  await phone.close();
  await second.close();
});
