import { createRoutesStub } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { AdminShell } from "../../app/components/admin/AdminShell";
import { dropQueue, newAction, pendingActions, record } from "../../app/lib/action-queue";
import type { StaffRole } from "../../app/lib/staff-access";

/**
 * Signing out of a phone that still holds trip-day taps (no signal): the taps are
 * sent first; those that cannot be asks before they are deleted, so the next
 * person to sign in on the phone never sends someone else's taps under their name.
 * With nothing waiting, Logout signs out at once, as the spec's console does.
 */
afterEach(async () => {
  vi.restoreAllMocks();
  await dropQueue();
});

const CREW: StaffRole = "crew";

function ManifestScreen() {
  return (
    <AdminShell siteTitle="Tidewater" logo="/logo.svg" role={CREW} name="Sam">
      <h1>Manifest</h1>
    </AdminShell>
  );
}

function HomePage() {
  return <h1>Home page</h1>;
}

const Stub = createRoutesStub([
  { path: "/admin/manifest", Component: ManifestScreen },
  { path: "/", Component: HomePage },
]);

const renderShell = () => render(<Stub initialEntries={["/admin/manifest"]} />);

/** The server cannot be reached: every request fails as it does with no signal. */
function noSignal() {
  const sent: string[] = [];
  vi.spyOn(window, "fetch").mockImplementation(async (input) => {
    sent.push(String(input));
    throw new TypeError("Failed to fetch");
  });
  return sent;
}

test("with taps unsent, Logout asks; staying keeps them, signing out deletes them", async () => {
  const sent = noSignal();
  await record(newAction({ kind: "check_in", participant_id: "p-1" }));
  await record(newAction({ kind: "check_in", participant_id: "p-2" }));
  const screen = await renderShell();

  await screen.getByRole("button", { name: "Logout" }).click();
  const dialog = page.getByRole("dialog", { name: "Taps not synced" });
  await expect.element(dialog).toBeVisible();
  expect(dialog.element().textContent).toContain(
    "2 trip-day taps have not reached the server yet (no signal). Stay signed in and they sync when the signal returns",
  );
  // The queue was tried before asking.
  expect(sent.filter((u) => u.endsWith("/api/admin/trip-day/actions"))).not.toHaveLength(0);

  await dialog.getByRole("button", { name: "Stay signed in" }).click();
  await expect.element(dialog).not.toBeInTheDocument();
  await expect.element(screen.getByRole("heading", { name: "Manifest" })).toBeVisible();
  expect(await pendingActions()).toHaveLength(2);

  await screen.getByRole("button", { name: "Logout" }).click();
  await screen.getByRole("button", { name: "Sign out and delete" }).click();
  await expect.element(screen.getByRole("heading", { name: "Home page" })).toBeVisible();
  expect(await pendingActions()).toEqual([]);
});

test("with nothing waiting, Logout signs out at once", async () => {
  noSignal();
  const screen = await renderShell();
  await screen.getByRole("button", { name: "Logout" }).click();
  await expect.element(screen.getByRole("heading", { name: "Home page" })).toBeVisible();
  await expect.element(page.getByRole("dialog")).not.toBeInTheDocument();
});
