import { expect, type Page, test } from "../fixtures/test";

const LEGAL = [
  {
    path: "/privacy",
    title: "Privacy Policy",
    section: "What we collect",
    text: "Australian Privacy Principles",
  },
  {
    path: "/terms",
    title: "Terms & Conditions",
    section: "Prices and payment",
    text: "Australian dollars (AUD)",
  },
  {
    path: "/cancellation",
    title: "Cancellation Policy",
    section: "If you cancel",
    text: "free reschedule to another date",
  },
];

/** A legal page as it shows in the browser: its heading, title, address, body and date. */
async function expectLegalPage(page: Page, p: (typeof LEGAL)[number]) {
  await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(p.title));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${p.path}$`));
  const article = page.getByRole("article");
  await expect(article.getByRole("heading", { level: 2, name: p.section })).toBeVisible();
  await expect(article).toContainText(p.text);
  await expect(page.getByText(/^Last updated: \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
}

test("the about page, then each legal page in turn from the footer", async ({ page }) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");

  await test.step("about page: shows the guide's biography, stats, philosophy, qualifications and a call to action", async () => {
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Meet Your Guide" })).toBeVisible();
    await expect(page).toHaveTitle(/About/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/about$/);

    // Biography, with the guide's name from the site settings.
    await expect(
      main.getByRole("heading", { level: 2, name: "From Rock Pools to Reef Guide" }),
    ).toBeVisible();
    await expect(main.getByText("Your guide, Liam Carter")).toBeVisible();
    await expect(main.getByText(/grew up on Sydney's Northern Beaches/)).toBeVisible();
    await expect(main.getByRole("img", { name: /Liam Carter/ })).toBeVisible();

    const stats = main.getByRole("region", { name: "Experience at a glance" });
    for (const claim of ["8+", "500+", "100%", "2016"])
      await expect(stats.getByText(claim, { exact: true })).toBeVisible();

    await expect(
      main.getByRole("heading", { name: "Small Groups, Big Respect for the Ocean" }),
    ).toBeVisible();

    const qualifications = main.getByRole("complementary", { name: "Qualifications & Credentials" });
    await expect(qualifications.getByRole("listitem")).toHaveCount(7);
    await expect(qualifications).toContainText("PADI Open Water Scuba Instructor (2016)");

    await expect(main.getByRole("link", { name: /Contact/ })).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("link", { name: "Book Now" })).toHaveAttribute("href", "/book");
  });

  // Moving between legal pages in the browser shows each page's own text; each page is checked
  // whole once it is on screen (the server's HTML of each is checked without JavaScript below).
  for (const p of LEGAL) {
    await test.step(`${p.path} renders its heading, body and last-updated date`, async () => {
      await footer.getByRole("link", { name: p.title }).click();
      await expect(page).toHaveURL(new RegExp(`${p.path}$`));
      await expectLegalPage(page, p);
    });
  }

  await test.step("/cancellation states the policy in a summary table", async () => {
    const table = page.getByRole("table", { name: "Refund by how far ahead of the trip you cancel" });
    const expected = [
      ["7 or more days before", "Full refund"],
      ["3-6 days before", "50% refund"],
      ["0-2 days before (within 48 hours)", "No refund"],
      ["We cancel for weather or safety", "Full refund or free reschedule"],
    ];
    for (const [when, refund] of expected) {
      const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: when }) });
      await expect(row.getByRole("cell")).toHaveText(refund);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact page shows and sends its form; the about and legal pages render on the server", async ({
    page,
  }) => {
    await page.goto("/contact?adventure=camping-only-2day");
    const form = page.getByRole("form", { name: "Contact form" });

    await test.step("the contact page still shows the form and the contact details", async () => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: "Get In Touch" })).toBeVisible();
      await expect(main.getByRole("link", { name: "hello@tidewaterdive.com.au" })).toBeVisible();
      await expect(main.getByText("Daily 6:00 AM to 8:00 PM")).toBeVisible();

      for (const name of ["First name", "Last name", "Email", "Message"]) {
        await expect(form.getByRole("textbox", { name, exact: true })).toBeVisible();
      }
      await expect(form.getByRole("combobox", { name: "Adventure type" })).toHaveValue("camping-only-2day");
      await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    });

    await test.step("the contact form can still be sent", async () => {
      await form.getByRole("textbox", { name: "First name", exact: true }).fill("Noah");
      await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Brooks");
      await form.getByRole("textbox", { name: "Email", exact: true }).fill("noah.brooks@example.com");
      await form.getByRole("combobox", { name: "Adventure type" }).selectOption("general");
      await form.getByRole("textbox", { name: "Message", exact: true }).fill("Do you run trips in winter?");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
      await expect(
        page.getByText("Liam Carter will get back to you within 24 hours.", { exact: true }),
      ).toBeVisible();
    });

    await test.step("the legal pages and the about page render on the server", async () => {
      await page.goto("/about");
      await expect(page.getByRole("heading", { level: 1, name: "Meet Your Guide" })).toBeVisible();
      for (const p of LEGAL) {
        await page.goto(p.path);
        await expectLegalPage(page, p);
        if (p.path === "/terms")
          await expect(page.getByRole("article")).toContainText("Australian Consumer Law");
      }
    });
  });
});
