import { Link } from "react-router";
import { Alert, Card, PageHeader } from "../../components/admin";
import { PasswordCard } from "../../components/admin/SecuritySettings";
import { SessionsCard } from "../../components/admin/SessionsCard";
import { TwoFactorCard } from "../../components/admin/TwoFactorCard";
import { adminAction, adminGet, failureText } from "../../lib/admin-data";
import {
  ACCOUNT_PASSWORD_PATH,
  type AdminSession,
  SESSIONS_PATH,
  type SecurityStatus,
} from "../../lib/admin-security";
import type { SignedIn } from "../../lib/staff-api";
import { ME_PATH } from "../../lib/staff-api";
import type { Route } from "./+types/account";

export async function clientLoader() {
  const [security, sessions, me] = await Promise.all([
    adminGet<SecurityStatus>("/api/admin/security"),
    adminGet<{ sessions: AdminSession[] }>(SESSIONS_PATH),
    adminGet<SignedIn>(ME_PATH),
  ]);
  return { security, sessions, me };
}
export const clientAction = adminAction;

/**
 * /admin/account: everyone's own sign-in, whatever their role: their
 * password (a member's own; the owner's is the site's, changed in Settings),
 * their two-factor sign-in and the devices signed in to their account.
 */
export default function Account({ loaderData }: Route.ComponentProps) {
  const { security, sessions, me } = loaderData;
  const owner = !me.ok || me.data.role === "owner";
  return (
    <>
      <PageHeader
        title="Your sign-in"
        description="Your own password, two-factor sign-in and the devices signed in to your account."
      />
      {security.ok ? (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          {owner ? (
            <Card title="Password">
              <p className="text-sm text-slate-600">
                Your password is the site's own: change it under{" "}
                <Link to="/admin/settings" className="font-semibold text-ocean-700 hover:underline">
                  Settings → Sign-in and security
                </Link>
                .
              </p>
            </Card>
          ) : (
            <PasswordCard
              path={ACCOUNT_PASSWORD_PATH}
              description="Changing it signs out your other devices; this one stays signed in."
              done="Password changed. Your other devices have been signed out."
            />
          )}
          <TwoFactorCard status={security.data.two_factor} locked={security.data.two_factor_locked} />
          <SessionsCard sessions={sessions} className="lg:col-span-2" />
        </div>
      ) : (
        <Alert tone="error">{failureText(security, "Failed to load your sign-in settings")}</Alert>
      )}
    </>
  );
}
