import { useEffect, useRef, useState } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** Our own optimised images ship with 480/960 px siblings: foo.webp, foo-480.webp, foo-960.webp. */
function srcSetFor(src: string): string | undefined {
  const m = /^(\/(?:images|uploads)\/.+?)\.webp$/.exec(src);
  if (!m || /-(480|960)$/.test(m[1])) return undefined;
  return `${m[1]}-480.webp 480w, ${m[1]}-960.webp 960w, ${src} 1600w`;
}

type ImgProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  src: string | null | undefined;
  alt: string;
  /** Above the fold: load eagerly with high priority (the LCP image). */
  priority?: boolean;
};

/**
 * Responsive image that never shows as broken: a failed load (also one that
 * failed before hydration) swaps in the placeholder.
 */
export function Img({ src, alt, priority, sizes = "100vw", ...rest }: ImgProps) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el?.complete && el.naturalWidth === 0 && src) setFailed(true);
  }, [src]);
  useEffect(() => setFailed(!src), [src]);
  const real = failed || !src ? PLACEHOLDER_IMAGE : src;
  return (
    <img
      ref={ref}
      src={real}
      srcSet={failed ? undefined : srcSetFor(real)}
      sizes={failed ? undefined : sizes}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      onError={() => setFailed(true)}
      {...rest}
    />
  );
}
