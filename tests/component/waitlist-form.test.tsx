import { afterEach, expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { WaitlistForm } from "../../app/components/booking/WaitlistForm";
import { WAITLIST_TEXT } from "../../app/lib/waitlist";
import { serverHtml } from "./server-html";

afterEach(() => {
  vi.restoreAllMocks();
});

test("a date, group and email chosen before React took over are what joins the list", async () => {
  const fetch = vi.spyOn(window, "fetch").mockResolvedValue(
    new Response(JSON.stringify({ message: "You're on the list." }), {
      status: 201,
      headers: { "Content-Type": "application/json" },
    }),
  );
  const html = serverHtml(
    <WaitlistForm
      adventureId="guided-shore-dive"
      dates={[
        { date: "2027-01-09", display: "Sat 9 Jan", spots_left: 0 },
        { date: "2027-01-16", display: "Sat 16 Jan", spots_left: 1 },
      ]}
      range={{ min: 1, max: 4 }}
      action="/adventures/guided-shore-dive"
    />,
  );
  // A slow phone: the choices are made while the form is still the server's HTML.
  await userEvent.selectOptions(page.getByRole("combobox", { name: "Date" }), "2027-01-16");
  await userEvent.selectOptions(page.getByRole("combobox", { name: "Group size" }), "3");
  await userEvent.fill(page.getByRole("textbox", { name: "Email" }), "early@example.com");
  await html.hydrate();

  await page.getByRole("button", { name: WAITLIST_TEXT.heading }).click();
  await expect.element(page.getByRole("status")).toHaveTextContent("You're on the list.");
  expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
    adventure_id: "guided-shore-dive",
    date: "2027-01-16",
    email: "early@example.com",
    group_size: 3,
  });
});
