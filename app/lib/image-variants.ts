/**
 * The narrower copies every optimised image (our seed photos under /images,
 * uploads under /uploads, all WebP) has beside its full-size file: name.webp
 * and name-480.webp, name-768.webp, name-960.webp. The public <Img> offers
 * them in its srcset, the upload store writes them, the seed artwork script
 * renders them. 768 is a phone's full-width picture (412 CSS px at 1.75 device
 * pixels per px needs 721): small enough for one round trip of a slow
 * connection's first window, where the 960 copy of a hero needed two.
 */
/** Narrowest first, as a srcset lists them. */
export const IMAGE_VARIANT_WIDTHS = [480, 768, 960] as const;

/** The width the full-size file is made at most (the srcset's largest entry). */
export const IMAGE_FULL_WIDTH = 1600;

/** `/images/a.webp` → `/images/a-768.webp`. */
export const variantPath = (fullSize: string, width: number) => fullSize.replace(/\.webp$/, `-${width}.webp`);
