import { Camera, Images, Mail } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { listGalleryImages } from "../../../server/domain/content/gallery.server";
import { Img } from "../../components/Img";
import { Lightbox } from "../../components/Lightbox";
import { SocialLinks } from "../../components/SocialLinks";
import { GALLERY_CATEGORIES } from "../../lib/categories";
import { getApp } from "../../lib/context";
import { seo } from "../../lib/seo";
import { siteInfo } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/gallery";

/** "All" and then the gallery's categories. */
const CATEGORIES: { value: string; label: string }[] = [
  { value: "all", label: "All" },
  ...GALLERY_CATEGORIES,
];

function labelFor(category: string): string {
  return (
    CATEGORIES.find((c) => c.value === category)?.label ??
    category.replace(/[-_]+/g, " ").replace(/\b\w/g, (ch) => ch.toUpperCase())
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [images, content] = await Promise.all([listGalleryImages(db), loadSiteContent(db)]);
  return { images, page: content.gallery ?? {} };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo({
    title: "Photo Gallery | Tidewater Dive & Camp",
    description:
      "Photos from our small-group scuba, snorkelling and camping adventures on the NSW coast: weedy sea dragons, kelp forests, beach camps and starry skies.",
    path: "/gallery",
    origin: matches[0].loaderData.origin,
    image: loaderData?.images[0]?.image_url,
  });

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const { images, page } = loaderData;
  const site = siteInfo(useRootData().content);
  const [searchParams] = useSearchParams();

  // Categories the operator added beyond the standard ones still get a button.
  const categories = [
    ...CATEGORIES,
    ...[...new Set(images.map((i) => i.category))]
      .filter((c) => !CATEGORIES.some((k) => k.value === c))
      .map((value) => ({ value, label: labelFor(value) })),
  ];
  const fromUrl = searchParams.get("category") ?? "all";
  const [category, setCategory] = useState(categories.some((c) => c.value === fromUrl) ? fromUrl : "all");
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef(new Map<string, HTMLButtonElement>());
  const lastShown = useRef<string | null>(null);

  const shown = category === "all" ? images : images.filter((i) => i.category === category);

  const choose = (value: string) => {
    setCategory(value);
    // Keep the filter in the address so it can be shared, without a navigation.
    const url = new URL(window.location.href);
    if (value === "all") url.searchParams.delete("category");
    else url.searchParams.set("category", value);
    window.history.replaceState(window.history.state, "", url);
  };

  // Focus returns to the thumbnail of the image last shown when the viewer closes.
  const openId = open === null ? null : (shown[open]?.id ?? null);
  useEffect(() => {
    if (openId) {
      lastShown.current = openId;
      return;
    }
    if (lastShown.current) {
      thumbs.current.get(lastShown.current)?.focus();
      lastShown.current = null;
    }
  }, [openId]);

  const title = page.hero_title || "Moments From the Coast";
  const subtitle =
    page.hero_subtitle ||
    "Weedy sea dragons, golden kelp, campfires and starry skies: a look at life on our dive and camp adventures along the NSW coast.";
  const heroImage = page.hero_background || images.find((i) => i.category === "both")?.image_url;
  return (
    <>
      <header className="relative isolate overflow-hidden bg-ocean-950 text-white">
        {heroImage && (
          <Img
            src={heroImage}
            alt=""
            priority
            sizes="100vw"
            className="absolute inset-0 -z-10 h-full w-full object-cover opacity-35"
          />
        )}
        <div className="absolute inset-0 -z-10 bg-gradient-to-b from-ocean-950/40 via-ocean-950/60 to-ocean-950" />
        <div className="container-site py-16 text-center sm:py-24">
          <p className="eyebrow text-reef-100">Gallery</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-semibold text-white sm:text-5xl">{title}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-ocean-100 sm:text-lg">
            {subtitle}
          </p>
        </div>
      </header>

      <section aria-labelledby="gallery-photos" className="container-site py-12 sm:py-16">
        <h2 id="gallery-photos" className="sr-only">
          Photos
        </h2>
        <fieldset className="flex flex-wrap justify-center gap-2">
          <legend className="sr-only">Filter photos by category</legend>
          {categories.map((c) => {
            const active = c.value === category;
            return (
              <button
                key={c.value}
                type="button"
                aria-pressed={active}
                onClick={() => choose(c.value)}
                className={`rounded-full px-4 py-2 text-sm font-semibold transition-colors ${
                  active
                    ? "bg-ocean-900 text-white shadow-sm"
                    : "bg-ocean-50 text-ocean-900 ring-1 ring-ocean-900/10 hover:bg-ocean-100"
                }`}
              >
                {c.label}
              </button>
            );
          })}
        </fieldset>
        <p aria-live="polite" className="mt-6 text-center text-sm text-slate-500" data-testid="gallery-count">
          {`Showing ${shown.length} ${shown.length === 1 ? "image" : "images"}`}
        </p>

        {shown.length === 0 ? (
          <div className="mx-auto mt-8 max-w-md rounded-2xl border border-dashed border-slate-300 bg-sand-50 px-6 py-12 text-center">
            <Images aria-hidden className="mx-auto h-10 w-10 text-reef-600" />
            <p className="mt-4 font-display text-xl font-semibold text-ocean-900">No photos here yet</p>
            <p className="mt-2 text-slate-600">
              We haven't added any {labelFor(category)} photos so far. Check back after our next trip.
            </p>
            <button type="button" className="btn-secondary mt-6" onClick={() => choose("all")}>
              Show all photos
            </button>
          </div>
        ) : (
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
            {shown.map((img, i) => (
              <li key={img.id}>
                <button
                  type="button"
                  ref={(el) => {
                    if (el) thumbs.current.set(img.id, el);
                    else thumbs.current.delete(img.id);
                  }}
                  onClick={() => setOpen(i)}
                  aria-label={`${img.title}: view larger`}
                  data-testid="gallery-thumb"
                  className="group relative block aspect-[4/3] w-full cursor-zoom-in overflow-hidden rounded-2xl bg-ocean-100 shadow-sm"
                >
                  <Img
                    src={img.image_url}
                    alt={img.alt}
                    sizes="(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 768px) 32vw, 48vw"
                    className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
                  />
                  <span className="absolute inset-x-0 bottom-0 hidden bg-gradient-to-t from-ocean-950/85 via-ocean-950/30 to-transparent px-4 pt-10 pb-3 text-left opacity-0 transition-opacity duration-300 group-hover:opacity-100 group-focus-visible:opacity-100 sm:block">
                    <span className="block text-[0.7rem] font-semibold tracking-[0.14em] text-reef-100 uppercase">
                      {labelFor(img.category)}
                    </span>
                    <span className="mt-0.5 block font-display text-base font-semibold text-white">
                      {img.title}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="share-photos" className="bg-sand-50">
        <div className="container-site py-14 sm:py-20">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-8 rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200/80 sm:p-12">
            <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-reef-50 text-reef-600">
              <Camera aria-hidden className="h-7 w-7" />
            </span>
            <div>
              <h2 id="share-photos" className="text-3xl font-semibold">
                Share your photos with us
              </h2>
              <p className="mx-auto mt-3 max-w-xl leading-relaxed text-slate-600">
                Snapped something special on one of our trips? We'd love to see it. Email your favourite shots
                or tag us on social media, and they might end up right here in the gallery.
              </p>
            </div>
            <div className="flex flex-col items-center gap-4 sm:flex-row">
              {site.email && (
                <a
                  href={`mailto:${site.email}?subject=${encodeURIComponent("My adventure photos")}`}
                  className="btn-primary"
                >
                  <Mail aria-hidden className="h-4 w-4" />
                  Email your photos
                </a>
              )}
              <SocialLinks
                site={site}
                networks={["instagram", "facebook", "youtube"]}
                className="flex gap-3"
                linkClassName="inline-flex h-11 w-11 items-center justify-center rounded-full bg-ocean-50 text-ocean-900 ring-1 ring-ocean-900/10 transition-colors hover:bg-ocean-900 hover:text-white"
              />
            </div>
          </div>
        </div>
      </section>

      {open !== null && shown[open] && (
        <Lightbox
          label="Gallery image viewer"
          images={shown.map((i) => ({
            src: i.image_url,
            alt: i.alt,
            title: i.title,
            description: i.description,
          }))}
          index={open}
          onIndexChange={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
