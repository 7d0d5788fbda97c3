import { Clock, Mail, MapPin, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import type { SiteInfo } from "../lib/site";
import { NewsletterForm } from "./NewsletterForm";
import { SocialLinks } from "./SocialLinks";

const ADVENTURE_LINKS = [
  { to: "/adventures?category=beginner", label: "Beginner Adventures" },
  { to: "/adventures?category=certified", label: "Certified Diver Trips" },
  { to: "/adventures?category=camping", label: "Camping Escapes" },
  { to: "/adventures?category=multiday", label: "Multi-day Trips" },
];

export function SiteFooter({ site }: { site: SiteInfo }) {
  return (
    <footer data-testid="site-footer" className="bg-ocean-950 text-ocean-100">
      <div className="container-site grid grid-cols-1 gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1.1fr_1.3fr] lg:gap-12 [&>*]:min-w-0">
        <div className="space-y-4">
          <Link to="/" className="flex items-center gap-2.5 font-display text-lg font-semibold text-white">
            <img src={site.logoFooter} alt="" width={36} height={36} className="h-9 w-9" />
            {site.title}
          </Link>
          <p className="text-sm leading-relaxed">{site.footerDescription}</p>
          <SocialLinks
            site={site}
            networks={["facebook", "instagram", "youtube", "whatsapp"]}
            className="flex gap-3"
            linkClassName="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-coral-600"
          />
        </div>
        <nav aria-label="Adventures" className="space-y-3">
          <h2 className="font-sans text-sm font-semibold tracking-wide text-white uppercase">Adventures</h2>
          <ul className="space-y-2 text-sm">
            {ADVENTURE_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/weekend" className="hover:text-white">
                Typical Weekend
              </Link>
            </li>
            <li>
              <Link to="/gift-vouchers" className="hover:text-white">
                Gift Vouchers
              </Link>
            </li>
          </ul>
        </nav>
        <div className="space-y-3">
          <h2 className="font-sans text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="space-y-2.5 text-sm">
            {site.email && (
              <li className="flex gap-2.5">
                <Mail aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-reef-500" />
                <a href={`mailto:${site.email}`} className="break-all hover:text-white">
                  {site.email}
                </a>
              </li>
            )}
            {site.whatsappUrl && (
              <li className="flex gap-2.5">
                <MessageCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-reef-500" />
                <a
                  href={site.whatsappUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="hover:text-white"
                >
                  WhatsApp {site.phone}
                </a>
              </li>
            )}
            <li className="flex gap-2.5">
              <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-reef-500" />
              <span>{site.address}</span>
            </li>
            <li className="flex gap-2.5">
              <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-reef-500" />
              <span>{site.hours}</span>
            </li>
          </ul>
        </div>
        <NewsletterForm />
      </div>
      <div className="border-t border-white/10">
        <div className="container-site flex flex-col gap-3 py-6 text-xs sm:flex-row sm:items-center sm:justify-between">
          <p>{site.copyright}</p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link to="/privacy" className="hover:text-white">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-white">
                Terms &amp; Conditions
              </Link>
            </li>
            <li>
              <Link to="/cancellation" className="hover:text-white">
                Cancellation Policy
              </Link>
            </li>
            <li>
              <Link to="/admin" className="hover:text-white">
                Admin
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
