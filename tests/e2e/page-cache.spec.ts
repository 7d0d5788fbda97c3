/**
 * The public page cache never shows a visitor yesterday's content: an edit the
 * operator saves in the admin area is on the very next load of the public page,
 * in the same process and, on PostgreSQL, in every other process too.
 */

import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { expect, type Page, test } from "../fixtures/test";
import { createPgDatabase, type ServerProcess, startServer } from "../helpers/server-process";

const run = Date.now().toString(36);

/** Adds a question through the admin FAQs screen of the site `page` is signed in to. */
async function addQuestion(page: Page, origin: string, question: string) {
  await page.goto(`${origin}/admin/faqs`);
  await expect(page.getByRole("heading", { level: 1, name: "FAQs" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add a question" });
  await form.getByLabel("Category").selectOption("Weather & Conditions");
  await form.getByLabel("Order").fill("0");
  await form.getByLabel("Question").fill(question);
  await form.getByLabel("Answer").fill("Only when the swell is up.");
  await form.getByRole("button", { name: "Add FAQ" }).click();
  await expect(page.getByText("FAQ added.")).toBeVisible();
}

async function signIn(page: Page, origin: string, password: string) {
  const res = await page.request.post(`${origin}/api/admin/login`, { data: { password } });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript(
    ({ t, o }) => {
      if (window.location.origin === o) window.localStorage.setItem("admin_token", t);
    },
    { t: token, o: new URL(origin).origin },
  );
  return token;
}

async function deleteQuestions(page: Page, origin: string, token: string, question: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const list = await page.request.get(`${origin}/api/admin/faqs`, { headers });
  for (const faq of ((await list.json()) as { id: string; question: string }[]).filter(
    (f) => f.question === question,
  )) {
    await page.request.delete(`${origin}/api/admin/faqs/${faq.id}`, { headers });
  }
}

/** Loads the FAQ page in the browser and answers whether this process had it cached already. */
async function openFaq(page: Page, origin: string) {
  const res = await page.goto(`${origin}/faq`);
  expect(res?.status()).toBe(200);
  return (await res?.allHeaders())?.["x-cache"];
}

test("an admin edit shows on the next load of the cached public page", async ({ page, baseURL }) => {
  const origin = baseURL as string;
  const Q = `Cache ${run}: do you dive in fog?`;
  const token = await signIn(page, origin, E2E_ADMIN_PASSWORD);
  try {
    await openFaq(page, origin);
    // Kept: the second load is answered from memory.
    expect(await openFaq(page, origin)).toBe("HIT");
    await expect(page.getByText(Q)).toHaveCount(0);

    await addQuestion(page, origin, Q);
    await openFaq(page, origin);
    await expect(page.getByTestId("faq-item").filter({ hasText: Q })).toBeVisible();
  } finally {
    await deleteQuestions(page, origin, token, Q);
  }
  await openFaq(page, origin);
  await expect(page.getByText(Q)).toHaveCount(0);
});

test.describe("two app processes on one PostgreSQL database", () => {
  test.skip(process.env.SKIP_PG === "1", "SKIP_PG=1 leaves out PostgreSQL");
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  const password = "two-process-admin-password";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    database = await createPgDatabase("tw_e2e_cache");
    const env = { DATABASE_URL: database.url, PAYMENTS: "test", ADMIN_PASSWORD: password };
    // One after the other: the first creates the tables and the demo content.
    a = await startServer(env);
    b = await startServer(env);
  });

  test.afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  test("an edit saved through one process shows on the next page load from the other (PostgreSQL)", async ({
    page,
  }) => {
    const Q = `Cache ${run}: which process answers?`;
    const token = await signIn(page, a.url, password);
    try {
      // Both processes hold the page before the edit.
      await openFaq(page, b.url);
      expect(await openFaq(page, b.url)).toBe("HIT");
      expect(await openFaq(page, a.url)).toBeDefined();

      await addQuestion(page, a.url, Q);
      await openFaq(page, b.url);
      await expect(page.getByTestId("faq-item").filter({ hasText: Q })).toBeVisible();

      // And back: a removal through the other process leaves the first one's page at once.
      await deleteQuestions(page, b.url, token, Q);
      await openFaq(page, a.url);
      await expect(page.getByText(Q)).toHaveCount(0);
    } finally {
      await deleteQuestions(page, a.url, token, Q);
    }
  });
});
