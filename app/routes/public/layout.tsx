import { useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { AddressNotice } from "../../components/AddressNotice";
import { JsonLd } from "../../components/JsonLd";
import { SiteFooter } from "../../components/SiteFooter";
import { SiteHeader } from "../../components/SiteHeader";
import { absolute } from "../../lib/seo";
import { siteInfo } from "../../lib/site";
import { postalAddress } from "../../lib/structured-data";
import { useRootData } from "../../root";

/** Longer than any smooth scroll to the top takes (browsers cap it near a second). */
const SMOOTH_SCROLL_LONGEST_MS = 2_000;

/** The public frame: navigation, footer, site-wide LocalBusiness data, scroll-to-top. */
export default function PublicLayout() {
  const { content, origin } = useRootData();
  const site = siteInfo(content);
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const last = useRef({ pathname, search });

  // Every route change scrolls smoothly to the top (not the first render). A
  // new query string counts when it is a new history entry (a link such as the
  // footer's categories), not when a page replaces it in place (list filters).
  useEffect(() => {
    const prev = last.current;
    last.current = { pathname, search };
    const changed = prev.pathname !== pathname || (navigationType === "PUSH" && prev.search !== search);
    if (!changed) return;
    if (window.scrollY === 0) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    // A page whose content arrives while the smooth scroll runs (the adventure list after
    // "Loading adventures...") grows above what the browser anchors the view to, and scroll
    // anchoring would move the view down by that much, leaving it short of the top: anchoring
    // is off until the scroll ends (or the next route change starts a new one). A scroll the
    // browser ends short of the top (cut off by such a change on a slow phone) finishes with
    // a jump, unless the visitor took over with the wheel, a touch or a key: theirs wins. A
    // browser that drops the cut-off scroll without a scrollend gets the same jump when the
    // smooth scroll should long be over.
    const root = document.documentElement;
    root.style.overflowAnchor = "none";
    let visitorScrolled = false;
    const takeOver = () => {
      visitorScrolled = true;
    };
    const userEvents = ["wheel", "touchstart", "keydown"] as const;
    for (const e of userEvents) window.addEventListener(e, takeOver, { passive: true, once: true });
    const finish = () => {
      if (!visitorScrolled && window.scrollY !== 0) window.scrollTo({ top: 0, behavior: "instant" });
      if (visitorScrolled || window.scrollY === 0) release();
    };
    const release = () => {
      root.style.overflowAnchor = "";
      window.removeEventListener("scrollend", finish);
      window.clearTimeout(late);
      for (const e of userEvents) window.removeEventListener(e, takeOver);
    };
    window.addEventListener("scrollend", finish);
    const late = window.setTimeout(finish, SMOOTH_SCROLL_LONGEST_MS);
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    return release;
  }, [pathname, search, navigationType]);

  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${origin}/#business`,
    name: site.title,
    description: site.tagline,
    url: `${origin}/`,
    image: `${origin}/images/site/og-default.jpg`,
    logo: absolute(origin, site.logo),
    email: site.email || undefined,
    telephone: site.phone || undefined,
    address: postalAddress(site),
    areaServed: "NSW coast from Sydney to Ulladulla",
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
      opens: "06:00",
      closes: "20:00",
    },
    sameAs: Object.values(site.social).filter(Boolean),
  };

  return (
    <>
      <SiteHeader siteTitle={site.title} logo={site.logo} />
      <main id="main" className={pathname === "/" ? "" : "pt-16 lg:pt-20"}>
        {/* The home page's hero runs under the see-through header: the notice lies over the hero's top there. */}
        <AddressNotice
          origin={origin}
          className={pathname === "/" ? "absolute inset-x-0 top-16 z-30 lg:top-20" : ""}
        />
        <Outlet />
      </main>
      <SiteFooter site={site} />
      <JsonLd data={jsonLd} />
    </>
  );
}
