import { useEffect, useRef, useState } from "react";
import { IMAGE_FULL_WIDTH, IMAGE_VARIANT_WIDTHS, variantPath } from "../lib/image-variants";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

const VARIANT_NAME = new RegExp(`-(${IMAGE_VARIANT_WIDTHS.join("|")})\\.webp$`);

/** Our own optimised images ship with narrower copies (lib/image-variants.ts): foo-480.webp … beside foo.webp. */
function srcSetFor(src: string): string | undefined {
  if (!/^\/(?:images|uploads)\/.+\.webp$/.test(src) || VARIANT_NAME.test(src)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${variantPath(src, w)} ${w}w`)
    .concat(`${src} ${IMAGE_FULL_WIDTH}w`)
    .join(", ");
}

/** What is shown: the responsive set, then the plain file, then the placeholder. */
type Stage = "srcset" | "plain" | "placeholder";
const firstStage = (src: string | null | undefined): Stage =>
  !src ? "placeholder" : srcSetFor(src) ? "srcset" : "plain";
const nextStage = (s: Stage): Stage => (s === "srcset" ? "plain" : "placeholder");

type ImgProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  src: string | null | undefined;
  alt: string;
  /** Above the fold: load eagerly with high priority (the LCP image). */
  priority?: boolean;
};

/**
 * Responsive image that never shows as broken. A missing size variant falls
 * back to the original file, and a missing file to the placeholder, also when
 * the load failed before hydration (React never sees that error event).
 */
export function Img({ src, alt, priority, sizes = "100vw", onError, ...rest }: ImgProps) {
  const [stage, setStage] = useState<Stage>(() => firstStage(src));
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    setStage(firstStage(src));
    const el = ref.current;
    if (src && el?.complete && el.naturalWidth === 0 && el.currentSrc) setStage(nextStage);
  }, [src]);

  const shown = stage === "placeholder" || !src ? PLACEHOLDER_IMAGE : src;
  const srcSet = stage === "srcset" && src ? srcSetFor(src) : undefined;
  return (
    <img
      ref={ref}
      src={shown}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      // Marks an image that was meant to show but failed to load (an adventure without a picture
      // shows the placeholder by design and is not marked).
      data-image-failed={src && stage === "placeholder" ? "" : undefined}
      onError={(e) => {
        setStage(nextStage);
        onError?.(e);
      }}
      {...rest}
    />
  );
}
