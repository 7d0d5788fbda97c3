/**
 * The owner changes an FAQ's answer, then finds the change in the audit log:
 * filtered by what was changed, the entry shows who, from where and the
 * answer before → after, and the CSV downloads with the same filter. The
 * log's rules (filters, secrets, retention) are proven in tests/api/audit-*.
 */
import { readFileSync } from "node:fs";
import { adminApi, loginPage, openAdmin } from "../fixtures/admin-session";
import { expect, test } from "../fixtures/test";

test("an FAQ edited, found in the audit log by what changed, and the log downloaded", async ({
  page,
  request,
}) => {
  const run = Date.now().toString(36);
  const question = `E2E ${run}: Is the audit log kept?`;
  const token = await loginPage(page, request);
  const made = await adminApi<{ id: string }>(request, token, "POST", "/api/admin/faqs", {
    category: "Getting Started",
    question,
    answer: "For two years.",
    order: 50,
  });
  expect(made.status).toBe(201);
  const id = made.body.id;
  try {
    await openAdmin(page, "/admin/faqs", "FAQs");
    const row = page.getByTestId("faq-row").filter({ hasText: question });
    await row.getByRole("button", { name: `Edit: ${question}` }).click();
    const edit = page.getByRole("form", { name: "Edit question" });
    await edit.getByLabel("Answer").fill("For two years, then purged.");
    await edit.getByRole("button", { name: "Update FAQ" }).click();
    await expect(page.getByText("FAQ updated.")).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await page.getByLabel("What (entity)").fill("faq");
    await page.getByLabel("Entity id").fill(id);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(/entity=faq/);
    const entries = page
      .getByRole("list", { name: "Audit entries, newest first" })
      .getByTestId("audit-entry");
    await expect(entries).toHaveCount(2);
    const edited = entries.first();
    await expect(edited).toContainText("update");
    await expect(edited).toContainText("Owner");
    await expect(edited).toContainText("For two years. → For two years, then purged.");
    await expect(edited).toContainText("answer");
    await expect(entries.nth(1)).toContainText("create");
    await page.screenshot({ path: test.info().outputPath("audit-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(edited).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("audit-375.png"), fullPage: true });

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^occurred_at,recorded_at,actor,/);
    // Only this FAQ's two entries: the download kept the screen's filter.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("For two years, then purged.");
  } finally {
    await adminApi(request, token, "DELETE", `/api/admin/faqs/${id}`);
  }
});
