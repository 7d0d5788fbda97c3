import { Secret, TOTP } from "otpauth";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { adminToken } from "../fixtures/admin-session";
import { type APIRequestContext, expect, test } from "../fixtures/test";
import { clickForAnswer } from "../helpers/answered";

/**
 * Two-factor sign-in as the operator uses it. The server runs on the real
 * clock, so no code is ever waited for: the enrolment uses the current code,
 * the sign-in the next step's code (inside the one-step window), and turning
 * it off a recovery code. Other specs share this server's database: the
 * finally block leaves two-factor off whatever happened.
 *
 * Every step that checks the password or a recovery code (a deliberately slow
 * hash) waits for the server's answer before looking at the screen: on a busy
 * machine the hash alone can take longer than an on-screen change is given.
 */

const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
const codeAt = (secret: string, offsetSteps: number) =>
  totp(secret).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function twoFactorEnabled(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.get("/api/admin/security", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { two_factor: { enabled: boolean } }).two_factor.enabled;
}

test("two-factor: enrol on the settings page, sign in with password and code, turn it off", async ({
  page,
  request,
}) => {
  let recoveryCodes: string[] = [];
  const token = await adminToken(request);
  expect(await twoFactorEnabled(request, token)).toBe(false);
  try {
    await page.addInitScript((t) => {
      // Only the first load: signing out must stay signed out.
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        window.localStorage.setItem("admin_token", t);
      }
    }, token);
    await page.goto("/admin/settings-pro");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const card = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Two-factor sign-in" }) });
    await expect(page.getByTestId("two-factor-status")).toHaveText("Off");
    // The password comes from ADMIN_PASSWORD here, and the page says so instead of offering a form.
    await expect(page.getByTestId("password-from-env")).toContainText("ADMIN_PASSWORD");

    // Setting it up asks for the password again.
    await card.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
    await expect(card.getByLabel("Password")).toHaveValue(E2E_ADMIN_PASSWORD);
    await clickForAnswer(
      page,
      page.getByRole("button", { name: "Set up two-factor sign-in" }),
      "/api/admin/two-factor/start",
    );
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel("Code from the app").fill(codeAt(secret, 0));
    // Turning it on hashes the ten recovery codes.
    await clickForAnswer(
      page,
      page.getByRole("button", { name: "Turn on" }),
      "/api/admin/two-factor/confirm",
    );
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
    await expect(page.getByTestId("two-factor-status")).toHaveText("On");
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(card.getByTestId("recovery-left")).toContainText("10 of 10 recovery codes left");

    // Sign out, then in again: the password first, then the code.
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/admin/settings-pro");
    await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
    // The right password, and the server asks for the code.
    await clickForAnswer(page, page.getByRole("button", { name: "Sign in" }), "/api/admin/login", 401);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
    await expect(page.getByTestId("login-notice")).toHaveText(
      "Enter the 6-digit code from your authenticator app.",
    );

    const field = page.getByLabel("Authentication code");
    await field.fill("000000");
    const verify = page.getByRole("button", { name: "Verify and sign in" });
    await clickForAnswer(page, verify, "/api/admin/login", 401);
    await expect(page.getByTestId("login-error")).toContainText("That code is not valid.");
    // The confirming code's step is used up; the next step's code is inside the drift window.
    await field.fill(codeAt(secret, 1));
    await clickForAnswer(page, verify, "/api/admin/login");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByTestId("two-factor-status")).toHaveText("On");

    // Once more with a recovery code instead of the app.
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/admin/settings-pro");
    await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
    await clickForAnswer(page, page.getByRole("button", { name: "Sign in" }), "/api/admin/login", 401);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[1]);
    await clickForAnswer(page, verify, "/api/admin/login");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(card.getByTestId("recovery-left")).toContainText("9 of 10 recovery codes left");

    // Turn it off from the page, with the password and a recovery code.
    await card.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
    await card.getByRole("textbox", { name: "Code", exact: true }).fill(recoveryCodes[0]);
    await clickForAnswer(
      page,
      page.getByRole("button", { name: "Turn off two-factor sign-in" }),
      "/api/admin/two-factor/disable",
    );
    await expect(page.getByTestId("two-factor-status")).toHaveText("Off");
    await expect(card.getByText("Two-factor sign-in is off.")).toBeVisible();
  } finally {
    // Leave the server as it was found, even when a step above failed: if the
    // password alone no longer signs in, two-factor is still on.
    const plain = await request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
    if (plain.status() !== 200) {
      const login = await request.post("/api/admin/login", {
        data: { password: E2E_ADMIN_PASSWORD, code: recoveryCodes[8] },
      });
      expect(login.status()).toBe(200);
      const { token: fresh } = (await login.json()) as { token: string };
      const off = await request.post("/api/admin/two-factor/disable", {
        headers: { Authorization: `Bearer ${fresh}` },
        data: { password: E2E_ADMIN_PASSWORD, code: recoveryCodes[9] },
      });
      expect(off.status()).toBe(200);
    }
  }
});
