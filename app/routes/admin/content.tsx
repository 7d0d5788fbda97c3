import { FileText, Plus } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  Card,
  CheckboxField,
  EmptyState,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
  useConfirm,
  useFlash,
} from "../../components/admin";
import { ErrorSummary, focusFirstError } from "../../components/admin/content/bits";
import { EditDeleteButtons, ListAlerts, useFormFields } from "../../components/admin/content/screen";
import type { ContentSection } from "../../components/admin/content/types";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { check } from "../../lib/admin-forms/check";
import {
  CONTENT_PAGES,
  CONTENT_TYPES,
  type ContentPage,
  contentCreateSchema,
  contentTypeError,
  contentUpdateSchema,
  isContentPage,
} from "../../lib/admin-forms/content";
import type { Route } from "./+types/content";

interface SectionForm {
  section: string;
  type: string;
  title: string;
  content: string;
  description: string;
  is_active: boolean;
}
const blank = (): SectionForm => ({
  section: "",
  type: "text",
  title: "",
  content: "",
  description: "",
  is_active: true,
});

const TYPE_TONES: Partial<Record<string, BadgeTone>> = { text: "slate", html: "teal", json: "blue" };

function SectionEditor({
  page,
  existing,
  onDone,
  onCancel,
}: {
  page: ContentPage;
  existing: ContentSection | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { form, setForm, errors, setErrors, field } = useFormFields<SectionForm>(() =>
    existing
      ? {
          section: existing.section,
          type: existing.type,
          title: existing.title,
          content: existing.content,
          description: existing.description,
          is_active: existing.is_active,
        }
      : blank(),
  );
  const write = useAdminWrite();
  const [banner, setBanner] = useState("");
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
    ref.current
      ?.querySelector<HTMLElement>(existing ? '[name="content"]' : '[name="section"]')
      ?.focus({ preventScroll: true });
  }, [existing]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner("");
    const { section, type, ...editable } = form;
    let found: Record<string, string> = {};
    if (existing) {
      const r = check(contentUpdateSchema, editable);
      if (!r.ok) found = r.errors;
      else {
        const typeError = contentTypeError(existing.type, form.content, existing.section);
        if (typeError) found.content = typeError;
      }
    } else {
      const r = check(contentCreateSchema, { page, ...form });
      if (!r.ok) found = r.errors;
    }
    if (Object.keys(found).length) {
      setErrors(found);
      focusFirstError(ref.current, found);
      return;
    }
    setSaving(true);
    const res = existing
      ? await write("PUT", `/api/admin/content/${encodeURIComponent(existing.id)}`, editable)
      : await write("POST", "/api/admin/content", { page, section, type, ...editable });
    setSaving(false);
    if (!res.ok) {
      setErrors(res.errors);
      const text = existing ? "Failed to update content" : "Failed to create content";
      setBanner(res.detail && res.status === 409 ? `${text}: ${res.detail}` : text);
      return;
    }
    onDone(existing ? `"${existing.section}" updated.` : `"${section}" added.`);
  };

  const mono = form.type !== "text" ? "font-mono text-[13px]" : "";
  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      className="scroll-mt-24 space-y-4 rounded-xl border border-reef-200 bg-reef-50/40 p-4"
      aria-label={existing ? `Edit ${existing.section}` : "Add a section"}
    >
      <ErrorSummary errors={errors} />
      {banner ? <Alert tone="error">{banner}</Alert> : null}
      {existing ? (
        <p className="text-sm text-slate-600">
          Section <code className="rounded bg-white px-1.5 py-0.5 text-ocean-900">{existing.section}</code> ·
          type {existing.type}
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <TextField
            label="Section name"
            required
            {...field("section")}
            hint="e.g. promo_banner (lowercase, digits, _ and -)"
            autoCapitalize="none"
            spellCheck={false}
          />
          <SelectField label="Type" {...field("type")}>
            {CONTENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <TextField label="Title" {...field("title")} hint="A name for this section in the admin" />
      <TextAreaField
        label="Content"
        required
        {...field("content")}
        rows={form.type === "text" ? 4 : 8}
        className={mono ? "[&_textarea]:font-mono [&_textarea]:text-[13px]" : undefined}
        hint={
          form.type === "html"
            ? "HTML; scripts and event handlers are removed before it is shown"
            : form.type === "json"
              ? "Must be valid JSON"
              : undefined
        }
      />
      <TextField label="Description" {...field("description")} hint="Where this text appears" />
      <CheckboxField
        label="Active"
        hint="Inactive sections are not shown on the site"
        checked={form.is_active}
        onChange={(e) => setForm((f) => ({ ...f, is_active: e.target.checked }))}
        name="is_active"
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" busy={saving}>
          {existing ? "Save changes" : "Add section"}
        </Button>
      </div>
    </form>
  );
}

/** The page whose sections are shown is in the address (?page=faq), so a reload or a link keeps it. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const fromUrl = new URL(request.url).searchParams.get("page") ?? "";
  const page: ContentPage = isContentPage(fromUrl) ? fromUrl : "homepage";
  return { page, sections: await adminGet<ContentSection[]>(`/api/admin/content/${page}`) };
}
export const clientAction = adminAction;

/** Content sections manager: every text and image of the site, by page. */
export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const sections = dataOr(loaderData.sections, []);
  const loadError = failureText(
    loaderData.sections,
    "Failed to fetch content",
    () => "Failed to load content",
  );
  const [, setParams] = useSearchParams();
  const write = useAdminWrite();
  // The open editor belongs to the page it was opened on: choosing another page closes it.
  const [open, setOpen] = useState<{ page: ContentPage; target: ContentSection | "new" } | null>(null);
  const editing = open?.page === page ? open.target : null;
  const setEditing = (target: ContentSection | "new" | null) => setOpen(target ? { page, target } : null);
  const { flash, show, clear } = useFlash();
  const { confirm, dialog } = useConfirm();

  const remove = async (s: ContentSection) => {
    const ok = await confirm({
      title: `Delete "${s.section}"?`,
      message: "This text will no longer show on the website, and pages fall back to their default wording.",
      confirmLabel: "Delete",
    });
    if (!ok) return;
    const res = await write("DELETE", `/api/admin/content/${encodeURIComponent(s.id)}`);
    if (!res.ok) {
      show("error", "Failed to delete content");
      return;
    }
    if (editing !== "new" && editing?.id === s.id) setEditing(null);
    show("success", `"${s.section}" deleted.`);
  };

  const done = (message: string) => {
    setEditing(null);
    show("success", message);
  };

  return (
    <>
      <PageHeader
        title="Content Sections"
        description="Every piece of website text, by page and section. The Website Editor offers the common ones as a simple form."
      />
      {dialog}
      <div className="space-y-5">
        <Card bodyClassName="p-4 sm:p-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="sm:w-72">
              <SelectField
                label="Page"
                value={page}
                onChange={(e) =>
                  setParams(e.target.value === "homepage" ? {} : { page: e.target.value }, { replace: true })
                }
              >
                {CONTENT_PAGES.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button variant="primary" onClick={() => setEditing("new")} disabled={editing === "new"}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add section
            </Button>
          </div>
        </Card>

        <ListAlerts error={loadError} flash={flash} onDismiss={clear} />

        {editing === "new" ? (
          <SectionEditor page={page} existing={null} onDone={done} onCancel={() => setEditing(null)} />
        ) : null}

        <Card
          title={`${CONTENT_PAGES.find((p) => p.value === page)?.label} sections (${sections.length})`}
          bodyClassName=""
        >
          {sections.length === 0 ? (
            <EmptyState icon={<FileText className="h-6 w-6" />} title="No sections on this page yet">
              Add one with Add section.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {sections.map((s) => (
                <li
                  key={s.id}
                  className="px-4 py-3.5 sm:px-5"
                  data-testid="content-row"
                  data-section={s.section}
                >
                  {editing !== "new" && editing?.id === s.id ? (
                    <SectionEditor page={page} existing={s} onDone={done} onCancel={() => setEditing(null)} />
                  ) : (
                    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                      <div className="min-w-0 flex-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm font-medium text-ocean-900">
                            {s.section}
                          </code>
                          <Badge tone={TYPE_TONES[s.type] ?? "slate"}>{s.type}</Badge>
                          {!s.is_active ? <Badge tone="amber">Inactive</Badge> : null}
                          {s.title ? <span className="text-sm text-slate-500">{s.title}</span> : null}
                        </div>
                        <p
                          className={`mt-1.5 line-clamp-2 text-sm break-words text-slate-700 ${s.type !== "text" ? "font-mono text-xs" : ""}`}
                        >
                          {s.content}
                        </p>
                      </div>
                      <div className="flex shrink-0 gap-2">
                        <EditDeleteButtons
                          onEdit={() => setEditing(s)}
                          onDelete={() => remove(s)}
                          editLabel={`Edit ${s.section}`}
                          deleteLabel={`Delete ${s.section}`}
                        />
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
