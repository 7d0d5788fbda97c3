import { ImagePlus, UploadCloud } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { useAdminWrite } from "../../../lib/admin-data";
import { UPLOAD_ACCEPT } from "../../../lib/admin-forms";
import { Options } from "../content/options";
import type { UploadAnswer } from "../content/upload";
import { SelectField, TextField } from "../ui";
import { type Banner, FOLDER_CHOICES } from "./labels";

/** Drag-and-drop or browse upload, several files at once, with the real upload progress. */
export function UploadPanel({ maxMb, onBanner }: { maxMb: number | null; onBanner: (b: Banner) => void }) {
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
          <Options choices={FOLDER_CHOICES} />
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
