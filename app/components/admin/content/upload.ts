/**
 * Uploads files to the media library with XMLHttpRequest, whose upload
 * progress events give a real progress bar (fetch has none for request bodies).
 */
import { clearToken, getToken } from "../../../lib/admin-api";
import type { MediaItem } from "./types";

export interface UploadAnswer {
  items: MediaItem[];
  failed: { original_name: string; detail: string }[];
}

export type UploadResult =
  | { ok: true; data: UploadAnswer }
  | { ok: false; status: number; detail: string; network: boolean };

export function uploadMedia(
  files: File[],
  fields: { folder: string; tags: string },
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  const form = new FormData();
  form.append("folder", fields.folder);
  form.append("tags", fields.tags);
  for (const f of files) form.append("files", f, f.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/media/upload");
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status === 401) clearToken();
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, data: body as UploadAnswer });
        return;
      }
      const detail = (body as { detail?: unknown } | null)?.detail;
      resolve({
        ok: false,
        status: xhr.status,
        detail: typeof detail === "string" ? detail : `HTTP ${xhr.status}`,
        network: false,
      });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, detail: "", network: true });
    xhr.onabort = () => resolve({ ok: false, status: 0, detail: "", network: true });
    xhr.send(form);
  });
}

/** Copies text; falls back to a hidden text area where the Clipboard API is unavailable (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the older way.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}
