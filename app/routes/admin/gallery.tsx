import { Images, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import {
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
import { ImageField } from "../../components/admin/content/MediaPicker";
import { ListAlerts, useFormFields, ViewOnSite } from "../../components/admin/content/screen";
import type { GalleryImage } from "../../components/admin/content/types";
import { Img } from "../../components/Img";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { check } from "../../lib/admin-forms/check";
import { galleryImageSchema } from "../../lib/admin-forms/gallery";
import { splitComma } from "../../lib/admin-forms/text";
import { GALLERY_CATEGORIES } from "../../lib/categories";
import type { Route } from "./+types/gallery";

const blank = { title: "", category: "", image_url: "", tags: "", alt: "" };
const categoryLabel = (v: string) => GALLERY_CATEGORIES.find((c) => c.value === v)?.label ?? v;

export async function clientLoader() {
  return { images: await adminGet<GalleryImage[]>("/api/admin/gallery") };
}
export const clientAction = adminAction;

/** Gallery manager: add and delete the photos of /gallery. */
export default function AdminGallery({ loaderData }: Route.ComponentProps) {
  const images = dataOr(loaderData.images, []);
  const loadError = failureText(loaderData.images, "Failed to fetch gallery images");
  const write = useAdminWrite();
  const { form, setForm, errors, setErrors, set, field } = useFormFields(blank);
  const [adding, setAdding] = useState(false);
  const { flash, show, clear } = useFlash();
  const { confirm, dialog } = useConfirm();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const payload = {
      title: form.title,
      category: form.category,
      image_url: form.image_url,
      tags: splitComma(form.tags),
      alt: form.alt,
    };
    const result = check(galleryImageSchema, payload);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(formRef.current, result.errors);
      return;
    }
    setAdding(true);
    const res = await write<GalleryImage>("POST", "/api/admin/gallery", payload);
    setAdding(false);
    if (!res.ok) {
      setErrors(res.errors);
      show("error", failureText(res, "Failed to add gallery image"));
      return;
    }
    setForm(blank);
    setErrors({});
    show("success", `"${res.data.title}" added to the gallery.`);
  };

  const remove = async (g: GalleryImage) => {
    const ok = await confirm({
      title: "Delete this photo?",
      message: `"${g.title}" will be removed from the gallery on the website.`,
      confirmLabel: "Delete",
    });
    if (!ok) return;
    const res = await write("DELETE", `/api/admin/gallery/${encodeURIComponent(g.id)}`);
    if (!res.ok) {
      show("error", failureText(res, "Failed to delete image"));
      return;
    }
    show("success", `"${g.title}" deleted.`);
  };

  return (
    <>
      <PageHeader
        title="Gallery"
        description="The photos of the public gallery, newest first."
        actions={<ViewOnSite href="/gallery">View gallery</ViewOnSite>}
      />
      {dialog}
      <div className="space-y-5">
        <ListAlerts error={loadError} flash={flash} onDismiss={clear} />

        <Card title="Add a photo">
          <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Add a photo">
            <ErrorSummary errors={errors} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Title" required {...field("title")} />
              <SelectField label="Category" required {...field("category")}>
                <option value="">Choose a category</option>
                {GALLERY_CATEGORIES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </SelectField>
            </div>
            <ImageField
              label="Image URL"
              name="image_url"
              required
              value={form.image_url}
              onChange={(v) => set("image_url", v)}
              error={errors.image_url}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Tags"
                {...field("tags")}
                hint="Comma-separated, e.g. reef, Manly, sea dragon"
              />
              <TextField
                label="Alt text"
                {...field("alt")}
                hint="Describe the photo; the title is used when empty"
              />
            </div>
            <div className="flex justify-end">
              <Button type="submit" variant="primary" busy={adding}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                Add to gallery
              </Button>
            </div>
          </form>
        </Card>

        <Card title={`Photos (${images.length})`} bodyClassName="p-3 sm:p-5">
          {images.length === 0 ? (
            <EmptyState icon={<Images className="h-6 w-6" />} title="No photos yet">
              Add the first photo above; it shows on the public gallery straight away.
            </EmptyState>
          ) : (
            <ul
              className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4"
              aria-label="Gallery photos"
            >
              {images.map((g) => (
                <li
                  key={g.id}
                  className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
                  data-testid="gallery-card"
                >
                  <div className="aspect-[4/3] bg-slate-100">
                    <Img
                      src={g.image_url}
                      alt={g.alt || g.title}
                      sizes="(min-width: 1280px) 20vw, (min-width: 768px) 30vw, 50vw"
                      className="h-full w-full object-cover"
                    />
                  </div>
                  <div className="flex flex-1 flex-col p-3">
                    <p className="line-clamp-2 text-sm font-semibold text-ocean-900">{g.title}</p>
                    <p className="mt-0.5 text-xs text-slate-500">{categoryLabel(g.category)}</p>
                    <TagChips tags={g.tags} className="mt-2" />
                    <div className="mt-auto pt-3">
                      <Button
                        size="sm"
                        variant="danger"
                        className="w-full"
                        onClick={() => remove(g)}
                        aria-label={`Delete ${g.title}`}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                        Delete
                      </Button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
