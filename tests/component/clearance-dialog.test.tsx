/**
 * The operator's clearance dialog: recording asks for the confirmation and
 * the note before anything is sent; undoing asks a second time; each write
 * carries the form's request key, so a repeated submit records once.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { render } from "vitest-browser-react";
import { ClearanceDialog } from "../../app/components/admin/ClearanceDialog";
import type { ClearanceView } from "../../server/domain/dive-ops/medical-clearance.server";

const base: ClearanceView = {
  participant_id: "p1",
  full_name: "Clara Reyes",
  position: 1,
  reference: "TW-CLR001",
  needs_clearance: true,
  cleared_at: null,
  erased_at: null,
  file: {
    received_at: "2031-02-01T01:00:00.000Z",
    mime_type: "application/pdf",
    size: 2048,
    text: "PDF, 2 KB",
  },
  history: [],
};

let view: ClearanceView;
beforeEach(() => {
  view = base;
  window.localStorage.setItem("admin_token", "test-token");
  vi.spyOn(window, "fetch").mockImplementation(async () => Response.json(view));
});
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.removeItem("admin_token");
});

test("records only once confirmed, with the note and a request key", async () => {
  const write = vi.fn(async () => {
    view = {
      ...base,
      cleared_at: "2031-02-02T01:00:00.000Z",
      history: [
        {
          kind: "recorded",
          at: "2031-02-02T01:00:00.000Z",
          recorded_by: "Sam",
          doctor: "Dr Rhee",
          cleared_on: "2031-02-01",
          note: "",
        },
      ],
    };
    return { ok: true as const, status: 200, data: null };
  });
  const onDone = vi.fn();
  const screen = await render(
    <ClearanceDialog
      participantId="p1"
      name="Clara Reyes"
      write={write as never}
      onClose={() => {}}
      onDone={onDone}
    />,
  );
  const dialog = screen.getByTestId("clearance-dialog");
  await expect.element(dialog).toHaveAccessibleName("Medical clearance: Clara Reyes");
  await expect.element(dialog.getByText(/File from the diver/)).toBeVisible();
  await dialog.getByLabelText(/Your name/).fill("Sam");
  await dialog.getByLabelText(/Date on the clearance/).fill("2025-02-01");
  await dialog.getByRole("textbox", { name: "Doctor", exact: true }).fill("Dr Rhee");
  await dialog.getByRole("button", { name: "Record clearance" }).click();
  // The confirmation is required: the browser keeps the form from being sent.
  expect(write).not.toHaveBeenCalled();

  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: "Record clearance" }).click();
  await expect.poll(() => write.mock.calls.length).toBe(1);
  const [method, path, body] = write.mock.calls[0] as unknown as [string, string, Record<string, string>];
  expect([method, path]).toEqual(["POST", "/api/admin/participants/p1/medical-clearance"]);
  expect(body).toMatchObject({ recorded_by: "Sam", doctor: "Dr Rhee", cleared_on: "2025-02-01", note: "" });
  expect(body.request_key).toMatch(/^[0-9a-f-]{36}$/);
  expect(onDone).toHaveBeenCalledWith("success", "Medical clearance recorded for Clara Reyes.");
  await expect.element(dialog.getByRole("button", { name: "Undo clearance" })).toBeVisible();
});

test("undoes only after a second confirmation, naming who undid it", async () => {
  view = {
    ...base,
    cleared_at: "2031-02-02T01:00:00.000Z",
    history: [
      {
        kind: "recorded",
        at: "2031-02-02T01:00:00.000Z",
        recorded_by: "Sam",
        doctor: "Dr Rhee",
        cleared_on: "2031-02-01",
        note: "Cleared to 18 m",
      },
    ],
  };
  const write = vi.fn(async () => ({ ok: true as const, status: 200, data: null }));
  const screen = await render(
    <ClearanceDialog
      participantId="p1"
      name="Clara Reyes"
      write={write as never}
      onClose={() => {}}
      onDone={() => {}}
    />,
  );
  const dialog = screen.getByTestId("clearance-dialog");
  await expect.element(dialog).toHaveAccessibleName("Medical clearance: Clara Reyes");
  await expect.element(dialog.getByText(/Cleared to 18 m/).first()).toBeVisible();
  await dialog.getByRole("button", { name: "Undo clearance" }).click();
  expect(write).not.toHaveBeenCalled();
  await expect.element(dialog.getByText(/Undo the clearance\?/)).toBeVisible();
  await dialog.getByRole("button", { name: "Keep the clearance" }).click();
  await dialog.getByRole("button", { name: "Undo clearance" }).click();
  await dialog.getByLabelText(/Your name/).fill("Alex");
  await dialog.getByRole("button", { name: "Yes, undo it" }).click();
  await expect.poll(() => write.mock.calls.length).toBe(1);
  const [, path, body] = write.mock.calls[0] as unknown as [string, string, Record<string, string>];
  expect(path).toBe("/api/admin/participants/p1/medical-clearance/undo");
  expect(body).toMatchObject({ recorded_by: "Alex", note: "" });
});
