import { Check, Copy, FileText, Film, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { formatKB } from "../../../lib/admin-forms";
import { Img } from "../../Img";
import { TagChips } from "../content/bits";
import type { MediaItem } from "../content/types";
import { copyText } from "../content/upload";
import { Badge, Button } from "../ui";
import { folderLabel, TYPE_TONES } from "./labels";

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

/** One file of the library: its preview, type, folder, size and tags, with Copy URL and Delete. */
export function MediaCard({ item: m, onDelete }: { item: MediaItem; onDelete: () => void }) {
  const name = m.original_name || m.filename;
  return (
    <li
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
          <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${name}`}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      </div>
    </li>
  );
}
