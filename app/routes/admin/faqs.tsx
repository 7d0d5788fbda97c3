import { CircleHelp, Plus } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import {
  Badge,
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
import {
  EditDeleteButtons,
  ListAlerts,
  useFormFields,
  ViewOnSite,
} from "../../components/admin/content/screen";
import type { Faq } from "../../components/admin/content/types";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { check } from "../../lib/admin-forms/check";
import { faqSchema } from "../../lib/admin-forms/faqs";
import { FAQ_CATEGORIES } from "../../lib/categories";
import { POLICY_MARKERS } from "../../lib/policy-words";
import type { Route } from "./+types/faqs";

interface FaqForm {
  category: string;
  question: string;
  answer: string;
  order: string;
  is_active: boolean;
}
const blank = (): FaqForm => ({ category: "", question: "", answer: "", order: "0", is_active: true });

const orderOf = (c: string) => {
  const i = (FAQ_CATEGORIES as readonly string[]).indexOf(c);
  return i === -1 ? FAQ_CATEGORIES.length : i;
};

export async function clientLoader() {
  return { faqs: await adminGet<Faq[]>("/api/admin/faqs") };
}
export const clientAction = adminAction;

/** FAQ manager: add, edit and delete the questions of /faq. */
export default function AdminFaqs({ loaderData }: Route.ComponentProps) {
  const faqs = dataOr(loaderData.faqs, []);
  const loadError = failureText(loaderData.faqs, "Failed to fetch FAQs");
  const write = useAdminWrite();
  const [editing, setEditing] = useState<Faq | null>(null);
  const { form, setForm, errors, setErrors, field } = useFormFields<FaqForm>(blank);
  const [saving, setSaving] = useState(false);
  const { flash, show, clear } = useFlash();
  const { confirm, dialog } = useConfirm();
  const formRef = useRef<HTMLFormElement>(null);

  const edit = (f: Faq) => {
    setEditing(f);
    setForm({
      category: f.category,
      question: f.question,
      answer: f.answer,
      order: String(f.order),
      is_active: f.is_active,
    });
    setErrors({});
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
      formRef.current?.querySelector<HTMLElement>('[name="question"]')?.focus({ preventScroll: true });
    });
  };
  const reset = () => {
    setEditing(null);
    setForm(blank());
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const payload = { ...form, order: form.order.trim() === "" ? 0 : Number(form.order) };
    const result = check(faqSchema, payload);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(formRef.current, result.errors);
      return;
    }
    setSaving(true);
    const res = editing
      ? await write<Faq>("PUT", `/api/admin/faqs/${encodeURIComponent(editing.id)}`, result.data)
      : await write<Faq>("POST", "/api/admin/faqs", result.data);
    setSaving(false);
    if (!res.ok) {
      setErrors(res.errors);
      show("error", failureText(res, editing ? "Failed to update FAQ" : "Failed to add FAQ"));
      return;
    }
    show("success", editing ? "FAQ updated." : "FAQ added.");
    reset();
  };

  const remove = async (f: Faq) => {
    const ok = await confirm({
      title: "Delete this question?",
      message: `"${f.question}" will be removed from the FAQ page.`,
      confirmLabel: "Delete",
    });
    if (!ok) return;
    const res = await write("DELETE", `/api/admin/faqs/${encodeURIComponent(f.id)}`);
    if (!res.ok) {
      show("error", failureText(res, "Failed to delete FAQ"));
      return;
    }
    if (editing?.id === f.id) reset();
    show("success", "FAQ deleted.");
  };

  const groups = [...new Set(faqs.map((f) => f.category))]
    .sort((a, b) => orderOf(a) - orderOf(b) || a.localeCompare(b))
    .map((category) => ({
      category,
      items: faqs.filter((f) => f.category === category).sort((a, b) => a.order - b.order),
    }));
  const categories = [
    ...FAQ_CATEGORIES,
    ...groups.map((g) => g.category).filter((c) => !(FAQ_CATEGORIES as readonly string[]).includes(c)),
  ];

  return (
    <>
      <PageHeader
        title="FAQs"
        description="The questions and answers of the FAQ page, by category."
        actions={<ViewOnSite href="/faq">View FAQ page</ViewOnSite>}
      />
      {dialog}
      <div className="space-y-5">
        <ListAlerts error={loadError} flash={flash} onDismiss={clear} />

        <Card title={editing ? "Edit question" : "Add a question"} className="scroll-mt-24">
          <form
            ref={formRef}
            onSubmit={submit}
            noValidate
            className="scroll-mt-24 space-y-4"
            aria-label={editing ? "Edit question" : "Add a question"}
          >
            <ErrorSummary errors={errors} />
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
              <SelectField label="Category" required {...field("category")}>
                <option value="">Choose a category</option>
                {categories.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Order"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                {...field("order")}
                hint="0 shows first"
              />
            </div>
            <TextField label="Question" required {...field("question")} />
            <TextAreaField
              label="Answer"
              required
              {...field("answer")}
              rows={4}
              hint={`${POLICY_MARKERS.faq} shows the cancellation policy (Settings) in words, always the current one.`}
            />
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <CheckboxField
                label="Active"
                hint="Shown on the FAQ page"
                name="is_active"
                checked={form.is_active}
                onChange={(e) => setForm((f) => ({ ...f, is_active: e.target.checked }))}
              />
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                {editing ? (
                  <Button variant="secondary" onClick={reset} disabled={saving}>
                    Cancel
                  </Button>
                ) : null}
                <Button type="submit" variant="primary" busy={saving}>
                  {editing ? null : <Plus aria-hidden="true" className="h-4 w-4" />}
                  {editing ? "Update FAQ" : "Add FAQ"}
                </Button>
              </div>
            </div>
          </form>
        </Card>

        {groups.length === 0 ? (
          <Card>
            <EmptyState icon={<CircleHelp className="h-6 w-6" />} title="No questions yet">
              Add the first one above.
            </EmptyState>
          </Card>
        ) : (
          groups.map((g) => (
            <Card key={g.category} title={`${g.category} (${g.items.length})`} bodyClassName="">
              <ul className="divide-y divide-slate-100">
                {g.items.map((f) => (
                  <li
                    key={f.id}
                    className={`flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-start sm:px-5 ${editing?.id === f.id ? "bg-reef-50/60" : ""}`}
                    data-testid="faq-row"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-ocean-900">
                        <span className="mr-2 text-xs font-normal text-slate-500">#{f.order}</span>
                        {f.question}
                      </p>
                      <p className="mt-1 line-clamp-3 text-sm text-slate-600">{f.answer}</p>
                      {!f.is_active ? (
                        <span className="mt-2 inline-block">
                          <Badge tone="slate">Hidden</Badge>
                        </span>
                      ) : null}
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <EditDeleteButtons
                        onEdit={() => edit(f)}
                        onDelete={() => remove(f)}
                        editLabel={`Edit: ${f.question}`}
                        deleteLabel={`Delete: ${f.question}`}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          ))
        )}
      </div>
    </>
  );
}
