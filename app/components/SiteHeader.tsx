import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useHydrated } from "../lib/hydrated";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/adventures", label: "Adventures" },
  { to: "/weekend", label: "Typical Weekend" },
  { to: "/gallery", label: "Gallery" },
  { to: "/reviews", label: "Reviews" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/faq", label: "FAQ" },
] as const;

export const SCROLL_THRESHOLD = 50;

/**
 * Transparent over the home hero until the page scrolls past 50 px; always
 * solid on every other page.
 *
 * The phone menu is a native popover: its toggle, Escape, a tap on the dimmed
 * page and its links work from the first paint, before the page's scripts
 * arrive (they load after it, server/cache/defer-hydration.server.ts). What
 * the open menu changes in the bar (solid, the toggle's icon and name) is CSS
 * on `:popover-open`, so it needs no script either. The script adds what only
 * it can: closing the menu on a client-side navigation and when the window
 * grows past the breakpoint, and `aria-expanded` (until then the browser
 * exposes the toggle's state itself).
 */
export function SiteHeader({ siteTitle, logo }: { siteTitle: string; logo: string }) {
  const { pathname, key } = useLocation();
  const isHome = pathname === "/";
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // The menu may have been opened before the scripts arrived.
  useEffect(() => setOpen(isOpen(menuRef.current)), []);

  // The menu exists only below the desktop breakpoint: close it if the window grows past it.
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia("(min-width: 80rem)");
    const onChange = () => desktop.matches && close(menuRef.current);
    desktop.addEventListener("change", onChange);
    return () => desktop.removeEventListener("change", onChange);
  }, [open]);

  // Close the menu on every client-side navigation (also to the same page), not at hydration.
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    close(menuRef.current);
  }, [key]);

  const solid = !isHome || scrolled || open;
  return (
    <header
      data-testid="site-header"
      data-solid={solid ? "true" : "false"}
      className={`group fixed inset-x-0 top-0 z-50 transition-colors duration-300 ${
        solid
          ? "bg-white/95 text-ocean-900 shadow-sm backdrop-blur"
          : // Before the scripts run, the open menu makes the bar solid through CSS alone.
            "bg-transparent text-white has-[:popover-open]:bg-white/95 has-[:popover-open]:text-ocean-900 has-[:popover-open]:shadow-sm has-[:popover-open]:backdrop-blur"
      }`}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-ocean-900"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="container-site flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2.5 font-display text-lg font-semibold tracking-tight"
        >
          <img src={logo} alt="" width={36} height={36} className="h-9 w-9 flex-none" />
          <span className="truncate">{siteTitle}</span>
        </Link>
        <ul className="hidden items-center gap-0.5 xl:flex">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                end={l.to === "/"}
                className={({ isActive }) =>
                  `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
                    isActive
                      ? solid
                        ? "text-coral-600"
                        : "text-white underline decoration-2 underline-offset-8"
                      : solid
                        ? "text-slate-700 hover:text-ocean-900"
                        : "text-white/90 hover:text-white"
                  }`
                }
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <Link to="/book" className="btn-primary hidden px-4 py-2.5 whitespace-nowrap sm:inline-flex">
            Book Now
          </Link>
          <button
            type="button"
            popoverTarget={menuId}
            className={`inline-flex h-11 w-11 items-center justify-center rounded-xl transition-colors xl:hidden ${
              solid ? "hover:bg-slate-100" : "hover:bg-white/10"
            }`}
            aria-expanded={hydrated ? open : undefined}
            aria-controls={menuId}
          >
            {/* The name and the icon follow the menu's state in CSS (hidden text is no part of the name). */}
            <span className="sr-only group-has-[:popover-open]:hidden">Open menu</span>
            <span className="sr-only hidden group-has-[:popover-open]:inline">Close menu</span>
            <Menu aria-hidden className="h-6 w-6 group-has-[:popover-open]:hidden" />
            <X aria-hidden className="hidden h-6 w-6 group-has-[:popover-open]:block" />
          </button>
        </div>
      </nav>
      {/* In the top layer, below the bar: the links, then the dimmed page, whose tap closes the menu. */}
      <div
        id={menuId}
        ref={menuRef}
        popover="auto"
        onToggle={(e) => setOpen(e.newState === "open")}
        className="inset-x-0 top-16 bottom-0 m-0 h-auto max-h-none w-auto max-w-none flex-col overflow-hidden border-0 bg-transparent p-0 text-ocean-900 open:flex lg:top-20 xl:open:hidden"
      >
        {/* Above the dimmed page, so its shadow falls on it. */}
        <div className="relative z-10 overflow-y-auto overscroll-contain border-t border-slate-200 bg-white shadow-lg">
          <ul className="container-site flex flex-col py-3" aria-label="Mobile">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={l.to === "/"}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-3 text-base font-medium ${isActive ? "bg-coral-50 text-coral-700" : "hover:bg-slate-50"}`
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
            <li className="pt-2 pb-1">
              <Link to="/book" className="btn-primary w-full py-3.5 text-base">
                Book Adventure
              </Link>
            </li>
          </ul>
        </div>
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          popoverTarget={menuId}
          popoverTargetAction="hide"
          className="min-h-0 flex-1 cursor-default bg-ocean-950/40"
        />
      </div>
    </header>
  );
}

function isOpen(el: HTMLElement | null): boolean {
  return !!el?.matches(":popover-open");
}

function close(el: HTMLElement | null) {
  if (isOpen(el)) el?.hidePopover();
}
