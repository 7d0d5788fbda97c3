/**
 * Uploads to the media library. An upload is a write like any other: the
 * screen submits it to the media route's action as a fetcher of its own, and
 * React Router re-runs the page's loaders when it is done. The action sends it
 * with XMLHttpRequest, whose upload progress events give a real progress bar
 * (fetch reports no progress for request bodies); every other write of the
 * route goes through the admin action as usual.
 */
import { useCallback } from "react";
import { type ClientActionFunctionArgs, useSubmit } from "react-router";
import { clearToken, getToken } from "../../../lib/admin-api";
import { adminAction } from "../../../lib/admin-data";
import type { MediaItem } from "./types";

export interface UploadAnswer {
  items: MediaItem[];
  failed: { original_name: string; detail: string }[];
}

export type UploadResult =
  | { ok: true; data: UploadAnswer }
  | { ok: false; status: number; detail: string; network: boolean };

/** The form field that marks a submission as an upload and names it. */
const UPLOAD_ID = "__upload_id";

/**
 * Uploads under way, by id: where the action reports progress and leaves its
 * answer. The action runs in this same page, so it hands both over in memory;
 * an entry lives only while its submission does.
 */
const uploads = new Map<string, { onProgress: (fraction: number) => void; result?: UploadResult }>();

/** Sends the upload form with its real progress; the answer as the screen needs it. */
function send(form: FormData, onProgress: (fraction: number) => void): Promise<UploadResult> {
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

/**
 * The media route's clientAction: a submitted upload is sent with its
 * progress; anything else is an admin write.
 */
export async function mediaAction(args: ClientActionFunctionArgs) {
  const type = args.request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await args.request.clone().formData();
    const id = form.get(UPLOAD_ID);
    if (typeof id === "string") {
      form.delete(UPLOAD_ID);
      const entry = uploads.get(id);
      const result = await send(form, (fraction) => entry?.onProgress(fraction));
      if (entry) entry.result = result;
      return result;
    }
  }
  return adminAction(args);
}

/**
 * `upload(files, fields, onProgress)` for a screen of the media route:
 * resolves, after the page's loaders have re-run, with the server's answer.
 */
export function useMediaUpload() {
  const submit = useSubmit();
  return useCallback(
    async (
      files: File[],
      fields: { folder: string; tags: string },
      onProgress: (fraction: number) => void,
    ): Promise<UploadResult> => {
      const id = crypto.randomUUID();
      const form = new FormData();
      form.append("folder", fields.folder);
      form.append("tags", fields.tags);
      for (const f of files) form.append("files", f, f.name);
      form.set(UPLOAD_ID, id);
      const entry: { onProgress: (fraction: number) => void; result?: UploadResult } = { onProgress };
      uploads.set(id, entry);
      try {
        await submit(form, {
          method: "post",
          navigate: false,
          fetcherKey: `media-upload:${id}`,
          encType: "multipart/form-data",
        });
      } finally {
        uploads.delete(id);
      }
      // No answer: the page was left (or the session ended) before the upload finished.
      return entry.result ?? { ok: false, status: 0, detail: "", network: true };
    },
    [submit],
  );
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
