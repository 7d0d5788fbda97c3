import { describe, expect, it } from "vitest";
import { siteInfo } from "../../app/lib/site.ts";

describe("siteInfo", () => {
  it("has sensible defaults with no content at all", () => {
    const s = siteInfo({}, 2026);
    expect(s).toEqual({
      title: "Tidewater Dive & Camp",
      tagline: "",
      guideName: "Our guide",
      footerDescription: "",
      copyright: "© 2026 Tidewater Dive & Camp. All rights reserved.",
      email: "",
      phone: "",
      whatsappUrl: "",
      address: "Sydney NSW",
      streetAddress: "",
      postcode: "",
      hours: "Daily 6:00 AM to 8:00 PM",
      logo: "/logo.svg",
      logoFooter: "/logo.svg",
      social: { facebook: "", instagram: "", youtube: "" },
    });
  });

  it("defaults the year to the current one", () => {
    expect(siteInfo({}).copyright).toContain(String(new Date().getFullYear()));
  });

  it("replaces every {year} in the copyright text", () => {
    const s = siteInfo(
      { global: { copyright_text: "© {year} Tidewater. Since 2016, still diving in {year}." } },
      2031,
    );
    expect(s.copyright).toBe("© 2031 Tidewater. Since 2016, still diving in 2031.");
  });

  it("uses the site title in the default copyright", () => {
    expect(siteInfo({ global: { site_title: "Reef & Ridge" } }, 2027).copyright).toBe(
      "© 2027 Reef & Ridge. All rights reserved.",
    );
  });

  it("reads the Global and Contact sections", () => {
    const s = siteInfo(
      {
        global: {
          site_title: "Tidewater",
          site_tagline: "Small-group dives",
          guide_name: "Liam Carter",
          footer_description: "Dive and camp along the NSW coast.",
          logo_main: "/uploads/logo.png",
          social_facebook: "https://facebook.com/tidewater",
          social_instagram: "https://instagram.com/tidewater",
          social_youtube: "https://youtube.com/@tidewater",
        },
        contact: {
          contact_email: "hello@example.com",
          contact_phone: "+61 412 345 678",
          contact_address: "Manly NSW",
          contact_hours: "Daily 7:00 AM to 6:00 PM",
        },
      },
      2026,
    );
    expect(s.title).toBe("Tidewater");
    expect(s.tagline).toBe("Small-group dives");
    expect(s.guideName).toBe("Liam Carter");
    expect(s.footerDescription).toBe("Dive and camp along the NSW coast.");
    expect(s.email).toBe("hello@example.com");
    expect(s.phone).toBe("+61 412 345 678");
    expect(s.address).toBe("Manly NSW");
    expect(s.hours).toBe("Daily 7:00 AM to 6:00 PM");
    expect(s.logo).toBe("/uploads/logo.png");
    expect(s.logoFooter).toBe("/uploads/logo.png");
    expect(s.social).toEqual({
      facebook: "https://facebook.com/tidewater",
      instagram: "https://instagram.com/tidewater",
      youtube: "https://youtube.com/@tidewater",
    });
    // WhatsApp link from the phone's digits when none is configured.
    expect(s.whatsappUrl).toBe("https://wa.me/61412345678");
  });

  it("prefers the WhatsApp number, then an explicit WhatsApp URL", () => {
    expect(
      siteInfo({ contact: { contact_phone: "02 9000 0000", contact_whatsapp: "+61 400 111 222" } })
        .whatsappUrl,
    ).toBe("https://wa.me/61400111222");
    expect(siteInfo({ contact: { contact_whatsapp: "+61 400 111 222" } }).phone).toBe("+61 400 111 222");
    expect(
      siteInfo({
        global: { whatsapp_url: "https://wa.me/61499999999" },
        contact: { contact_phone: "0400 111 222" },
      }).whatsappUrl,
    ).toBe("https://wa.me/61499999999");
  });

  it("uses the footer logo when set", () => {
    const s = siteInfo({ global: { logo_main: "/a.svg", logo_footer: "/b.svg" } });
    expect(s.logo).toBe("/a.svg");
    expect(s.logoFooter).toBe("/b.svg");
  });

  it("treats empty strings as unset", () => {
    const s = siteInfo({ global: { site_title: "", guide_name: "" }, contact: { contact_hours: "" } }, 2026);
    expect(s.title).toBe("Tidewater Dive & Camp");
    expect(s.guideName).toBe("Our guide");
    expect(s.hours).toBe("Daily 6:00 AM to 8:00 PM");
  });
});
