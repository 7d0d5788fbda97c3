import { ArrowRight, MessageCircle } from "lucide-react";
import type { SiteInfo } from "../../lib/site";
import { FacebookIcon, InstagramIcon, YoutubeIcon } from "../BrandIcons";

/** Follow the Adventure: a tile per social channel the operator has, WhatsApp among them. */
export function SocialFollow({ site }: { site: SiteInfo }) {
  return (
    <section className="py-20 sm:py-24" aria-labelledby="home-social">
      <div className="container-site">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">Follow along</p>
          <h2 id="home-social" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
            Follow the Adventure
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Sea dragons, campfires and trip updates, straight from the water.
          </p>
        </div>
        <SocialTiles site={site} />
      </div>
    </section>
  );
}

function SocialTiles({ site }: { site: SiteInfo }) {
  const items = [
    {
      href: site.social.instagram,
      label: "Instagram",
      text: "Photos from every trip",
      Icon: InstagramIcon,
      tone: "from-fuchsia-600 to-amber-500",
    },
    {
      href: site.social.facebook,
      label: "Facebook",
      text: "News and trip updates",
      Icon: FacebookIcon,
      tone: "from-blue-700 to-blue-500",
    },
    {
      href: site.social.youtube,
      label: "YouTube",
      text: "Underwater videos",
      Icon: YoutubeIcon,
      tone: "from-red-700 to-red-500",
    },
    {
      href: site.whatsappUrl,
      label: "WhatsApp",
      text: `Chat with ${site.guideName}`,
      Icon: MessageCircle,
      tone: "from-emerald-700 to-emerald-500",
    },
  ].filter((i) => i.href);
  return (
    <ul className="mx-auto mt-12 grid max-w-5xl gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map(({ href, label, text, Icon, tone }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200/80 transition-shadow hover:shadow-lg hover:shadow-ocean-900/10"
          >
            <span
              className={`flex h-12 w-12 flex-none items-center justify-center rounded-xl bg-gradient-to-br text-white ${tone}`}
            >
              <Icon className="h-6 w-6" />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-ocean-900">
                {label}
                <span className="sr-only"> (opens in a new tab)</span>
              </span>
              <span className="block text-sm text-slate-600">{text}</span>
            </span>
            <ArrowRight
              aria-hidden="true"
              className="ml-auto h-4 w-4 flex-none text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-ocean-900"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
