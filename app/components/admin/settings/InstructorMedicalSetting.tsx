/**
 * The Owner's switch "Instructors may see medical answers" (Admin → Settings;
 * ADR 37). Off, Crew read a medical status only; on, a Crew member assigned
 * as a departure's instructor reads its participants' answers in the manifest.
 * Saved as soon as it is changed (the server records it in the audit log).
 */
import { useState } from "react";
import { useAdminWrite } from "../../../lib/admin-data";
import { Alert, Card, CheckboxField, useFlash } from "../ui";

export function InstructorMedicalSetting({ initial }: { initial: boolean }) {
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash();
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);

  // Shown at once, put back if the server refuses it.
  const change = async (next: boolean) => {
    setOn(next);
    setBusy(true);
    const res = await write<{ instructors_see_medical: boolean }>("PUT", "/api/admin/settings", {
      instructors_see_medical: next,
    });
    setBusy(false);
    if (res.ok) {
      setOn(res.data.instructors_see_medical);
      show(
        "success",
        next
          ? "Instructors now see their participants' medical answers."
          : "Crew now see the medical status only.",
      );
    } else {
      setOn(!next);
      show("error", res.network ? "Connection error" : `Failed to save: ${res.detail}`);
    }
  };

  return (
    <Card
      title="Crew and medical answers"
      description="Crew see each participant's medical status. The answers themselves stay with you and managers unless you allow instructors to read them."
    >
      {flash ? (
        <Alert tone={flash.tone} onDismiss={clear}>
          {flash.text}
        </Alert>
      ) : null}
      <CheckboxField
        label="Instructors may see medical answers"
        hint="Only a crew member assigned as the instructor of a departure, and only for that departure's participants. Divemasters and skippers never see them."
        checked={on}
        disabled={busy}
        onChange={(e) => change(e.currentTarget.checked)}
      />
    </Card>
  );
}
