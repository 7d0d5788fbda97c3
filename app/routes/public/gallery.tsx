import { Camera, Mail } from "lucide-react";
import { useSearchParams } from "react-router";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { listGalleryImages } from "../../../server/domain/content/gallery.server";
import { Img } from "../../components/Img";
import { PhotoGallery } from "../../components/PhotoGallery";
import { SocialLinks } from "../../components/SocialLinks";
import { getApp } from "../../lib/context";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/gallery";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [images, content] = await Promise.all([listGalleryImages(db), loadSiteContent(db)]);
  return { images, page: content.gallery ?? {} };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo({
    title: `Photo Gallery | ${siteName(matches[0].loaderData.content)}`,
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
        <PhotoGallery images={images} initialCategory={searchParams.get("category") ?? "all"} />
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
    </>
  );
}
