import { useState } from "react";
import { expect, test } from "vitest";
import { render } from "vitest-browser-react";
import { CheckInButton } from "../../app/components/admin/CheckInButton";

function Toggle({ initial }: { initial: boolean }) {
  const [checkedIn, setCheckedIn] = useState(initial);
  return (
    <CheckInButton
      checkedIn={checkedIn}
      name="Maya Walker"
      busy={false}
      onToggle={() => setCheckedIn((v) => !v)}
    />
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** WCAG 2.5.3 (label in name): the accessible name starts with the words on the button. */
async function expectNameStartsWithLabel(
  button: ReturnType<Awaited<ReturnType<typeof render>>["getByRole"]>,
) {
  const label = (button.element().textContent ?? "").trim();
  expect(label).not.toBe("");
  await expect.element(button).toHaveAccessibleName(new RegExp(`^${escapeRegExp(label)}\\b`));
}

test("the check-in button's accessible name starts with its visible label, before and after a check-in", async () => {
  const screen = await render(<Toggle initial={false} />);
  const button = screen.getByRole("button");
  await expect.element(button).toHaveAttribute("aria-pressed", "false");
  await expectNameStartsWithLabel(button);
  await expect.element(button).toHaveAccessibleName(/Maya Walker/);

  await button.click();
  await expect.element(button).toHaveAttribute("aria-pressed", "true");
  await expectNameStartsWithLabel(button);
});

test("a person already checked in shows the same label, pressed", async () => {
  const screen = await render(<Toggle initial={true} />);
  const button = screen.getByRole("button");
  await expect.element(button).toHaveAttribute("aria-pressed", "true");
  await expect.element(button).toHaveTextContent("Checked in");
  await expectNameStartsWithLabel(button);
});
