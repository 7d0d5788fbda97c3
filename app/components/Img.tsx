import { useEffect, useRef, useState } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** Our own optimised images ship with 480/960 px siblings: foo.webp, foo-480.webp, foo-960.webp. */
function srcSetFor(src: string): string | undefined {
  const m = /^(\/(?:images|uploads)\/.+?)\.webp$/.exec(src);
  if (!m || /-(480|960)$/.test(m[1])) return undefined;
  return `${m[1]}-480.webp 480w, ${m[1]}-960.webp 960w, ${src} 1600w`;
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
      onError={(e) => {
        setStage(nextStage);
        onError?.(e);
      }}
      {...rest}
    />
  );
}
