import { Alert, PageHeader } from "../../components/admin";
import { SessionsCard } from "../../components/admin/SessionsCard";
import { TwoFactorCard } from "../../components/admin/TwoFactorCard";
import { adminAction, adminGet, failureText } from "../../lib/admin-data";
import { type AdminSession, SESSIONS_PATH, type SecurityStatus } from "../../lib/admin-security";
import type { Route } from "./+types/account";

export async function clientLoader() {
  const [security, sessions] = await Promise.all([
    adminGet<SecurityStatus>("/api/admin/security"),
    adminGet<{ sessions: AdminSession[] }>(SESSIONS_PATH),
  ]);
  return { security, sessions };
}
export const clientAction = adminAction;

/**
 * /admin/account: everyone's own sign-in, whatever their role: their
 * two-factor sign-in and the devices signed in to their account.
 */
export default function Account({ loaderData }: Route.ComponentProps) {
  const { security, sessions } = loaderData;
  return (
    <>
      <PageHeader
        title="Your sign-in"
        description="Your own two-factor sign-in and the devices signed in to your account."
      />
      {security.ok ? (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <TwoFactorCard status={security.data.two_factor} />
          <SessionsCard sessions={sessions} className="lg:col-span-2" />
        </div>
      ) : (
        <Alert tone="error">{failureText(security, "Failed to load your sign-in settings")}</Alert>
      )}
    </>
  );
}
