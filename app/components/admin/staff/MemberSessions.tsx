import { Monitor, Smartphone } from "lucide-react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import type { AdminSession } from "../../../lib/admin-security";
import { Button } from "../ui/button";

const PHONE = /iPhone|iPad|Android/;

/**
 * A member's signed-in devices on the owner's staff screen (device, address,
 * last use), each with its own sign-out; folded away until opened, so the
 * list of people stays short on a phone.
 */
export function MemberSessions({
  name,
  sessions,
  busy,
  onSignOut,
}: {
  name: string;
  sessions: AdminSession[];
  busy: boolean;
  onSignOut: (session: AdminSession) => void;
}) {
  return (
    <details
      className="mt-3 rounded-xl border border-slate-200 px-3 py-2 text-sm"
      data-testid="member-sessions"
    >
      <summary className="cursor-pointer font-medium text-ocean-800">
        Signed-in devices ({sessions.length})
      </summary>
      {sessions.length ? (
        <ul aria-label={`Devices signed in as ${name}`} className="mt-2 divide-y divide-slate-100">
          {sessions.map((s) => {
            const Icon = PHONE.test(s.device) ? Smartphone : Monitor;
            return (
              <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
                <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-ocean-700" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-ocean-900">{s.device}</p>
                  <p className="break-words text-slate-600">
                    {s.address || "Unknown address"} · Last used {formatDateTimeAU(s.last_used_at)}
                  </p>
                </div>
                <Button
                  size="sm"
                  busy={busy}
                  onClick={() => onSignOut(s)}
                  aria-label={`Sign out ${name} on ${s.device}, ${s.address}`}
                  className="ml-auto"
                >
                  Sign out
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600">Not signed in anywhere.</p>
      )}
    </details>
  );
}
