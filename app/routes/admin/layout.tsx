import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { Outlet, useRevalidator } from "react-router";
import { AdminShell } from "../../components/admin/AdminShell";
import { LoginScreen } from "../../components/admin/LoginScreen";
import { Alert } from "../../components/admin/ui/alert";
import { Button } from "../../components/admin/ui/button";
import { getToken, useAdminToken } from "../../lib/admin-api";
import { siteInfo } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/layout";
import "../../admin.css";

/**
 * The access gate's state. The token is only known in the browser, so this
 * runs there (the server renders HydrateFallback); every screen's own
 * clientLoader runs beside it and fetches nothing without a token.
 */
export async function clientLoader() {
  return { signedIn: getToken() !== null };
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
  useEffect(() => {
    if (signedInNow !== loaderData.signedIn) void revalidate();
  }, [signedInNow, loaderData.signedIn, revalidate]);

  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      {loaderData.signedIn ? (
        <AdminShell siteTitle={site.title} logo={site.logo}>
          <Outlet />
        </AdminShell>
      ) : (
        <LoginScreen siteTitle={site.title} logo={site.logo} />
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
