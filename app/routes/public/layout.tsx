import { useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { JsonLd } from "../../components/JsonLd";
import { SiteFooter } from "../../components/SiteFooter";
import { SiteHeader } from "../../components/SiteHeader";
import { absolute } from "../../lib/seo";
import { siteInfo } from "../../lib/site";
import { postalAddress } from "../../lib/structured-data";
import { useRootData } from "../../root";

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
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
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
        <Outlet />
      </main>
      <SiteFooter site={site} />
      <JsonLd data={jsonLd} />
    </>
  );
}
