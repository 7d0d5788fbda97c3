import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { Img } from "./Img";

export interface LightboxImage {
  src: string;
  alt: string;
  title: string;
  description?: string;
}

interface LightboxProps {
  images: LightboxImage[];
  /** The image shown; the parent owns it so it can return focus to the right thumbnail. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The dialog's accessible name. */
  label?: string;
}

const SWIPE_MIN_PX = 50;

/**
 * A modal image viewer: large image, title and description, previous/next
 * (buttons, arrow keys, swipe), closed by its button, the backdrop or Escape.
 * Focus stays inside while open and the page behind does not scroll.
 * Render it only while open (it is client-only: opened by a click).
 */
export function Lightbox({ images, index, onIndexChange, onClose, label = "Image viewer" }: LightboxProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const touchX = useRef<number | null>(null);
  const count = images.length;
  const image = images[index];
  const go = (step: number) => {
    if (count > 1) onIndexChange((index + step + count) % count);
  };

  // The latest handlers, so the key listener is bound once.
  const actions = useRef({ go, onClose });
  actions.current = { go, onClose };

  useEffect(() => {
    closeRef.current?.focus();
    const body = document.body;
    const before = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Keep the page from jumping sideways when the scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.style.overflow = "hidden";
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;

    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        actions.current.onClose();
      } else if (e.key === "ArrowLeft") {
        e.preventDefault();
        actions.current.go(-1);
      } else if (e.key === "ArrowRight") {
        e.preventDefault();
        actions.current.go(1);
      } else if (e.key === "Tab") {
        trapTab(e, dialogRef.current);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      body.style.overflow = before.overflow;
      body.style.paddingRight = before.paddingRight;
    };
  }, []);

  if (!image) return null;

  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      data-testid="lightbox"
      className="fixed inset-0 z-[100] flex flex-col text-white"
    >
      <LightboxFrame
        image={image}
        index={index}
        count={count}
        priority
        backdrop={{ onClick: onClose }}
        close={{ ref: closeRef, onClick: onClose }}
        previous={{ onClick: () => go(-1) }}
        next={{ onClick: () => go(1) }}
        figure={{
          onTouchStart: (e) => {
            touchX.current = e.touches[0]?.clientX ?? null;
          },
          onTouchEnd: (e) => {
            const start = touchX.current;
            const end = e.changedTouches[0]?.clientX;
            touchX.current = null;
            if (start == null || end == null || Math.abs(end - start) < SWIPE_MIN_PX) return;
            go(end < start ? 1 : -1);
          },
        }}
      />
      <p className="sr-only" aria-live="polite">
        {`Image ${index + 1} of ${count}: ${image.title}`}
      </p>
    </div>,
    document.body,
  );
}

/**
 * The same viewer for one image as the page's own HTML, before its scripts
 * arrive: a native popover opened by its thumbnail (`popovertarget`), closed
 * by its button, the backdrop or Escape with no script. Previous and next are
 * labels of the neighbours' thumbnails: a tap clicks that thumbnail, whose
 * popover replaces this one. Once the scripts run, the thumbnails open the
 * modal viewer above instead.
 */
export function LightboxPopover({
  id,
  image,
  index,
  count,
  previousThumb,
  nextThumb,
  label = "Image viewer",
}: {
  id: string;
  image: LightboxImage;
  index: number;
  count: number;
  /** The ids of the thumbnails before and after this one. */
  previousThumb: string;
  nextThumb: string;
  label?: string;
}) {
  const hide = { popoverTarget: id, popoverTargetAction: "hide" as const };
  return (
    <div
      id={id}
      popover="auto"
      role="dialog"
      aria-label={label}
      data-lightbox-popover={index}
      className="inset-0 m-0 h-full max-h-none w-full max-w-none flex-col overflow-hidden border-0 bg-transparent p-0 text-white open:flex"
    >
      <LightboxFrame
        image={image}
        index={index}
        count={count}
        backdrop={hide}
        close={hide}
        previous={{ htmlFor: previousThumb }}
        next={{ htmlFor: nextThumb }}
      />
    </div>
  );
}

type ButtonProps = React.ComponentPropsWithRef<"button">;
/** A button, or (in the popover) a label that clicks another page element. */
type ControlProps = ButtonProps | { htmlFor: string };

function Control({
  props,
  label,
  children,
  ...own
}: { props: ControlProps; label: string } & React.HTMLAttributes<HTMLElement>) {
  if ("htmlFor" in props) {
    // A <label> may not carry aria-label (its text would rename the thumbnail button it points
    // at, which has a name of its own): the words are the label's own, visually hidden.
    return (
      <label htmlFor={props.htmlFor} {...own}>
        <span className="sr-only">{label}</span>
        {children}
      </label>
    );
  }
  return (
    <button type="button" aria-label={label} {...own} {...props}>
      {children}
    </button>
  );
}

/** What both viewers show: the counter, close, the image with its caption, previous and next. */
function LightboxFrame({
  image,
  index,
  count,
  priority,
  backdrop,
  close,
  previous,
  next,
  figure,
}: {
  image: LightboxImage;
  index: number;
  count: number;
  priority?: boolean;
  backdrop: ButtonProps;
  close: ButtonProps;
  previous: ControlProps;
  next: ControlProps;
  figure?: React.HTMLAttributes<HTMLElement>;
}) {
  return (
    <>
      {/* Clicking anywhere outside the image, caption and controls closes the viewer. */}
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="lightbox-backdrop"
        className="absolute inset-0 h-full w-full cursor-zoom-out bg-ocean-950/95 backdrop-blur-sm"
        {...backdrop}
      />

      <div className="pointer-events-none relative flex items-center justify-between px-4 py-3 sm:px-6 sm:py-4">
        <p className="text-sm font-medium text-ocean-100 tabular-nums">
          {index + 1} / {count}
        </p>
        <button
          type="button"
          aria-label="Close image viewer"
          className="pointer-events-auto inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
          {...close}
        >
          <X aria-hidden className="h-6 w-6" />
        </button>
      </div>

      <div className="pointer-events-none relative flex min-h-0 flex-1 items-center justify-center px-2 pb-10 sm:px-20">
        {count > 1 && (
          <Control
            props={previous}
            label="Previous image"
            className="pointer-events-auto absolute left-2 z-10 inline-flex h-11 w-11 items-center justify-center rounded-full bg-ocean-950/60 text-white ring-1 ring-white/20 transition-colors hover:bg-white/20 sm:left-4 sm:h-12 sm:w-12"
          >
            <ChevronLeft aria-hidden className="h-6 w-6" />
          </Control>
        )}
        <figure className="flex max-h-full w-full max-w-6xl flex-col items-center" {...figure}>
          <Img
            key={image.src}
            src={image.src}
            alt={image.alt}
            priority={priority}
            sizes="(min-width: 1280px) 1152px, 100vw"
            className="pointer-events-auto max-h-[58vh] w-auto max-w-full rounded-xl object-contain shadow-2xl sm:max-h-[66vh]"
          />
          <figcaption className="pointer-events-auto mx-auto mt-5 max-w-2xl px-3 text-center sm:mt-6">
            <h2 className="text-xl font-semibold text-white sm:text-2xl">{image.title}</h2>
            {image.description && (
              <p className="mt-2 text-sm leading-relaxed text-ocean-100 sm:text-base">{image.description}</p>
            )}
          </figcaption>
        </figure>
        {count > 1 && (
          <Control
            props={next}
            label="Next image"
            className="pointer-events-auto absolute right-2 z-10 inline-flex h-11 w-11 items-center justify-center rounded-full bg-ocean-950/60 text-white ring-1 ring-white/20 transition-colors hover:bg-white/20 sm:right-4 sm:h-12 sm:w-12"
          >
            <ChevronRight aria-hidden className="h-6 w-6" />
          </Control>
        )}
      </div>
    </>
  );
}

/** Keeps Tab and Shift+Tab cycling through the dialog's own controls. */
function trapTab(e: KeyboardEvent, root: HTMLElement | null) {
  if (!root) return;
  const focusable = [...root.querySelectorAll<HTMLElement>("button, [href], [tabindex]")].filter(
    (el) => el.tabIndex >= 0 && !el.hasAttribute("disabled"),
  );
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (!root.contains(active)) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && active === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}
