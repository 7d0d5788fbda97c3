import { TriangleAlert, Users } from "lucide-react";
import type { CrewMember } from "../../../../server/domain/dive-ops/crew.server";
import { CREW_ROLE_LABELS, type CrewShort, shortfallText } from "../../../lib/crew";

/** A departure's crew in one line, and what it is short of (nothing when it needs nobody and has nobody). */
export function CrewSummary({ crew, short }: { crew: readonly CrewMember[]; short: readonly CrewShort[] }) {
  if (crew.length === 0 && short.length === 0) return null;
  return (
    <div className="mt-1.5 space-y-1 text-sm">
      {crew.length ? (
        <p className="flex items-start gap-1.5 text-slate-700" data-testid="crew-line">
          <Users aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
          <span>{crew.map((m) => `${m.name} (${CREW_ROLE_LABELS[m.role].toLowerCase()})`).join(" · ")}</span>
        </p>
      ) : null}
      {short.length ? (
        <p
          className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-2 py-1 font-medium text-amber-900 ring-1 ring-amber-600/25 ring-inset"
          data-testid="crew-short"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {shortfallText(short)}
        </p>
      ) : null}
    </div>
  );
}
