import { Check, Copy, FileText, Film, ImagePlus, Link2, Plus, Trash2, UploadCloud, X } from "lucide-react";
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  Alert,
  type AlertTone,
  Badge,
  Button,
  Card,
  EmptyState,
  PageHeader,
  SelectField,
  TextField,
  useConfirm,
  useFlash,
} from "../../components/admin";
import { ErrorSummary, focusFirstError, TagChips } from "../../components/admin/content/bits";
import type { MediaItem } from "../../components/admin/content/types";
import { copyText, type UploadAnswer } from "../../components/admin/content/upload";
import { Img } from "../../components/Img";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import {
  check,
  formatKB,
  MEDIA_FILE_TYPES,
  MEDIA_FOLDERS,
  mediaCreateSchema,
  splitComma,
  UPLOAD_ACCEPT,
} from "../../lib/admin-forms";
import { serverDetail } from "../../lib/form-result";
import type { Route } from "./+types/media";

const FILTERS = [
  { value: "all", label: "All Files" },
  { value: "image", label: "Images" },
  { value: "video", label: "Videos" },
  { value: "document", label: "Documents" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];

const folderLabel = (f: string) => f[0].toUpperCase() + f.slice(1);
const TYPE_TONES = { image: "teal", video: "blue", document: "amber" } as const;

interface Banner {
  tone: "success" | "error";
  title?: string;
  text: string;
  lines?: string[];
}

/**
 * The screen's notice: the first line as its text, any further lines (the
 * files an upload could not add) as a list below it.
 */
function Notice({
  flash,
  onDismiss,
}: {
  flash: { tone: AlertTone; text: string; title?: string } | null;
  onDismiss: () => void;
}) {
  if (!flash) return null;
  const [text, ...lines] = flash.text.split("\n");
  return (
    <Alert tone={flash.tone} title={flash.title} onDismiss={onDismiss}>
      {text}
      {lines.length ? (
        <ul className="mt-1 list-disc pl-4">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

/** Drag-and-drop or browse upload, several files at once, with the real upload progress. */
function UploadPanel({ maxMb, onBanner }: { maxMb: number | null; onBanner: (b: Banner) => void }) {
  const write = useAdminWrite();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [folder, setFolder] = useState<string>("uploads");
  const [tags, setTags] = useState("");
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [names, setNames] = useState<string[]>([]);

  const start = async (list: FileList | File[]) => {
    const files = [...list];
    if (files.length === 0 || progress !== null) return;
    const tooBig = maxMb ? files.filter((f) => f.size > maxMb * 1024 * 1024) : [];
    if (tooBig.length > 0) {
      onBanner({
        tone: "error",
        title: "Failed to upload media file",
        text: tooBig
          .map(
            (f) => `"${f.name}" is larger than the ${maxMb} MB upload limit. Please choose a smaller file.`,
          )
          .join(" "),
      });
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    setNames(files.map((f) => f.name));
    setProgress(0);
    const form = new FormData();
    form.append("folder", folder);
    form.append("tags", tags);
    for (const f of files) form.append("files", f, f.name);
    const res = await write<UploadAnswer>("POST", "/api/admin/media/upload", form, {
      onProgress: (p) => setProgress(Math.min(100, Math.round(p * 100))),
    });
    if (res.ok) {
      setProgress(100);
      const { items, failed } = res.data;
      onBanner({
        tone: failed.length ? "error" : "success",
        title: failed.length ? "Some files were not added" : undefined,
        text: `${items.length} ${items.length === 1 ? "file" : "files"} added to the media library.`,
        lines: failed.map((f) => `Failed to add to media library: ${f.original_name}. ${f.detail}`),
      });
      // The full bar stays a moment so the finish is seen, then the panel is ready again.
      setTimeout(() => {
        setProgress(null);
        setNames([]);
      }, 800);
    } else {
      setProgress(null);
      setNames([]);
      if (res.network) onBanner({ tone: "error", text: "Upload failed. Please try again." });
      else onBanner({ tone: "error", title: "Failed to upload media file", text: res.detail });
    }
    if (inputRef.current) inputRef.current.value = "";
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) start(e.dataTransfer.files);
  };

  const busy = progress !== null;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Folder"
          value={folder}
          onChange={(e) => setFolder(e.target.value)}
          name="upload_folder"
        >
          {MEDIA_FOLDERS.map((f) => (
            <option key={f} value={f}>
              {folderLabel(f)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Tags"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          hint="Comma-separated, given to every file of this upload"
          name="upload_tags"
        />
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the Browse button inside is the keyboard way */}
      <div
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="dropzone"
        className={`flex flex-col items-center justify-center rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors ${
          dragging ? "border-reef-500 bg-reef-50" : "border-slate-300 bg-slate-50"
        }`}
      >
        <UploadCloud aria-hidden="true" className="h-9 w-9 text-reef-600" />
        <p className="mt-2 font-medium text-ocean-900">Drag and drop files here</p>
        <p className="text-sm text-slate-500">
          Images, videos, PDF and Word documents{maxMb ? `, up to ${maxMb} MB each` : ""}
        </p>
        <label
          htmlFor={inputId}
          className={`mt-4 cursor-pointer ${busy ? "pointer-events-none opacity-50" : ""}`}
        >
          <span className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-ocean-900 hover:bg-slate-50">
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            Browse files
          </span>
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          disabled={busy}
          onChange={(e) => e.target.files && start(e.target.files)}
          data-testid="upload-input"
        />
      </div>
      {busy ? (
        <div className="space-y-1.5" aria-live="polite">
          <div className="flex justify-between text-sm">
            <span className="truncate text-slate-700">
              Uploading {names.length} {names.length === 1 ? "file" : "files"}…
            </span>
            <span className="font-medium text-ocean-900">{progress}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress ?? 0}
            className="h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-reef-600 transition-[width] duration-150"
              style={{ width: `${progress}%` }}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

const blankManual = {
  url: "",
  filename: "",
  original_name: "",
  file_type: "image",
  mime_type: "",
  file_size: "",
  alt_text: "",
  caption: "",
  tags: "",
  folder: "uploads",
};

/** The manual form: a file that lives elsewhere, registered by its URL. */
function ManualForm({ onBanner }: { onBanner: (b: Banner) => void }) {
  const write = useAdminWrite();
  const [form, setForm] = useState(blankManual);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const field = (key: keyof typeof blankManual) => ({
    name: key,
    value: form[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
    },
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const payload = {
      ...form,
      file_size: form.file_size.trim() === "" ? 0 : Number(form.file_size),
      tags: splitComma(form.tags),
    };
    const result = check(mediaCreateSchema, payload);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(ref.current, result.errors);
      return;
    }
    setSaving(true);
    const res = await write<MediaItem>("POST", "/api/admin/media", result.data);
    setSaving(false);
    if (!res.ok) {
      setErrors(res.errors);
      onBanner({ tone: "error", title: "Failed to add to media library", text: serverDetail(res) });
      return;
    }
    setForm(blankManual);
    onBanner({ tone: "success", text: `"${res.data.filename}" added to the media library.` });
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-4" aria-label="Add by URL">
      <ErrorSummary errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="File URL"
          required
          type="url"
          inputMode="url"
          placeholder="https://…"
          {...field("url")}
        />
        <TextField label="Filename" required {...field("filename")} />
        <SelectField label="File type" {...field("file_type")}>
          {MEDIA_FILE_TYPES.map((t) => (
            <option key={t} value={t}>
              {folderLabel(t)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Folder" {...field("folder")}>
          {MEDIA_FOLDERS.map((f) => (
            <option key={f} value={f}>
              {folderLabel(f)}
            </option>
          ))}
        </SelectField>
        <TextField label="Original name" {...field("original_name")} />
        <TextField label="MIME type" {...field("mime_type")} placeholder="e.g. image/jpeg" />
        <TextField
          label="File size (bytes)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...field("file_size")}
        />
        <TextField label="Tags" {...field("tags")} hint="Comma-separated" />
        <TextField label="Alt text" {...field("alt_text")} />
        <TextField label="Caption" {...field("caption")} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" busy={saving}>
          <Link2 aria-hidden="true" className="h-4 w-4" />
          Add by URL
        </Button>
      </div>
    </form>
  );
}

function CopyButton({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Button
      size="sm"
      variant={copied ? "teal" : "secondary"}
      className="flex-1"
      onClick={async () => setCopied(await copyText(new URL(url, window.location.origin).href))}
    >
      {copied ? (
        <Check aria-hidden="true" className="h-4 w-4" />
      ) : (
        <Copy aria-hidden="true" className="h-4 w-4" />
      )}
      <span aria-live="polite">{copied ? "Copied" : "Copy URL"}</span>
    </Button>
  );
}

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
        <Notice flash={flash} onDismiss={clear} />

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
            {shown.map((m) => {
              const name = m.original_name || m.filename;
              return (
                <li
                  key={m.id}
                  className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
                  data-testid="media-card"
                >
                  <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
                    {m.file_type === "image" ? (
                      <Img
                        src={m.url}
                        alt={m.alt_text || name}
                        sizes="(min-width: 1280px) 22vw, (min-width: 480px) 45vw, 100vw"
                        className="h-full w-full object-cover"
                      />
                    ) : m.file_type === "video" ? (
                      <Film aria-hidden="true" className="h-10 w-10 text-ocean-400" />
                    ) : (
                      <FileText aria-hidden="true" className="h-10 w-10 text-amber-500" />
                    )}
                  </div>
                  <div className="flex flex-1 flex-col p-3.5">
                    <p className="truncate text-sm font-semibold text-ocean-900" title={name}>
                      {name}
                    </p>
                    <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
                      <Badge tone={TYPE_TONES[m.file_type] ?? "slate"}>{folderLabel(m.file_type)}</Badge>
                      <span>{folderLabel(m.folder)}</span>
                      <span aria-hidden="true">·</span>
                      <span>{formatKB(m.file_size)}</span>
                      {m.dimensions ? (
                        <>
                          <span aria-hidden="true">·</span>
                          <span>
                            {m.dimensions.width}×{m.dimensions.height}
                          </span>
                        </>
                      ) : null}
                    </div>
                    <TagChips tags={m.tags} className="mt-2" />
                    <div className="mt-auto flex gap-2 pt-3">
                      <CopyButton url={m.url} />
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => remove(m)}
                        aria-label={`Delete ${name}`}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
