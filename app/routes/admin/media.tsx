import { ImagePlus, Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Alert, Button, Card, EmptyState, PageHeader, useConfirm, useFlash } from "../../components/admin";
import type { MediaItem } from "../../components/admin/content/types";
import { type Banner, FILTERS, type Filter } from "../../components/admin/media/labels";
import { ManualForm } from "../../components/admin/media/ManualForm";
import { MediaCard } from "../../components/admin/media/MediaCard";
import { MediaNotice } from "../../components/admin/media/MediaNotice";
import { UploadPanel } from "../../components/admin/media/UploadPanel";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { serverDetail } from "../../lib/form-result";
import type { Route } from "./+types/media";

/**
 * The library and the upload limit. The image pickers of the editors load
 * this same loader through a fetcher (they read `media`).
 */
export async function clientLoader() {
  const [media, config] = await Promise.all([
    adminGet<MediaItem[]>("/api/admin/media"),
    adminGet<{ upload_max_mb: number }>("/api/admin/media/config"),
  ]);
  return { media, config };
}
export const clientAction = adminAction;

/** Media library. */
export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  const items = dataOr(loaderData.media, []);
  const loadError = failureText(
    loaderData.media,
    "Failed to fetch media files",
    () => "Failed to load media files",
  );
  // Without the limit the panel still uploads; the server enforces the limit either way.
  const maxMb = loaderData.config.ok ? loaderData.config.data.upload_max_mb : null;
  const write = useAdminWrite();
  const [filter, setFilter] = useState<Filter>("all");
  const [adding, setAdding] = useState(false);
  const [mode, setMode] = useState<"upload" | "url">("upload");
  const { flash, show, clear } = useFlash();
  const banner = (b: Banner) => show(b.tone, [b.text, ...(b.lines ?? [])].join("\n"), b.title);
  const { confirm, dialog } = useConfirm();
  const panelId = useId();

  const shown = filter === "all" ? items : items.filter((m) => m.file_type === filter);
  const countOf = (f: Filter) => (f === "all" ? items.length : items.filter((m) => m.file_type === f).length);

  const remove = async (m: MediaItem) => {
    const ok = await confirm({
      title: "Delete this file?",
      message: `"${m.original_name || m.filename}" will be removed from the media library${m.url.startsWith("/uploads/") ? " and from the server" : ""}. Pages still using it will show a placeholder.`,
      confirmLabel: "Delete",
    });
    if (!ok) return;
    const res = await write("DELETE", `/api/admin/media/${encodeURIComponent(m.id)}`);
    if (!res.ok) {
      show("error", serverDetail(res) || "Failed to delete the file");
      return;
    }
    show("success", `"${m.original_name || m.filename}" deleted.`);
  };

  return (
    <>
      <PageHeader
        title="Media Library"
        description="Photos, videos and documents for the website. Copy a file's URL, or pick images straight from the editors."
        actions={
          <Button
            variant={adding ? "secondary" : "primary"}
            onClick={() => setAdding((a) => !a)}
            aria-expanded={adding}
            aria-controls={panelId}
          >
            {adding ? (
              <X aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Plus aria-hidden="true" className="h-4 w-4" />
            )}
            Add Media
          </Button>
        }
      />
      {dialog}
      <div className="space-y-5">
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        <MediaNotice flash={flash} onDismiss={clear} />

        <div id={panelId} hidden={!adding}>
          <Card
            title="Add Media"
            actions={
              <fieldset className="flex rounded-xl bg-slate-100 p-1 text-sm">
                <legend className="sr-only">How to add</legend>
                {(["upload", "url"] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    aria-pressed={mode === m}
                    onClick={() => setMode(m)}
                    className={`rounded-lg px-3 py-1.5 font-medium ${mode === m ? "bg-white text-ocean-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
                  >
                    {m === "upload" ? "Upload files" : "Add by URL"}
                  </button>
                ))}
              </fieldset>
            }
          >
            {mode === "upload" ? (
              <UploadPanel maxMb={maxMb} onBanner={banner} />
            ) : (
              <ManualForm onBanner={banner} />
            )}
          </Card>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <fieldset className="grid min-w-0 grid-cols-2 gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200 sm:flex">
            <legend className="sr-only">Show</legend>
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
                className={`shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap ${
                  filter === f.value ? "bg-ocean-900 text-white" : "text-slate-600 hover:bg-slate-100"
                }`}
              >
                {f.label}{" "}
                <span className={filter === f.value ? "text-ocean-200" : "text-slate-500"}>
                  {countOf(f.value)}
                </span>
              </button>
            ))}
          </fieldset>
          <p className="text-sm text-slate-500" data-testid="media-count">
            {shown.length} {shown.length === 1 ? "file" : "files"}
          </p>
        </div>

        {shown.length === 0 ? (
          <Card>
            <EmptyState
              icon={<ImagePlus className="h-6 w-6" />}
              title="No media files found. Add your first media file above."
            />
          </Card>
        ) : (
          <ul
            className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
            aria-label="Media files"
          >
            {shown.map((m) => (
              <MediaCard key={m.id} item={m} onDelete={() => remove(m)} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
