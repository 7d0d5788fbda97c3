/**
 * What an adventure needs of each crew role (guests per instructor,
 * divemaster, skipper), saved through the one crew-needs call
 * (PUT /api/admin/adventures/:id/crew-needs; the rule is app/lib/crew.ts).
 * Trips' crew panel and the adventure editor both show it.
 */
import { useState } from "react";
import { useAdminWrite } from "../../lib/admin-data";
import { CREW_RATIO_MAX, CREW_ROLES, type CrewNeeds, needsText } from "../../lib/crew";
import { Button, TextField } from "./ui";

export function CrewNeedsForm({
  adventureId,
  title,
  needs,
  onError,
}: {
  adventureId: string;
  title: string;
  needs: CrewNeeds;
  /** Where the server's refusal is shown; the form shows it itself when left out. */
  onError?: (message: string) => void;
}) {
  const write = useAdminWrite();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [saved, setSaved] = useState<CrewNeeds>(needs);

  async function save(form: HTMLFormElement) {
    const data = new FormData(form);
    const body = Object.fromEntries(
      CREW_ROLES.map((r) => {
        const value = String(data.get(r) ?? "").trim();
        return [r, value === "" ? null : Number(value)];
      }),
    );
    setBusy(true);
    setError("");
    onError?.("");
    const result = await write<{ needs: CrewNeeds }>(
      "PUT",
      `/api/admin/adventures/${adventureId}/crew-needs`,
      body,
    );
    setBusy(false);
    if (result.ok) {
      if (result.data?.needs) setSaved(result.data.needs);
      return;
    }
    // The server's own words: the field it refused, or why.
    const message = result.network
      ? "Connection error"
      : Object.values(result.errors ?? {})[0] || result.detail || "The crew needed was not saved";
    if (onError) onError(message);
    else setError(message);
  }

  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        void save(e.currentTarget);
      }}
    >
      <p className="text-sm text-slate-600">
        {title} needs: {needsText(saved) || "no crew set"}
      </p>
      <div className="grid grid-cols-3 gap-2">
        {CREW_ROLES.map((r) => (
          <TextField
            key={r}
            name={r}
            type="number"
            inputMode="numeric"
            min={1}
            max={CREW_RATIO_MAX}
            label={`Guests per ${r}`}
            defaultValue={needs[r] ?? ""}
          />
        ))}
      </div>
      <Button type="submit" size="sm" busy={busy}>
        Save what it needs
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-coral-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
