import { LogOut, Monitor, Smartphone } from "lucide-react";
import { useState } from "react";
import { clearToken, formatDateTimeAU } from "../../lib/admin-api";
import { failureText, useAdminWrite } from "../../lib/admin-data";
import { type AdminSession, SESSIONS_PATH } from "../../lib/admin-security";
import type { FormResult } from "../../lib/form-result";
import { useConfirm } from "./ConfirmDialog";
import { Alert, useFlash } from "./ui/alert";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { Card } from "./ui/layout";

const PHONE = /iPhone|iPad|Android/;

/**
 * The devices signed in to the admin area (settings page): each with its
 * browser, address and last use; sign one out, or sign out everywhere, this
 * device too (the login screen follows, as after Logout).
 */
export function SessionsCard({
  sessions,
  className,
}: {
  sessions: FormResult<{ sessions: AdminSession[] }>;
  className?: string;
}) {
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const loadError = failureText(sessions, "Failed to load the signed-in devices");
  const list = sessions.ok ? sessions.data.sessions : [];

  const signOut = async (session: AdminSession) => {
    clear();
    setBusy(session.id);
    const res = await write("DELETE", `${SESSIONS_PATH}/${encodeURIComponent(session.id)}`);
    setBusy(null);
    if (res.ok) show("success", `${session.device} (${session.address}) is signed out.`);
    else show("error", res.network ? "Connection error" : res.detail);
  };

  const signOutEverywhere = async () => {
    const ok = await confirm({
      title: "Sign out everywhere?",
      message:
        "Every device signed in to the admin area is signed out, this one too. Sign in again with the password (and your code, if two-factor sign-in is on).",
      confirmLabel: "Sign out everywhere",
    });
    if (!ok) return;
    clear();
    setBusy("all");
    const res = await write("DELETE", SESSIONS_PATH);
    setBusy(null);
    if (res.ok) clearToken();
    else show("error", res.network ? "Connection error" : res.detail);
  };

  return (
    <Card
      className={className}
      title="Signed-in devices"
      description="Every browser signed in to the admin area. Sign out any you do not recognise, then change the password."
      actions={
        <Button variant="danger" size="sm" onClick={signOutEverywhere} busy={busy === "all"}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Sign out everywhere
        </Button>
      }
    >
      {dialog}
      {flash ? (
        <Alert tone={flash.tone} onDismiss={clear} className="mb-3">
          {flash.text}
        </Alert>
      ) : null}
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      <ul aria-label="Signed-in devices" data-testid="sessions" className="divide-y divide-slate-100">
        {list.map((s) => {
          const Icon = PHONE.test(s.device) ? Smartphone : Monitor;
          return (
            <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-ocean-50 text-ocean-700">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <div className="min-w-0 flex-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-ocean-900">
                  {s.device}
                  {s.current ? <Badge tone="green">This device</Badge> : null}
                </p>
                <p className="break-words text-slate-600">
                  {s.address || "Unknown address"} · Last used {formatDateTimeAU(s.last_used_at)}
                </p>
                <p className="text-xs text-slate-500">Signed in {formatDateTimeAU(s.signed_in_at)}</p>
              </div>
              {s.current ? null : (
                <Button
                  size="sm"
                  onClick={() => signOut(s)}
                  busy={busy === s.id}
                  aria-label={`Sign out ${s.device}, ${s.address}`}
                  className="ml-auto"
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
