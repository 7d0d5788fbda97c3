import { adminApi, adminToken } from "../fixtures/admin-session";
import { expect, test } from "../fixtures/test";

// An adventure the operator adds shows and books the group size it was given,
// within the business maximum of four.
test("a new adventure's own group size drives its page and the booking form", async ({ page, request }) => {
  const token = await adminToken(request);
  const slug = `pairs-reef-${Date.now().toString(36)}`;
  const created = await adminApi<{ id: string }>(request, token, "POST", "/api/admin/adventures-pro", {
    title: "Pairs Reef Dive",
    slug,
    base_price: 120,
    duration: "3 hours",
    group_size_min: 1,
    group_size_max: 2,
  });
  expect(created.status).toBe(201);
  try {
    // The admin API refuses more than one instructor can take.
    const tooBig = await adminApi<{ errors: Record<string, string> }>(
      request,
      token,
      "PUT",
      `/api/admin/adventures-pro/${created.body.id}`,
      { title: "Pairs Reef Dive", slug, base_price: 120, group_size_min: 1, group_size_max: 6 },
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors.group_size_max).toBe("Maximum group size must be at most 4");

    await page.goto(`/adventures/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pairs Reef Dive" })).toBeVisible();
    await expect(page.getByText("1-2 people").first()).toBeVisible();
    await expect(
      page.getByText("Groups of at most 2 people, so you always have attention close by"),
    ).toBeVisible();

    await page.goto(`/book?adventure=${created.body.id}`);
    await expect(page.locator("select[name=groupSize] option")).toHaveText(["1 person", "2 people"]);
  } finally {
    await adminApi(request, token, "DELETE", `/api/admin/adventures-pro/${created.body.id}`);
  }
});
