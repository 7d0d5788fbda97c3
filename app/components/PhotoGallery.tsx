import { Images } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { PublicGalleryImage } from "../../server/domain/content/gallery.server.ts";
import { GALLERY_CATEGORIES } from "../lib/categories";
import { Img } from "./Img";
import { Lightbox, LightboxPopover } from "./Lightbox";

type GalleryImage = Pick<
  PublicGalleryImage,
  "id" | "title" | "description" | "alt" | "image_url" | "category"
>;

/** "All" and then the gallery's categories. */
const CATEGORIES: { value: string; label: string }[] = [
  { value: "all", label: "All" },
  ...GALLERY_CATEGORIES,
];

const LABEL = "Gallery image viewer";

export function categoryLabel(category: string): string {
  return (
    CATEGORIES.find((c) => c.value === category)?.label ??
    category.replace(/[-_]+/g, " ").replace(/\b\w/g, (ch) => ch.toUpperCase())
  );
}

const thumbId = (id: string) => `photo-${id}`;
const viewerId = (id: string) => `photo-${id}-viewer`;

/**
 * /gallery's category filter, count, grid and image viewer. Before the page's
 * scripts run, everything is native: the category buttons submit a GET form
 * (the server renders the list filtered by `?category=`) and each thumbnail
 * opens its image in a popover. With the scripts the filter works in place
 * (the address follows it) and the thumbnails open the modal viewer, with
 * arrow keys, swipe and focus kept inside.
 */
export function PhotoGallery({
  images,
  initialCategory,
}: {
  images: GalleryImage[];
  initialCategory: string;
}) {
  // Categories the operator added beyond the standard ones still get a button.
  const categories = [
    ...CATEGORIES,
    ...[...new Set(images.map((i) => i.category))]
      .filter((c) => !CATEGORIES.some((k) => k.value === c))
      .map((value) => ({ value, label: categoryLabel(value) })),
  ];
  const [category, setCategory] = useState(
    categories.some((c) => c.value === initialCategory) ? initialCategory : "all",
  );
  const [open, setOpen] = useState<number | null>(null);
  const formId = useId();
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
  const chooseFromButton = (e: React.MouseEvent, value: string) => {
    e.preventDefault();
    choose(value);
  };

  // An image opened before the scripts arrived moves into the modal viewer, which has the keys.
  useEffect(() => {
    const native = document.querySelector<HTMLElement>("[data-lightbox-popover]:popover-open");
    if (!native) return;
    native.hidePopover();
    setOpen(Number(native.dataset.lightboxPopover));
  }, []);

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

  const viewerImages = shown.map((i) => ({
    src: i.image_url,
    alt: i.alt,
    title: i.title,
    description: i.description,
  }));

  return (
    <>
      <form id={formId} method="get" action="/gallery">
        <fieldset className="flex flex-wrap justify-center gap-2">
          <legend className="sr-only">Filter photos by category</legend>
          {categories.map((c) => {
            const active = c.value === category;
            return (
              <button
                key={c.value}
                type="submit"
                name="category"
                value={c.value}
                aria-pressed={active}
                onClick={(e) => chooseFromButton(e, c.value)}
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
      </form>
      <p aria-live="polite" className="mt-6 text-center text-sm text-slate-500" data-testid="gallery-count">
        {`Showing ${shown.length} ${shown.length === 1 ? "image" : "images"}`}
      </p>

      {shown.length === 0 ? (
        <div className="mx-auto mt-8 max-w-md rounded-2xl border border-dashed border-slate-300 bg-sand-50 px-6 py-12 text-center">
          <Images aria-hidden className="mx-auto h-10 w-10 text-reef-600" />
          <p className="mt-4 font-display text-xl font-semibold text-ocean-900">No photos here yet</p>
          <p className="mt-2 text-slate-600">
            We haven't added any {categoryLabel(category)} photos so far. Check back after our next trip.
          </p>
          <button
            type="submit"
            form={formId}
            name="category"
            value="all"
            className="btn-secondary mt-6"
            onClick={(e) => chooseFromButton(e, "all")}
          >
            Show all photos
          </button>
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
          {shown.map((img, i) => (
            <li key={img.id}>
              <button
                type="button"
                id={thumbId(img.id)}
                popoverTarget={viewerId(img.id)}
                ref={(el) => {
                  if (el) thumbs.current.set(img.id, el);
                  else thumbs.current.delete(img.id);
                }}
                onClick={(e) => {
                  // The modal viewer instead of the native popover.
                  e.preventDefault();
                  setOpen(i);
                }}
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
                    {categoryLabel(img.category)}
                  </span>
                  <span className="mt-0.5 block font-display text-base font-semibold text-white">
                    {img.title}
                  </span>
                </span>
              </button>
              <LightboxPopover
                id={viewerId(img.id)}
                label={LABEL}
                image={viewerImages[i]}
                index={i}
                count={shown.length}
                previousThumb={thumbId(shown[(i - 1 + shown.length) % shown.length].id)}
                nextThumb={thumbId(shown[(i + 1) % shown.length].id)}
              />
            </li>
          ))}
        </ul>
      )}

      {open !== null && shown[open] && (
        <Lightbox
          label={LABEL}
          images={viewerImages}
          index={open}
          onIndexChange={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
