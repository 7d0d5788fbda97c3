import { Check, ImageOff, Images, RefreshCw, X } from "lucide-react";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { dataOr } from "../../../lib/admin-data";
import type { clientLoader as mediaLoader } from "../../../routes/admin/media";
import { Img } from "../../Img";
import { describedBy, FieldMessage } from "./bits";
import type { MediaItem } from "./types";

/**
 * The pickers of a screen share one fetcher (the website editor has many
 * image fields): it holds the media library as the media route's loader
 * gives it, so a picker reads the same data path as the library itself.
 */
const PICKER_KEY = "media-picker";

/** The media library's list, loaded by the pickers' shared fetcher. */
function usePickerFetcher() {
  return useFetcher<typeof mediaLoader>({ key: PICKER_KEY });
}

/**
 * A grid of the media library's images that scrolls at a fixed maximum
 * height; picking one hands back its URL. It shows what the shared fetcher
 * holds: opening an ImageField's picker loads it, Refresh loads it again.
 */
export function MediaPicker({
  selected,
  onPick,
  onClose,
}: {
  selected?: string;
  onPick: (url: string, item: MediaItem) => void;
  onClose?: () => void;
}) {
  const library = usePickerFetcher();
  const loaded = library.data?.media;
  const failed = loaded !== undefined && !loaded.ok;
  const images = loaded === undefined ? null : dataOr(loaded, []).filter((m) => m.file_type === "image");

  return (
    <div className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-3" data-testid="media-picker">
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">Media library images</p>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => library.load("/admin/media")}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-white hover:text-slate-800"
            aria-label="Refresh the media library"
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
          </button>
          {onClose ? (
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg p-1.5 text-slate-500 hover:bg-white hover:text-slate-800"
              aria-label="Close the media library"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          ) : null}
        </div>
      </div>
      {images === null ? (
        <p className="py-6 text-center text-sm text-slate-500">Loading images…</p>
      ) : failed ? (
        <p className="py-6 text-center text-sm text-coral-700">Failed to load media files</p>
      ) : images.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">
          No images yet.{" "}
          <Link to="/admin/media" className="font-medium text-reef-700 underline">
            Upload some in the media library
          </Link>
          .
        </p>
      ) : (
        <ul
          className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-4 lg:grid-cols-5"
          aria-label="Images to choose from"
        >
          {images.map((m) => {
            const isSelected = selected === m.url;
            const name = m.original_name || m.filename;
            return (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => onPick(m.url, m)}
                  aria-pressed={isSelected}
                  aria-label={`Use ${name}`}
                  title={name}
                  className={`group relative block aspect-square w-full overflow-hidden rounded-lg border-2 bg-white focus-visible:ring-2 focus-visible:ring-reef-500 focus-visible:outline-none ${
                    isSelected ? "border-reef-600" : "border-transparent hover:border-slate-300"
                  }`}
                >
                  <Img src={m.url} alt="" sizes="120px" className="h-full w-full object-cover" />
                  {isSelected ? (
                    <span className="absolute top-1 right-1 rounded-full bg-reef-600 p-0.5 text-white">
                      <Check aria-hidden="true" className="h-3.5 w-3.5" />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** An own-site absolute URL becomes a path, so it keeps working on another domain and gets responsive sizes. */
export function sitePath(value: string): string {
  if (typeof window === "undefined") return value;
  const origin = window.location.origin;
  return value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
}

/**
 * An image field: a URL input, a preview and a picker
 * of the media library's images.
 */
export function ImageField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  required,
  previewAlt,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: React.ReactNode;
  required?: boolean;
  previewAlt?: string;
}) {
  const id = useId();
  const pickerId = useId();
  const [open, setOpen] = useState(false);
  const library = usePickerFetcher();
  // Opening loads the library afresh (the media route's loader), so files added since are offered.
  const toggle = () => {
    if (!open) void library.load("/admin/media");
    setOpen(!open);
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span className="text-coral-600" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="relative aspect-[4/3] w-full shrink-0 overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:w-40">
          {value ? (
            <Img
              src={value}
              alt={previewAlt ?? `Preview of ${label.toLowerCase()}`}
              sizes="160px"
              className="h-full w-full object-cover"
            />
          ) : (
            <span className="flex h-full w-full flex-col items-center justify-center gap-1 text-xs text-slate-600">
              <ImageOff aria-hidden="true" className="h-6 w-6" />
              No image
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <input
            {...describedBy(id, error, hint)}
            name={name}
            type="url"
            inputMode="url"
            className="field"
            value={value}
            placeholder="https://… or /uploads/photo.webp"
            onChange={(e) => onChange(e.target.value)}
            onBlur={(e) => {
              const path = sitePath(e.target.value.trim());
              if (path !== e.target.value) onChange(path);
            }}
          />
          <FieldMessage id={id} error={error} hint={hint} />
          <button
            type="button"
            onClick={toggle}
            aria-expanded={open}
            aria-controls={pickerId}
            className="mt-2 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-reef-700 hover:bg-reef-50"
          >
            <Images aria-hidden="true" className="h-4 w-4" />
            {open ? "Hide media library" : "Choose from media library"}
          </button>
        </div>
      </div>
      <div id={pickerId}>
        {open ? (
          <MediaPicker
            selected={value}
            onPick={(url) => {
              onChange(url);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </div>
    </div>
  );
}
