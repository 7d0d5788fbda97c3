import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { type APIRequestContext, expect, test } from "../fixtures/test";

/**
 * The signed-in devices on the settings page: another device is listed in
 * words and signed out from here, then "Sign out everywhere" ends this
 * device's session too and brings back the login screen.
 */

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function tokenFor(request: APIRequestContext, userAgent?: string): Promise<string> {
  const res = await request.post("/api/admin/login", {
    data: { password: E2E_ADMIN_PASSWORD },
    headers: userAgent ? { "User-Agent": userAgent } : {},
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const status = async (request: APIRequestContext, token: string) =>
  (await request.get("/api/admin/sessions", { headers: { Authorization: `Bearer ${token}` } })).status();

test("signed-in devices: sign out the phone, then everywhere", async ({ page, request }) => {
  const phone = await tokenFor(request, IPHONE);
  const here = await tokenFor(request);
  await page.addInitScript((t) => {
    // Only the first load: signing out must stay signed out.
    if (!sessionStorage.getItem("seeded")) {
      sessionStorage.setItem("seeded", "1");
      window.localStorage.setItem("admin_token", t);
    }
  }, here);
  await page.goto("/admin/settings-pro");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  const list = page.getByRole("list", { name: "Signed-in devices" });
  const mine = list.getByRole("listitem").filter({ hasText: "This device" });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Last used");
  const phoneRow = list.getByRole("listitem").filter({ hasText: "Safari on iPhone" }).first();
  await expect(phoneRow).toBeVisible();

  await phoneRow.getByRole("button", { name: /^Sign out Safari on iPhone/ }).click();
  await expect(page.getByText(/^Safari on iPhone \(.+\) is signed out\.$/)).toBeVisible();
  expect(await status(request, phone)).toBe(401);
  expect(await status(request, here)).toBe(200);

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Every device signed in to the admin area is signed out, this one too.");
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  expect(await status(request, here)).toBe(401);
});
