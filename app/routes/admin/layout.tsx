import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { Link, Outlet, useLocation, useRevalidator } from "react-router";
import { AdminShell } from "../../components/admin/AdminShell";
import { LoginScreen } from "../../components/admin/LoginScreen";
import { navFor } from "../../components/admin/nav";
import { Alert } from "../../components/admin/ui/alert";
import { Button, buttonClass } from "../../components/admin/ui/button";
import { getToken, useAdminToken } from "../../lib/admin-api";
import { adminGet } from "../../lib/admin-data";
import { canOpen } from "../../lib/admin-screens";
import { installOffline } from "../../lib/offline";
import { siteInfo } from "../../lib/site";
import { ROLE_LABELS, type StaffRole } from "../../lib/staff-access";
import { ME_PATH, type SignedIn } from "../../lib/staff-api";
import { useRootData } from "../../root";
import type { Route } from "./+types/layout";
import "../../admin.css";

/**
 * The access gate's state. The token is only known in the browser, so this
 * runs there (the server renders HydrateFallback); every screen's own
 * clientLoader runs beside it and fetches nothing without a token. Signed
 * in: who (the role decides the navigation); signed out: whether sign-in
 * asks for an email (only once staff exist).
 */
export async function clientLoader() {
  if (getToken() === null) {
    type LoginForm = { email_required?: boolean };
    const answer: LoginForm = await fetch("/api/admin/login", { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<LoginForm>) : {}))
      .catch(() => ({}));
    return { signedIn: false, me: null, emailRequired: answer.email_required === true };
  }
  const me = await adminGet<SignedIn>(ME_PATH);
  return { signedIn: true, me: me.ok ? me.data : null, emailRequired: false };
}

/** A screen the role may not open: says so, and where to go instead. */
function NotForRole({ role }: { role: StaffRole }) {
  const first = navFor(role)[0]?.items[0];
  return (
    <Alert tone="warning" title="Not available to your role">
      <p data-testid="not-for-role">
        Your role ({ROLE_LABELS[role]}) cannot open this screen. Ask the owner if you need it.
      </p>
      {first ? (
        <Link to={first.to} className={`${buttonClass("secondary", "sm")} mt-3`}>
          Open {first.label}
        </Link>
      ) : null}
    </Alert>
  );
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 text-slate-500" role="status">
      <meta name="robots" content="noindex, nofollow" />
      <title>Admin</title>
      <Loader2 aria-hidden="true" className="mr-2 h-5 w-5 animate-spin" />
      Loading admin…
    </div>
  );
}

/**
 * Without a token every admin route shows the login screen; with one, the
 * admin shell and the page. When the stored token comes or goes (sign-in,
 * sign-out, a 401 from any call, another tab) the loaders run again, so the
 * gate and the page's data always belong to the same session.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const site = siteInfo(useRootData().content);
  const signedInNow = useAdminToken() !== null;
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  // Without an answer about who is signed in, the console is shown as it always was; the server still decides every call.
  const role: StaffRole = loaderData.me?.role ?? "owner";
  useEffect(() => {
    if (signedInNow !== loaderData.signedIn) void revalidate();
  }, [signedInNow, loaderData.signedIn, revalidate]);
  // Signed in: the trip day's screens and data are kept on the phone for a boat with no signal.
  useEffect(() => {
    if (loaderData.signedIn) void installOffline();
  }, [loaderData.signedIn]);

  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <link rel="manifest" href="/manifest.webmanifest" />
      {loaderData.signedIn ? (
        <AdminShell siteTitle={site.title} logo={site.logo} role={role} name={loaderData.me?.name ?? ""}>
          {loaderData.me?.two_factor_needed && pathname !== "/admin/account" ? (
            <Alert tone="warning" title="Set up two-factor sign-in" className="mb-5">
              <p data-testid="two-factor-needed">
                Your role signs in with a code from an authenticator app. Until you set it up, only{" "}
                <Link to="/admin/account" className="font-semibold underline">
                  Your sign-in
                </Link>{" "}
                works.
              </p>
            </Alert>
          ) : null}
          {canOpen(role, pathname) ? <Outlet /> : <NotForRole role={role} />}
        </AdminShell>
      ) : (
        <LoginScreen siteTitle={site.title} logo={site.logo} emailRequired={loaderData.emailRequired} />
      )}
    </>
  );
}

/** The one error screen of the admin area: a fault in a screen keeps the console around it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const site = siteInfo(useRootData().content);
  if (typeof document !== "undefined") console.error(error);
  return (
    <AdminShell siteTitle={site.title} logo={site.logo}>
      <meta name="robots" content="noindex, nofollow" />
      <title>Admin</title>
      <Alert tone="error" title="Something went wrong">
        This screen could not be shown. Reload to try again; your saved changes are kept.
      </Alert>
      <Button className="mt-4" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </AdminShell>
  );
}
