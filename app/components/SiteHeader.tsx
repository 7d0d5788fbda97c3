import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";

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
 */
export function SiteHeader({ siteTitle, logo }: { siteTitle: string; logo: string }) {
  const { pathname, key } = useLocation();
  const isHome = pathname === "/";
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // The menu exists only below the desktop breakpoint: close it if the window grows past it.
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia("(min-width: 80rem)");
    const onChange = () => desktop.matches && setOpen(false);
    desktop.addEventListener("change", onChange);
    return () => desktop.removeEventListener("change", onChange);
  }, [open]);

  // Close the menu on every navigation (also to the same page) and on Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes
  useEffect(() => setOpen(false), [key]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const solid = !isHome || scrolled || open;
  return (
    <>
      {/* Behind the open menu: tapping the dimmed page closes it. */}
      {open && (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className="fixed inset-0 z-40 cursor-default bg-ocean-950/40 xl:hidden"
          onClick={() => setOpen(false)}
        />
      )}
      <header
        data-testid="site-header"
        data-solid={solid ? "true" : "false"}
        className={`fixed inset-x-0 top-0 z-50 transition-colors duration-300 ${
          solid ? "bg-white/95 text-ocean-900 shadow-sm backdrop-blur" : "bg-transparent text-white"
        }`}
      >
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-ocean-900"
        >
          Skip to content
        </a>
        <nav
          aria-label="Main"
          className="container-site flex h-16 items-center justify-between gap-4 lg:h-20"
        >
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
              ref={toggleRef}
              type="button"
              className={`inline-flex h-11 w-11 items-center justify-center rounded-xl transition-colors xl:hidden ${
                solid ? "hover:bg-slate-100" : "hover:bg-white/10"
              }`}
              aria-expanded={open}
              aria-controls={menuId}
              aria-label={open ? "Close menu" : "Open menu"}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
            </button>
          </div>
        </nav>
        <div
          id={menuId}
          hidden={!open}
          className="relative max-h-[calc(100dvh-4rem)] lg:max-h-[calc(100dvh-5rem)] overflow-y-auto overscroll-contain border-t border-slate-200 bg-white text-ocean-900 shadow-lg xl:hidden"
        >
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
      </header>
    </>
  );
}
