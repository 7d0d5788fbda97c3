/** Site-wide facts, read from the content sections (website editor: Global and Contact tabs). */
export type SiteContent = Record<string, Record<string, string>>;

/** The business's name until the operator sets the site title (Admin → Website, Global Elements). */
export const DEFAULT_SITE_NAME = "Tidewater Dive & Camp";

/**
 * The site's name as the settings give it: page titles, email senders and
 * subjects, structured data. Where the settings cannot be read (the database
 * is away, a request refused before it), DEFAULT_SITE_NAME.
 */
export function siteName(content: SiteContent): string {
  return content.global?.site_title || DEFAULT_SITE_NAME;
}

export interface SiteInfo {
  title: string;
  tagline: string;
  guideName: string;
  footerDescription: string;
  copyright: string;
  email: string;
  phone: string;
  whatsappUrl: string;
  address: string;
  /** The business's street address and postcode (Admin → Settings), for its postal address; "" when unset. */
  streetAddress: string;
  postcode: string;
  hours: string;
  logo: string;
  logoFooter: string;
  social: { facebook: string; instagram: string; youtube: string };
}

export function siteInfo(content: SiteContent, year = new Date().getFullYear()): SiteInfo {
  const g = content.global ?? {};
  const c = content.contact ?? {};
  const title = siteName(content);
  const phone = c.contact_phone || c.contact_whatsapp || "";
  const digits = (c.contact_whatsapp || phone).replace(/[^0-9]/g, "");
  return {
    title,
    tagline: g.site_tagline || "",
    guideName: g.guide_name || "Our guide",
    footerDescription: g.footer_description || "",
    copyright: (g.copyright_text || `© {year} ${title}. All rights reserved.`).replaceAll(
      "{year}",
      String(year),
    ),
    email: c.contact_email || "",
    phone,
    whatsappUrl: g.whatsapp_url || (digits ? `https://wa.me/${digits}` : ""),
    address: c.contact_address || "Sydney NSW",
    streetAddress: c.contact_street_address || "",
    postcode: c.contact_postcode || "",
    hours: c.contact_hours || "Daily 6:00 AM to 8:00 PM",
    logo: g.logo_main || "/logo.svg",
    logoFooter: g.logo_footer || g.logo_main || "/logo.svg",
    social: {
      facebook: g.social_facebook || "",
      instagram: g.social_instagram || "",
      youtube: g.social_youtube || "",
    },
  };
}
