import { RotateCcw, Save } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import {
  Alert,
  Button,
  Card,
  FlashAlert,
  PageHeader,
  TextAreaField,
  TextField,
  useFlash,
} from "../../components/admin";
import { ErrorSummary, focusFirstError, Toggle } from "../../components/admin/content/bits";
import { adminAction, adminGet, failureText, useAdminWrite } from "../../lib/admin-data";
import { check } from "../../lib/admin-forms/check";
import {
  TRIP_EMAIL_LABELS,
  TRIP_EMAIL_PLACEHOLDERS,
  type TripEmailKind,
  tripEmailTemplateSchema,
  tripEmailTextSchema,
} from "../../lib/trip-emails";
import type { Route } from "./+types/emails";

interface Template {
  kind: TripEmailKind;
  subject: string;
  body: string;
  enabled: boolean;
  customised: boolean;
  built_in: { subject: string; body: string };
}

interface Preview {
  subject: string;
  text: string;
  html: string;
}

const TEMPLATES_PATH = "/api/admin/email-templates";
const PREVIEW_PATH = "/api/admin/email-templates/preview";
/** How long typing pauses before the preview is asked for. */
const PREVIEW_DELAY_MS = 400;

export async function clientLoader() {
  return { templates: await adminGet<{ templates: Template[] }>(TEMPLATES_PATH) };
}
export const clientAction = adminAction;

/** A preview changes nothing on the server: it does not reload the saved texts (nor reset the forms). */
export function shouldRevalidate({ json, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((json as { path?: unknown } | undefined)?.path === PREVIEW_PATH) return false;
  return defaultShouldRevalidate;
}

/** The trip emails: the reminder before the trip and the thank-you after it, edited, previewed and switched. */
export default function AdminTripEmails({ loaderData }: Route.ComponentProps) {
  const templates = loaderData.templates.ok ? loaderData.templates.data.templates : [];
  const loadError = failureText(loaderData.templates, "Failed to load the trip emails");
  return (
    <>
      <PageHeader
        title="Trip emails"
        description="The reminder guests get before their trip and the thank-you with a review link after it. Edit the texts, check the preview, or switch an email off."
      />
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      <div className="space-y-6">
        {templates.map((t) => (
          <TemplateCard key={t.kind} template={t} />
        ))}
      </div>
    </>
  );
}

interface Form {
  subject: string;
  body: string;
  enabled: boolean;
}

function TemplateCard({ template }: { template: Template }) {
  const { kind } = template;
  const label = TRIP_EMAIL_LABELS[kind];
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash();
  const [form, setForm] = useState<Form>({
    subject: template.subject,
    body: template.body,
    enabled: template.enabled,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const preview = usePreview(kind, form.subject, form.body);
  const headingId = useId();

  const edit = (key: "subject" | "body", value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const result = check(tripEmailTemplateSchema, { kind, ...form });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(formRef.current, result.errors);
      show("error", "Please correct the highlighted fields.");
      return;
    }
    setSaving(true);
    const res = await write<{ template: Template }>("PUT", TEMPLATES_PATH, result.data);
    setSaving(false);
    if (!res.ok) {
      setErrors(res.errors);
      show("error", failureText(res, `Failed to save: ${res.detail}`));
      return;
    }
    show(
      "success",
      form.enabled
        ? `${label.title} saved.`
        : `${label.title} saved. It is switched off and will not be sent.`,
    );
  };

  const resetText = () => {
    setForm((f) => ({ ...f, ...template.built_in }));
    setErrors({});
    show("info", "Built-in text restored. Save to use it.");
  };

  return (
    <Card
      title={label.title}
      description={label.when}
      actions={
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${template.enabled ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-600"}`}
        >
          {template.enabled ? "On" : "Off"}
        </span>
      }
    >
      <form
        ref={formRef}
        onSubmit={save}
        noValidate
        aria-label={label.title}
        data-testid={`trip-email-${kind}`}
        className="grid gap-6 lg:grid-cols-2"
      >
        <div className="min-w-0 space-y-4">
          <FlashAlert flash={flash} onDismiss={clear} />
          <ErrorSummary errors={errors} />
          <div className="rounded-xl border border-slate-200 px-3">
            <Toggle
              label="Send this email"
              hint={form.enabled ? "On: sent to every guest at the right time" : "Off: not sent to anyone"}
              name="enabled"
              checked={form.enabled}
              onChange={(enabled) => setForm((f) => ({ ...f, enabled }))}
            />
          </div>
          <TextField
            label="Subject"
            name="subject"
            required
            value={form.subject}
            error={errors.subject}
            onChange={(e) => edit("subject", e.target.value)}
          />
          <TextAreaField
            label="Text"
            name="body"
            required
            rows={16}
            value={form.body}
            error={errors.body}
            hint="A blank line starts a new paragraph. Placeholders in braces are filled in for each guest."
            onChange={(e) => edit("body", e.target.value)}
            className="[&_textarea]:font-mono [&_textarea]:text-[13px]"
          />
          <details className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
            <summary className="cursor-pointer font-medium text-ocean-900">Placeholders you can use</summary>
            <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
              {TRIP_EMAIL_PLACEHOLDERS[kind].map((p) => (
                <div key={p.name} className="contents">
                  <dt>
                    <code className="rounded bg-white px-1 text-[13px] text-reef-800">{`{${p.name}}`}</code>
                  </dt>
                  <dd className="mb-1 text-slate-600 sm:mb-0">{p.description}</dd>
                </div>
              ))}
            </dl>
          </details>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={resetText} disabled={saving}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              Reset to built-in text
            </Button>
            <Button type="submit" variant="primary" busy={saving}>
              <Save aria-hidden="true" className="h-4 w-4" />
              Save
            </Button>
          </div>
        </div>
        <section aria-labelledby={headingId} className="min-w-0">
          <div className="mb-2 flex items-baseline justify-between gap-2">
            <h3 id={headingId} className="text-sm font-semibold text-ocean-900">
              Preview
            </h3>
            <p className="text-xs text-slate-500" aria-live="polite">
              {preview.busy ? "Updating…" : "Sample guest and booking"}
            </p>
          </div>
          <PreviewPane kind={kind} state={preview} />
        </section>
      </form>
    </Card>
  );
}

function PreviewPane({ kind, state }: { kind: TripEmailKind; state: PreviewState }) {
  if (state.error) {
    return (
      <p
        className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        data-testid={`trip-email-preview-${kind}`}
      >
        No preview: {state.error}
      </p>
    );
  }
  if (!state.preview) {
    return <div className="h-64 animate-pulse rounded-xl bg-slate-100" />;
  }
  return (
    <div
      className="overflow-hidden rounded-xl border border-slate-200"
      data-testid={`trip-email-preview-${kind}`}
    >
      <p className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        <span className="text-slate-500">Subject: </span>
        <span className="font-medium text-ocean-900" data-testid="preview-subject">
          {state.preview.subject}
        </span>
      </p>
      {/* The server escapes every text in the email; the frame runs nothing and reaches nothing either way. */}
      <iframe
        title={`${TRIP_EMAIL_LABELS[kind].title}: preview`}
        sandbox=""
        srcDoc={state.preview.html}
        className="block h-[32rem] w-full bg-[#f4f7fb]"
      />
    </div>
  );
}

interface PreviewState {
  preview: Preview | null;
  error: string;
  busy: boolean;
}

/**
 * The server's rendering of the text being edited (the same renderer the
 * emails are sent with), asked for once typing pauses. Only the answer to
 * the latest text is shown.
 */
function usePreview(kind: TripEmailKind, subject: string, body: string): PreviewState {
  const write = useAdminWrite();
  const [state, setState] = useState<PreviewState>({ preview: null, error: "", busy: true });
  const latest = useRef(0);
  useEffect(() => {
    const ask = ++latest.current;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(async () => {
      const payload = { kind, subject, body };
      const local = check(tripEmailTextSchema, payload);
      if (!local.ok) {
        setState({ preview: null, error: Object.values(local.errors)[0] ?? "Check the text", busy: false });
        return;
      }
      const res = await write<Preview>("POST", PREVIEW_PATH, local.data);
      if (ask !== latest.current) return;
      if (res.ok) setState({ preview: res.data, error: "", busy: false });
      else
        setState({
          preview: null,
          error: Object.values(res.errors)[0] ?? failureText(res, res.detail),
          busy: false,
        });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [kind, subject, body, write]);
  return state;
}
