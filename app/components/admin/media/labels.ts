/** The media library's filters, labels and notices: plain values shared by its pieces. */
import { MEDIA_FILE_TYPES, MEDIA_FOLDERS } from "../../../lib/admin-forms";

export const FILTERS = [
  { value: "all", label: "All Files" },
  { value: "image", label: "Images" },
  { value: "video", label: "Videos" },
  { value: "document", label: "Documents" },
] as const;
export type Filter = (typeof FILTERS)[number]["value"];

/** A folder or file type as shown: its name capitalised. */
export const folderLabel = (f: string) => f[0].toUpperCase() + f.slice(1);
export const TYPE_TONES = { image: "teal", video: "blue", document: "amber" } as const;

/** A notice for the screen; `lines` (the files an upload could not add) are listed below the text. */
export interface Banner {
  tone: "success" | "error";
  title?: string;
  text: string;
  lines?: string[];
}

export const FOLDER_CHOICES = MEDIA_FOLDERS.map((f) => ({ value: f, label: folderLabel(f) }));
export const FILE_TYPE_CHOICES = MEDIA_FILE_TYPES.map((t) => ({ value: t, label: folderLabel(t) }));
