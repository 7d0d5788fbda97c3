import { ExternalLink, LogOut, Menu, ShieldCheck, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { dropQueue, unsyncedBeforeSignOut } from "../../lib/action-queue";
import { adminLogout } from "../../lib/admin-api";
import { ROLE_LABELS, type StaffRole } from "../../lib/staff-access";
import { ConfirmDialog } from "./ConfirmDialog";
import { ADMIN_NAV, navFor } from "./nav";

/** The entry a path belongs to: the longest entry it is or lies under (a booking's page is Bookings'). */
function activeEntry(pathname: string): string | undefined {
  return ADMIN_NAV.map((i) => i.to)
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
}

function SideNav({ role, onNavigate }: { role: StaffRole; onNavigate?: () => void }) {
  const active = activeEntry(useLocation().pathname);
  return (
    <nav aria-label="Admin" className="space-y-5">
      {navFor(role).map((group) => (
        <div key={group.title}>
          <h2 className="px-3 pb-1.5 font-sans text-[0.7rem] font-semibold tracking-wider text-ocean-200 uppercase">
            {group.title}
          </h2>
          <ul className="space-y-0.5">
            {group.items.map(({ to, label, Icon }) => {
              const isActive = to === active;
              return (
                <li key={to}>
                  <Link
                    to={to}
                    onClick={onNavigate}
                    aria-current={isActive ? "page" : undefined}
                    className={`flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium transition-colors ${
                      isActive ? "bg-white/12 text-white" : "text-ocean-100 hover:bg-white/6 hover:text-white"
                    }`}
                  >
                    <Icon
                      aria-hidden="true"
                      className={`h-4.5 w-4.5 shrink-0 ${isActive ? "text-reef-100" : "text-ocean-200"}`}
                    />
                    <span className="truncate">{label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function Brand({ siteTitle, logo, home }: { siteTitle: string; logo: string; home: string }) {
  return (
    <Link to={home} className="flex items-center gap-2.5 px-2 text-white">
      <img src={logo} alt="" width={32} height={32} className="h-8 w-8" />
      <span className="min-w-0">
        <span className="block font-display text-[0.95rem] leading-snug font-semibold">{siteTitle}</span>
        <span className="block text-xs text-ocean-200">Admin console</span>
      </span>
    </Link>
  );
}

/**
 * The admin frame: side navigation (a drawer below 1024 px) with the screens
 * the signed-in role may open, a header with the role, Back to Site and
 * Logout, and the page. The owner reads "Administrator", as before staff.
 */
export function AdminShell({
  siteTitle,
  logo,
  role = "owner",
  name = "",
  children,
}: {
  siteTitle: string;
  logo: string;
  role?: StaffRole;
  name?: string;
  children: ReactNode;
}) {
  const home = navFor(role)[0]?.items[0]?.to ?? "/admin/pro-dashboard";
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the drawer when the route changes
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const [unsynced, setUnsynced] = useState(0);
  const signOut = async () => {
    setLeaving(true);
    // The session ends (revoked on the server, forgotten here) before the page
    // changes, so nothing that follows can still use it. Forgetting the token
    // does not re-render this tab, so the login screen does not flash.
    await adminLogout();
    await navigate("/");
  };
  // Trip-day taps still on the phone (no signal) are sent first; any left ask before they are deleted.
  const logout = async () => {
    setLeaving(true);
    const waiting = await unsyncedBeforeSignOut();
    if (waiting > 0) {
      setLeaving(false);
      setUnsynced(waiting);
      return;
    }
    await signOut();
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#admin-main"
        className="admin-chrome sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-ocean-900"
      >
        Skip to content
      </a>
      {/* Desktop sidebar. Its bottom band stays empty: the test-mode ribbon sits in that corner, and the
          navigation scrolls above it instead of under it. */}
      <aside className="admin-chrome fixed inset-y-0 left-0 z-30 hidden w-64 flex-col bg-ocean-950 pb-12 lg:flex">
        <div className="flex h-16 items-center border-b border-white/10 px-4">
          <Brand siteTitle={siteTitle} logo={logo} home={home} />
        </div>
        <div className="flex-1 overflow-y-auto px-3 py-4">
          <SideNav role={role} />
        </div>
      </aside>

      {/* Mobile drawer */}
      {open ? (
        <div className="admin-chrome fixed inset-0 z-50 lg:hidden">
          <button
            type="button"
            aria-label="Close menu"
            tabIndex={-1}
            className="absolute inset-0 bg-ocean-950/60"
            onClick={() => setOpen(false)}
          />
          <div
            id={drawerId}
            role="dialog"
            aria-modal="true"
            aria-label="Admin menu"
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-ocean-950 shadow-2xl"
          >
            <div className="flex h-16 items-center justify-between border-b border-white/10 px-4">
              <Brand siteTitle={siteTitle} logo={logo} home={home} />
              <button
                ref={closeRef}
                type="button"
                onClick={() => setOpen(false)}
                className="rounded-lg p-2 text-ocean-100 hover:bg-white/10 hover:text-white"
                aria-label="Close menu"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto px-3 py-4">
              <SideNav role={role} onNavigate={() => setOpen(false)} />
            </div>
          </div>
        </div>
      ) : null}

      {/* admin-chrome and admin-frame: what the print styles in admin.css leave off paper. */}
      <div className="admin-frame lg:pl-64">
        <header className="admin-chrome sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:gap-3 sm:px-6">
          <button
            ref={toggleRef}
            type="button"
            onClick={() => setOpen(true)}
            className="rounded-lg p-2 text-ocean-900 hover:bg-slate-100 lg:hidden"
            aria-label="Open menu"
            aria-expanded={open}
            aria-controls={drawerId}
          >
            <Menu aria-hidden="true" className="h-5 w-5" />
          </button>
          <div className="flex min-w-0 items-center gap-2 text-sm">
            <ShieldCheck aria-hidden="true" className="h-4.5 w-4.5 shrink-0 text-reef-600" />
            <span className="truncate font-medium whitespace-nowrap text-slate-700" data-testid="admin-role">
              {role === "owner" ? "Administrator" : `${ROLE_LABELS[role]}${name ? ` · ${name}` : ""}`}
            </span>
          </div>
          <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
            <Link
              to="/"
              className="inline-flex items-center gap-1.5 rounded-xl px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-3"
            >
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only whitespace-nowrap sm:not-sr-only">Back to Site</span>
            </Link>
            <button
              type="button"
              onClick={logout}
              disabled={leaving}
              className="inline-flex items-center gap-1.5 rounded-xl bg-ocean-900 px-2.5 py-2 text-sm font-semibold text-white hover:bg-ocean-800 disabled:opacity-60 sm:px-3"
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              <span>Logout</span>
            </button>
          </div>
        </header>
        <main id="admin-main" className="mx-auto w-full max-w-7xl px-3 py-5 sm:px-6 sm:py-8">
          {children}
        </main>
        <ConfirmDialog
          open={unsynced > 0}
          title="Taps not synced"
          message={`${unsynced} trip-day ${unsynced === 1 ? "tap has" : "taps have"} not reached the server yet (no signal). Stay signed in and ${unsynced === 1 ? "it syncs" : "they sync"} when the signal returns, or sign out and delete ${unsynced === 1 ? "it" : "them"} from this phone.`}
          cancelLabel="Stay signed in"
          confirmLabel="Sign out and delete"
          busy={leaving}
          onCancel={() => setUnsynced(0)}
          onConfirm={async () => {
            await dropQueue();
            setUnsynced(0);
            await signOut();
          }}
        />
      </div>
    </div>
  );
}
