import { expect, test } from "../fixtures/test";
import { adminToken, bearer } from "../helpers/e2e-api";

/**
 * A password change ends every session, the one that asked for it too, and
 * answers with a fresh token for this device. The page re-reads its data right
 * after the write: that must already happen with the new token, or the
 * operator who just changed the password would be signed out.
 *
 * This server's password comes from ADMIN_PASSWORD and cannot be changed, so
 * the test plays the change at the network edge with the server's own
 * sessions: the status says the password is stored, and the change revokes the
 * page's session and answers with a new, real one.
 */
test("after a password change the settings page carries on with the new token", async ({ page, request }) => {
  const oldToken = await adminToken(request);
  let newToken = "";
  await page.addInitScript((t) => {
    // Only the first load: a reload must keep what the page stored since.
    if (!sessionStorage.getItem("seeded")) {
      sessionStorage.setItem("seeded", "1");
      window.localStorage.setItem("admin_token", t);
    }
  }, oldToken);
  await page.route("**/api/admin/security", async (route) => {
    const res = await route.fetch();
    const status = await res.json();
    await route.fulfill({ response: res, json: { ...status, password_source: "database" } });
  });
  const sent: unknown[] = [];
  await page.route("**/api/admin/password", async (route) => {
    sent.push(route.request().postDataJSON());
    newToken = await adminToken(request);
    const out = await request.post("/api/admin/logout", { headers: bearer(oldToken) });
    expect(out.status()).toBe(200);
    await route.fulfill({ json: { success: true, token: newToken, expires_at: "2099-01-01T00:00:00.000Z" } });
  });
  const refused: string[] = [];
  const reads: string[] = [];
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname;
    if (!path.startsWith("/api/admin/")) return;
    if (r.status() === 401) refused.push(path);
    if (newToken && r.request().method() === "GET") {
      reads.push(`${path} ${r.request().headers().authorization === `Bearer ${newToken}` ? "new" : "old"}`);
    }
  });

  try {
    await page.goto("/admin/settings-pro");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Password" }) });
    const change = page.getByRole("button", { name: "Change password" });

    // The shared schema speaks first; nothing is sent while it refuses.
    await card.getByLabel("Current password").fill("old password here");
    await card.getByLabel(/^New password/).fill("short");
    await card.getByLabel("Confirm new password").fill("different");
    await change.click();
    await expect(card.getByText("New password must be at least 12 characters")).toBeVisible();
    await expect(card.getByText("The two new passwords do not match")).toBeVisible();
    expect(sent).toHaveLength(0);

    await card.getByLabel(/^New password/).fill("a much longer new password");
    await card.getByLabel("Confirm new password").fill("a much longer new password");
    await change.click();
    await expect(card.getByText("Password changed. Every other device has been signed out.")).toBeVisible();
    expect(sent).toEqual([
      {
        current_password: "old password here",
        new_password: "a much longer new password",
        confirm_password: "a much longer new password",
      },
    ]);
    await expect(card.getByLabel("Current password")).toHaveValue("");
    expect(await page.evaluate(() => localStorage.getItem("admin_token"))).toBe(newToken);
    // The page's data was read again, with the new token only, and nothing was refused.
    expect(reads.length).toBeGreaterThan(0);
    expect(
      reads.every((r) => r.endsWith(" new")),
      reads.join(", "),
    ).toBe(true);
    expect(refused).toEqual([]);
    await expect(page.getByRole("button", { name: "Sign in" })).toHaveCount(0);

    // The screen still works: a save goes through with the new session.
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText(/^Settings saved\./)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByTestId("two-factor-status")).toBeVisible();
    expect(refused).toEqual([]);
  } finally {
    if (newToken) await request.post("/api/admin/logout", { headers: bearer(newToken) });
  }
});
