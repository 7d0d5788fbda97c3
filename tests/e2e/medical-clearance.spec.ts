import { readFileSync } from "node:fs";
import { MEDICAL_QUESTIONS } from "../../app/lib/medical";
import { expect, type Page, test } from "../fixtures/test";
import {
  adminToken,
  cancelBooking,
  createBooking,
  openDates,
  payBooking,
  signIn,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";

/**
 * A doctor's clearance from the diver to the operator, at a phone's width and
 * a desktop's: a diver answers "yes" on their form from the booking's link,
 * uploads the clearance there, and the page says it arrived; the operator
 * opens it from the manifest, records the clearance with a note after
 * confirming it, and undoes it again (not ready once more), the history
 * showing both. The booking is made and paid through the API.
 */
const DIVE = "dive-exhibition";
const DIVER = "Clara Reyes";

/** A small PDF, as a scanner would send it. */
const CLEARANCE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

async function shot(page: Page, name: string, target = page.locator("body")) {
  await target.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a diver sends the clearance; the operator records it with a note and undoes it", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const token = await adminToken(request);
      const date = (await openDates(request, DIVE)).find((d) => d.spots_left >= 1 && d.date > sydneyToday())
        ?.date as string;
      expect(date, "an open date").toBeTruthy();
      const booking = await createBooking(request, {
        adventureId: DIVE,
        date,
        email: uniqueEmail("clearance"),
        firstName: "Clara",
      });
      try {
        const link = await payBooking(request, booking);

        // The diver answers one question "yes" and is told how to send the clearance.
        await page.goto(`${link}/participants/1`);
        await page.getByLabel("Full name", { exact: true }).fill(DIVER);
        for (const [i, q] of MEDICAL_QUESTIONS.entries()) {
          await page
            .locator(`#medical-${q.id}`)
            .getByLabel(i === 1 ? "Yes" : "No", { exact: true })
            .check();
        }
        await expect(page.getByTestId("clearance-how")).toContainText("send us the doctor's clearance");
        await page.getByRole("button", { name: "Save details" }).click();
        await page.waitForURL(`**${link}?participant=1#participants`);

        // Back on the form: the upload, right under the questionnaire.
        await page.goto(`${link}/participants/1#clearance`);
        const section = page.getByTestId("clearance");
        await expect(section.getByRole("heading", { name: "Doctor's clearance" })).toBeVisible();
        await expect(section).toContainText("Or email it to");
        await section.getByLabel("Upload the clearance").setInputFiles({
          name: "clearance-letter.pdf",
          mimeType: "application/pdf",
          buffer: CLEARANCE_PDF,
        });
        await section.getByRole("button", { name: "Send the clearance" }).click();
        await page.waitForURL(/clearance=received/);
        await expect(page.getByTestId("clearance-received")).toContainText("we received the file");
        await expectNoSidewaysScroll(page);
        await shot(page, `manage-clearance-${viewport.width}`, section);

        // The operator: the manifest of the day, the clearance dialog.
        await signIn(page, token);
        await page.goto(`/admin/manifest?date=${date}`);
        const card = page.getByRole("article", { name: `Booking ${booking.reference}` });
        const person = card.getByTestId("manifest-participant").first();
        await expect(person).toContainText("Clearance needed");
        await person.getByRole("button", { name: `Medical clearance of ${DIVER}` }).click();
        const dialog = page.getByRole("dialog", { name: `Medical clearance: ${DIVER}` });
        await expect(dialog).toContainText("File from the diver");
        const downloading = page.waitForEvent("download");
        await dialog.getByRole("button", { name: "Download the file" }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe(`clearance-${booking.reference}-1.pdf`);
        expect(
          readFileSync((await download.path()) as string)
            .subarray(0, 5)
            .toString(),
        ).toBe("%PDF-");

        await dialog.getByLabel("Your name").fill("Sam Instructor");
        await dialog.getByLabel("Date on the clearance").fill(sydneyToday());
        await dialog
          .getByRole("textbox", { name: "Doctor", exact: true })
          .fill("Dr Ana Rhee, Harbour Medical");
        await dialog
          .getByRole("textbox", { name: "Note", exact: true })
          .fill("Cleared for recreational diving to 18 m.");
        // Not without the confirmation.
        await dialog.getByRole("button", { name: "Record clearance" }).click();
        await expect(dialog.getByRole("button", { name: "Undo clearance" })).toHaveCount(0);
        await dialog.getByLabel(/I have read the doctor's clearance/).check();
        await shot(page, `manifest-dialog-${viewport.width}`, page.locator("dialog[open]"));
        await dialog.getByRole("button", { name: "Record clearance" }).click();
        await expect(dialog.getByRole("button", { name: "Undo clearance" })).toBeVisible();
        await expect(dialog.getByTestId("clearance-history")).toContainText("recorded by Sam Instructor");
        await expect(person).toContainText("Clearance received");

        // Undone, after a second confirmation: not ready again, and the history keeps both.
        await dialog.getByRole("button", { name: "Undo clearance" }).click();
        await dialog.getByLabel("Your name").fill("Alex Manager");
        await dialog.getByLabel("Reason").fill("Letter was for another diver.");
        await dialog.getByRole("button", { name: "Yes, undo it" }).click();
        await expect(dialog.getByText("Clearance needed")).toBeVisible();
        const history = dialog.getByTestId("clearance-history").getByRole("listitem");
        await expect(history).toHaveCount(2);
        await expect(history.nth(0)).toContainText("undone by Alex Manager");
        await expect(history.nth(1)).toContainText("recorded by Sam Instructor");
        await shot(page, `manifest-dialog-undone-${viewport.width}`, page.locator("dialog[open]"));
        await dialog.getByRole("button", { name: "Close" }).click();
        await expect(person).toContainText("Clearance needed");
        // The readiness rule waits for a clearance again.
        const again = await request.get(`/api/admin/bookings/${booking.booking_id}/participants`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        const people = ((await again.json()) as { participants: { issues: string[] }[] }).participants;
        expect(people[0].issues).toContain("medical_clearance_needed");
        await expectNoSidewaysScroll(page);
      } finally {
        await cancelBooking(request, token, booking.booking_id);
      }
    });
  });
}
