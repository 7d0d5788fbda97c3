import { Loader2 } from "lucide-react";
import { Outlet } from "react-router";
import { AdminShell } from "../../components/admin/AdminShell";
import { LoginScreen } from "../../components/admin/LoginScreen";
import { useAdminToken } from "../../lib/admin-api";
import { siteInfo } from "../../lib/site";
import { useRootData } from "../../root";

// Admin pages are never for search engines (also sent as a meta tag below).
export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };
}

/**
 * The access gate: without a token in localStorage every admin route shows
 * the login screen; with one, the admin shell and the page. The token is only
 * known in the browser, so the server renders a neutral loading state.
 */
export default function AdminLayout() {
  const token = useAdminToken();
  const site = siteInfo(useRootData().content);
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      {token === undefined ? (
        <div
          className="flex min-h-screen items-center justify-center bg-slate-50 text-slate-500"
          role="status"
        >
          <title>Admin</title>
          <Loader2 aria-hidden="true" className="mr-2 h-5 w-5 animate-spin" />
          Loading admin…
        </div>
      ) : token === null ? (
        <LoginScreen siteTitle={site.title} logo={site.logo} />
      ) : (
        <AdminShell siteTitle={site.title} logo={site.logo}>
          <Outlet />
        </AdminShell>
      )}
    </>
  );
}
