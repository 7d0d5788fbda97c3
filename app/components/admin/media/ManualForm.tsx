import { Link2 } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useAdminWrite } from "../../../lib/admin-data";
import { check, mediaCreateSchema, splitComma } from "../../../lib/admin-forms";
import { serverDetail } from "../../../lib/form-result";
import { ErrorSummary, focusFirstError } from "../content/bits";
import { Options } from "../content/options";
import type { MediaItem } from "../content/types";
import { Button, SelectField, TextField } from "../ui";
import { type Banner, FILE_TYPE_CHOICES, FOLDER_CHOICES } from "./labels";

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
export function ManualForm({ onBanner }: { onBanner: (b: Banner) => void }) {
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
          <Options choices={FILE_TYPE_CHOICES} />
        </SelectField>
        <SelectField label="Folder" {...field("folder")}>
          <Options choices={FOLDER_CHOICES} />
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
