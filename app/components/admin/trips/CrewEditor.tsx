import { useState } from "react";
import type { TripDeparture } from "../../../../server/domain/console/trips.server";
import { useAdminWrite } from "../../../lib/admin-data";
import { CREW_ROLE_LABELS, CREW_ROLES, type CrewRole } from "../../../lib/crew";
import { CrewNeedsForm } from "../CrewNeedsForm";
import { Button, SelectField } from "../ui";

export interface CrewCandidate {
  member: string;
  name: string;
}

/**
 * The owner's and a manager's crew controls on a departure: who works it (add,
 * change role, remove) and what its adventure needs of each role. Folded by
 * default, so Trips stays a glance.
 */
export function CrewEditor({ d, candidates }: { d: TripDeparture; candidates: readonly CrewCandidate[] }) {
  const write = useAdminWrite();
  const [member, setMember] = useState(candidates[0]?.member ?? "owner");
  const [role, setRole] = useState<CrewRole>("instructor");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const crewPath = `/api/admin/departures/${d.availability_id}/crew`;

  async function run(method: "PUT" | "DELETE", path: string, body?: unknown) {
    setBusy(true);
    setError("");
    const result = await write(method, path, body);
    setBusy(false);
    // The server's own words: the field it refused, or why.
    if (!result.ok) {
      setError(
        result.network
          ? "Connection error"
          : Object.values(result.errors ?? {})[0] || result.detail || "The crew was not saved",
      );
    }
  }

  return (
    <details className="mt-2 rounded-lg border border-slate-200 px-2 py-1.5 text-sm">
      <summary className="cursor-pointer font-medium text-ocean-800">Crew</summary>
      <div className="mt-2 space-y-3">
        {d.crew.length ? (
          <ul className="space-y-1.5">
            {d.crew.map((m) => (
              <li key={m.member} className="flex items-center justify-between gap-2">
                <span>
                  {m.name} · {CREW_ROLE_LABELS[m.role]}
                </span>
                <Button
                  size="sm"
                  busy={busy}
                  onClick={() => run("DELETE", `${crewPath}/${encodeURIComponent(m.member)}`)}
                  aria-label={`Take ${m.name} off this departure`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-500">No crew assigned yet.</p>
        )}
        <form
          className="grid grid-cols-2 gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void run("PUT", crewPath, { member, role });
          }}
        >
          <SelectField label="Person" value={member} onChange={(e) => setMember(e.target.value)}>
            {candidates.map((c) => (
              <option key={c.member} value={c.member}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="As" value={role} onChange={(e) => setRole(e.target.value as CrewRole)}>
            {CREW_ROLES.map((r) => (
              <option key={r} value={r}>
                {CREW_ROLE_LABELS[r]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="primary" size="sm" busy={busy} className="col-span-2">
            Assign
          </Button>
        </form>
        <div className="border-t border-slate-100 pt-2">
          <CrewNeedsForm
            adventureId={d.adventure_id}
            title={d.adventure_title}
            needs={d.crew_needs}
            onError={setError}
          />
        </div>
        {error ? (
          <p role="alert" className="text-coral-700">
            {error}
          </p>
        ) : null}
      </div>
    </details>
  );
}
