import { describe, expect, it } from "vitest";
import { siteInfo } from "../../app/lib/site.ts";
import { offerAvailability, postalAddress, reviewsText } from "../../app/lib/structured-data.ts";

const open = { available: true, published: true };
const full = { available: false, published: true };
const closed = { available: false, published: false };

describe("offerAvailability", () => {
  it("is in stock while any date has a free spot", () => {
    expect(offerAvailability(true, [full, open, closed])).toBe("https://schema.org/InStock");
  });

  it("is sold out when dates are open and every one is full", () => {
    expect(offerAvailability(true, [full, full])).toBe("https://schema.org/SoldOut");
    expect(offerAvailability(true, [full, closed])).toBe("https://schema.org/SoldOut");
  });

  it("is out of stock when booking is off or no date is open", () => {
    expect(offerAvailability(false, [open])).toBe("https://schema.org/OutOfStock");
    expect(offerAvailability(true, [])).toBe("https://schema.org/OutOfStock");
    expect(offerAvailability(true, [closed])).toBe("https://schema.org/OutOfStock");
  });
});

describe("postalAddress", () => {
  it("gives the street and postcode from the contact settings", () => {
    const site = siteInfo({ contact: { contact_street_address: "12 Wharf Road", contact_postcode: "2000" } });
    expect(postalAddress(site)).toEqual({
      "@type": "PostalAddress",
      streetAddress: "12 Wharf Road",
      addressLocality: "Sydney",
      addressRegion: "NSW",
      postalCode: "2000",
      addressCountry: "AU",
    });
  });

  it("leaves out what the operator has not set (JSON drops undefined)", () => {
    expect(JSON.parse(JSON.stringify(postalAddress(siteInfo({}))))).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Sydney",
      addressRegion: "NSW",
      addressCountry: "AU",
    });
  });
});

describe("reviewsText", () => {
  it("counts reviews in words", () => {
    expect(reviewsText(1)).toBe("1 review");
    expect(reviewsText(3)).toBe("3 reviews");
  });
});
