/**
 * The roll call on a boat, on a phone: a group of three taken by phone with
 * their details, the dive started from the manifest, two divers counted in,
 * one back, and "All aboard" turning the screen into the alarm with the
 * missing diver's buddy and emergency contact; once they are back, the dive
 * ends and is in the dive log.
 */

import { expect, test } from "../fixtures/test";
import { adminToken, bearer, signIn, uniqueEmail } from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";
import { readyDiverDetails } from "../helpers/participant-details";

test.use({ viewport: { width: 375, height: 740 } });

test("divers counted out and back; a diver still in the water sets off the alarm", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const date = `2034-0${1 + (Date.now() % 9)}-2${Date.now() % 8}`;
  const made = await request.post("/api/admin/bookings", {
    headers: bearer(token),
    data: {
      adventure_id: "dive-exhibition",
      selected_date: date,
      group_size: 3,
      customer_first_name: "Ruth",
      customer_email: uniqueEmail("rollcall"),
      payment: "on_the_day",
      open_date: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { booking_id: bookingId } = (await made.json()) as { booking_id: string };
  for (const [position, name, contact] of [
    [1, "Ruth Diver", "Ari Diver"],
    [2, "Sol Diver", "Bea Diver"],
    [3, "Tia Diver", "Cal Diver"],
  ] as const) {
    const put = await request.put(`/api/admin/bookings/${bookingId}/participants/${position}`, {
      headers: bearer(token),
      data: readyDiverDetails(name, { emergency_contact_name: contact }),
    });
    expect(put.status(), await put.text()).toBe(200);
  }

  await signIn(page, token);
  await page.goto(`/admin/manifest?date=${date}`);
  await page.getByRole("link", { name: "Roll call" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Roll call" })).toBeVisible();
  await page.getByRole("button", { name: "Start dive 1" }).click();
  const diver = (name: string) => page.getByRole("listitem", { name, exact: true });
  await diver("Ruth Diver").getByLabel("Buddy").selectOption({ label: "Sol Diver" });
  await diver("Ruth Diver").getByRole("button", { name: "In the water" }).click();
  await expect(diver("Ruth Diver")).toContainText("In the water since");
  await diver("Sol Diver").getByRole("button", { name: "In the water" }).click();
  await expect(page.getByTestId("in-water-count")).toHaveText("2 of 3 in the water");
  await diver("Sol Diver").getByRole("button", { name: "Back aboard" }).click();
  await expect(page.getByTestId("in-water-count")).toHaveText("1 of 3 in the water");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("roll-call-375.png"), fullPage: true });

  // Ruth is still out: All aboard is the alarm, with her buddy and her emergency contact.
  await page.getByRole("button", { name: "All aboard" }).click();
  const alarm = page.getByRole("alertdialog", { name: "Diver missing" });
  await expect(alarm.getByTestId("missing-diver")).toHaveCount(1);
  await expect(alarm).toContainText("Ruth Diver");
  await expect(alarm).toContainText("Buddy: Sol Diver");
  await expect(alarm).toContainText("Emergency contact: Ari Diver");
  await expect(alarm.getByRole("link", { name: "Call 0400 555 666" })).toHaveAttribute(
    "href",
    "tel:0400555666",
  );
  await page.screenshot({ path: test.info().outputPath("roll-call-alarm-375.png") });
  await alarm.getByRole("button", { name: "Back to the count" }).click();

  await diver("Ruth Diver").getByRole("button", { name: "Back aboard" }).click();
  await expect(page.getByTestId("in-water-count")).toHaveText("0 of 3 in the water");
  await page.getByRole("button", { name: "All aboard" }).click();
  await expect(page.getByTestId("dive-log-entry")).toContainText("Dive 1: 2 divers");
  await expect(page.getByRole("button", { name: "Start dive 2" })).toBeVisible();
});
