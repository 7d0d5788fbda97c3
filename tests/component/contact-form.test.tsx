import { afterEach, describe, expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { ContactForm } from "../../app/components/ContactForm";
import { serverHtml } from "./server-html";

const SUCCESS_TITLE = "Message Sent Successfully!";
const SUCCESS_TEXT = "Liam Carter will get back to you within 24 hours.";
const ERROR_TITLE = "Error Sending Message";
const ERROR_TEXT = "Please try again or contact us directly via WhatsApp.";
const WHATSAPP = "https://wa.me/61491570156";

const form = (
  <ContactForm
    adventures={[
      { value: "guided-shore-dive", label: "Guided Shore Dive" },
      { value: "night-dive-experience", label: "Night Dive Experience" },
      { value: "general", label: "General question" },
    ]}
    guideName="Liam Carter"
    whatsappUrl={WHATSAPP}
  />
);

function fields() {
  const f = page.getByRole("form", { name: "Contact form" });
  return {
    form: f,
    firstName: f.getByRole("textbox", { name: "First name", exact: true }),
    lastName: f.getByRole("textbox", { name: "Last name", exact: true }),
    email: f.getByRole("textbox", { name: "Email", exact: true }),
    phone: f.getByRole("textbox", { name: "Phone (optional)" }),
    adventure: f.getByRole("combobox", { name: "Adventure type" }),
    message: f.getByRole("textbox", { name: "Message", exact: true }),
    send: f.getByRole("button", { name: /Send Message|Sending\.\.\./ }),
  };
}

async function fillValid(message = "Can we book a guided shore dive for two next month?") {
  const f = fields();
  await f.firstName.fill("Maya");
  await f.lastName.fill("Nguyen");
  await f.email.fill("maya.nguyen@example.com");
  await f.phone.fill("+61 400 111 222");
  await f.adventure.selectOptions("guided-shore-dive");
  await f.message.fill(message);
  return f;
}

const EXPECTED_PAYLOAD = {
  first_name: "Maya",
  last_name: "Nguyen",
  email: "maya.nguyen@example.com",
  phone: "+61 400 111 222",
  adventure_type: "guided-shore-dive",
  message: "Can we book a guided shore dive for two next month?",
};

/** POST /api/contact answered by `answer`; the bodies sent are collected. */
function contactApi(answer: () => Promise<Response>) {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    expect(String(input)).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    sent.push(JSON.parse(String(init?.body)));
    return answer();
  });
  return sent;
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("with its script", () => {
  test("takes over from the browser's own validation", async () => {
    await render(form);
    await expect.element(fields().form).toHaveAttribute("novalidate");
  });

  test("required fields are checked in the browser before anything is sent", async () => {
    const sent = contactApi(async () => json(201, { success: true, id: "x" }));
    await render(form);
    const f = fields();
    await f.send.click();
    for (const [input, text] of [
      [f.firstName, "First name is required"],
      [f.lastName, "Last name is required"],
      [f.email, "Email is required"],
      [f.adventure, "Choose an adventure type from the list"],
      [f.message, "Message is required"],
    ] as const) {
      await expect.element(input).toHaveAttribute("aria-invalid", "true");
      await expect.element(input).toHaveAccessibleDescription(text);
    }
    // Phone is optional.
    await expect.element(f.phone).not.toHaveAttribute("aria-invalid", "true");
    await expect.element(f.firstName).toHaveFocus();

    await f.email.fill("not-an-email");
    await expect.element(f.email).toHaveAccessibleDescription("Enter a valid email address");
    await f.firstName.fill("Maya");
    await expect.element(f.firstName).not.toHaveAttribute("aria-invalid", "true");

    expect(sent).toEqual([]);
    expect(page.getByText(SUCCESS_TITLE).elements()).toHaveLength(0);
  });

  test("sends the spec's fields, shows the success state and clears the form", async () => {
    const sent = contactApi(async () => json(201, { success: true, id: "x" }));
    await render(form);
    const f = await fillValid();
    await f.send.click();
    const status = page.getByRole("status");
    await expect.element(status.getByRole("heading", { name: SUCCESS_TITLE })).toBeVisible();
    await expect.element(status.getByText(SUCCESS_TEXT, { exact: true })).toBeVisible();
    expect(sent).toEqual([EXPECTED_PAYLOAD]);
    for (const input of [f.firstName, f.lastName, f.email, f.phone, f.message])
      await expect.element(input).toHaveValue("");
    await expect.element(f.adventure).toHaveValue("");
    expect(page.getByText(ERROR_TITLE).elements()).toHaveLength(0);
  });

  test("shows 'Sending...' and disables the button while the message is on its way", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    contactApi(async () => {
      await gate;
      return json(201, { success: true, id: "x" });
    });
    await render(form);
    const f = await fillValid();
    await f.send.click();
    await expect.element(f.send).toHaveTextContent("Sending...");
    await expect.element(f.send).toBeDisabled();
    release();
    await expect.element(page.getByRole("heading", { name: SUCCESS_TITLE })).toBeVisible();
    await expect.element(f.send).toHaveTextContent("Send Message");
    await expect.element(f.send).toBeEnabled();
  });

  test("a server error shows the error state and keeps what was typed", async () => {
    contactApi(async () => json(500, { detail: "boom" }));
    await render(form);
    const f = await fillValid("Server error case");
    await f.send.click();
    const alert = page.getByRole("alert");
    await expect.element(alert.getByRole("heading", { name: ERROR_TITLE })).toBeVisible();
    await expect.element(alert.getByText(ERROR_TEXT, { exact: true })).toBeVisible();
    await expect.element(alert.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", WHATSAPP);
    await expect.element(f.message).toHaveValue("Server error case");
    expect(page.getByText(SUCCESS_TITLE).elements()).toHaveLength(0);
  });

  test("a network failure shows the error state", async () => {
    contactApi(async () => {
      throw new TypeError("Failed to fetch");
    });
    await render(form);
    const f = await fillValid();
    await f.send.click();
    await expect.element(page.getByRole("heading", { name: ERROR_TITLE })).toBeVisible();
    await expect.element(page.getByText(ERROR_TEXT, { exact: true })).toBeVisible();
    await expect.element(f.send).toBeEnabled();
  });

  test("field messages from a 400 answer are shown next to their fields", async () => {
    contactApi(async () =>
      json(400, { detail: "Invalid input", errors: { email: "This address cannot receive email" } }),
    );
    await render(form);
    const f = await fillValid();
    await f.send.click();
    await expect.element(page.getByRole("heading", { name: ERROR_TITLE })).toBeVisible();
    await expect.element(f.email).toHaveAttribute("aria-invalid", "true");
    await expect.element(f.email).toHaveAccessibleDescription("This address cannot receive email");
  });
});

describe("before its script runs", () => {
  test("it is a form that posts to the page, checked by the browser", async () => {
    const { container } = serverHtml(form);
    const el = container.querySelector("form") as HTMLFormElement;
    expect(el.method).toBe("post");
    // No action: the browser posts to the page's own address, whose action stores the message.
    expect(el.getAttribute("action")).toBeNull();
    expect(el.noValidate).toBe(false);
    expect(el.checkValidity()).toBe(false);
  });

  test("what was typed before React took over is what is sent", async () => {
    const sent = contactApi(async () => json(201, { success: true, id: "x" }));
    const html = serverHtml(form);
    await fillValid();
    await html.hydrate();
    const f = fields();
    // The fields still show it after React's first renders…
    await expect.element(f.message).toHaveValue(EXPECTED_PAYLOAD.message);
    await expect.element(f.adventure).toHaveValue("guided-shore-dive");
    // …and it is what goes out.
    await userEvent.click(f.send);
    await expect.element(page.getByRole("heading", { name: SUCCESS_TITLE })).toBeVisible();
    expect(sent).toEqual([EXPECTED_PAYLOAD]);
  });
});

describe("asked to wait", () => {
  test("a 429 answer shows the server's own sentence with the usual advice", async () => {
    // The server's exact 429 shape (the limits themselves are tested in tests/api/public-limits.test.ts).
    const wait = "Too many requests from your connection. Please wait 4 minutes and try again.";
    contactApi(async () => {
      const res = json(429, { detail: wait, retry_after: 240, errors: {} });
      res.headers.set("Retry-After", "240");
      return res;
    });
    await render(form);
    const f = await fillValid("Is the reef open this weekend?");
    await f.send.click();
    const alert = page.getByRole("alert");
    await expect.element(alert).toMatchTextContent(ERROR_TITLE);
    await expect.element(alert).toMatchTextContent(wait);
    await expect.element(alert).toMatchTextContent(ERROR_TEXT);
  });
});
