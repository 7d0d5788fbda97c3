import { History, Save } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
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
import { ErrorSummary, focusFirstError } from "../../components/admin/content/bits";
import { formatDateTimeAU } from "../../lib/admin-api";
import { adminAction, adminGet, failureText, useAdminWrite } from "../../lib/admin-data";
import { check } from "../../lib/admin-forms/check";
import { waiverSchema } from "../../lib/participants";
import type { Route } from "./+types/waiver";

interface WaiverVersion {
  version: number;
  title: string;
  body: string;
  created_at: string;
}
interface WaiverPage {
  current: WaiverVersion | null;
  history: Omit<WaiverVersion, "body">[];
}

const PATH = "/api/admin/waiver";

export async function clientLoader() {
  return { waiver: await adminGet<WaiverPage>(PATH) };
}
export const clientAction = adminAction;

/**
 * The waiver participants accept before a trip. Saving publishes a new
 * version: acceptances keep the version that was read, and participants who
 * accepted an older one are asked to accept the new one.
 */
export default function AdminWaiver({ loaderData }: Route.ComponentProps) {
  const page = loaderData.waiver.ok ? loaderData.waiver.data : null;
  const loadError = failureText(loaderData.waiver, "Failed to load the waiver");
  // Here, not in the editor: a save remounts the editor with the new version, and its message must stay.
  const flash = useFlash(8000);
  return (
    <>
      <PageHeader
        title="Waiver"
        description="The release each participant accepts by typing their name (a parent or guardian for anyone under 18). Saving publishes a new version; earlier acceptances keep the version they read."
      />
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      {page ? (
        <div className="grid gap-6 lg:grid-cols-3">
          {/* Keyed by version: after a save the form starts from what was published. */}
          <WaiverEditor key={page.current?.version ?? 0} current={page.current} flash={flash} />
          <Card title="Versions" className="lg:col-span-1" bodyClassName="p-0">
            {page.history.length === 0 ? (
              <p className="p-4 text-sm text-slate-600">
                None published yet: participants are not asked to accept a waiver until you save one.
              </p>
            ) : (
              <ol
                className="divide-y divide-slate-100"
                aria-label="Waiver versions"
                data-testid="waiver-history"
              >
                {page.history.map((h) => (
                  <li key={h.version} className="flex items-start gap-3 px-4 py-3 text-sm">
                    <History aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
                    <div className="min-w-0">
                      <p className="font-semibold text-ocean-900">
                        Version {h.version}
                        {h.version === page.current?.version ? " (current)" : ""}
                      </p>
                      <p className="break-words text-slate-700">{h.title}</p>
                      <p className="text-xs text-slate-500">{formatDateTimeAU(h.created_at)}</p>
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>
      ) : null}
    </>
  );
}

function WaiverEditor({
  current,
  flash: { flash, show, clear },
}: {
  current: WaiverVersion | null;
  flash: ReturnType<typeof useFlash>;
}) {
  const write = useAdminWrite();
  const [form, setForm] = useState({ title: current?.title ?? "", body: current?.body ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const unchanged = current !== null && form.title === current.title && form.body === current.body;

  const edit = (key: "title" | "body", value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const result = check(waiverSchema, { ...form, based_on: current?.version ?? null });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(formRef.current, result.errors);
      return;
    }
    setSaving(true);
    const res = await write<WaiverVersion>("POST", PATH, result.data);
    setSaving(false);
    if (!res.ok) {
      setErrors(res.errors);
      show("error", failureText(res, res.detail), "The waiver was not saved");
      return;
    }
    show(
      "success",
      "Participants accept this version from now on.",
      `Version ${res.data.version} published.`,
    );
  };

  return (
    <Card
      title={current ? `Current text: version ${current.version}` : "No waiver yet"}
      description={current ? `Published ${formatDateTimeAU(current.created_at)}` : undefined}
      className="lg:col-span-2"
    >
      <form ref={formRef} onSubmit={save} noValidate aria-label="Waiver text" className="space-y-4">
        <FlashAlert flash={flash} onDismiss={clear} />
        <ErrorSummary errors={errors} />
        <TextField
          label="Title"
          name="title"
          required
          maxLength={200}
          value={form.title}
          error={errors.title}
          onChange={(e) => edit("title", e.target.value)}
        />
        <TextAreaField
          label="Text"
          name="body"
          required
          rows={18}
          value={form.body}
          error={errors.body}
          hint="A blank line starts a new paragraph. Participants see it exactly as written."
          onChange={(e) => edit("body", e.target.value)}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-500">
            {current ? `Saving publishes version ${current.version + 1}.` : "Saving publishes version 1."}
          </p>
          <Button type="submit" variant="primary" busy={saving} disabled={unchanged}>
            <Save aria-hidden="true" className="h-4 w-4" />
            Publish new version
          </Button>
        </div>
      </form>
    </Card>
  );
}
