import { MessageCircle } from "lucide-react";
import type { SiteInfo } from "../lib/site";
import { FacebookIcon, InstagramIcon, YoutubeIcon } from "./BrandIcons";

const NETWORKS = {
  facebook: { label: "Facebook", Icon: FacebookIcon },
  instagram: { label: "Instagram", Icon: InstagramIcon },
  youtube: { label: "YouTube", Icon: YoutubeIcon },
  whatsapp: { label: "WhatsApp", Icon: MessageCircle },
} as const;
export type Network = keyof typeof NETWORKS;

/**
 * Round icon links to the site's social pages, in the order given; networks
 * without an address are left out, and nothing renders when none has one.
 */
export function SocialLinks({
  site,
  networks,
  linkLabel = (network) => `${site.title} on ${network}`,
  className,
  linkClassName,
}: {
  site: SiteInfo;
  networks: readonly Network[];
  /** The link's accessible name, from the network's name. */
  linkLabel?: (network: string) => string;
  className: string;
  linkClassName: string;
}) {
  const items = networks
    .map((n) => ({ ...NETWORKS[n], href: n === "whatsapp" ? site.whatsappUrl : site.social[n] }))
    .filter((i) => i.href);
  if (items.length === 0) return null;
  return (
    <ul className={className}>
      {items.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={linkLabel(label)}
            className={linkClassName}
          >
            <Icon className="h-5 w-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
