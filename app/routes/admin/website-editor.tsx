import { CheckCircle2, ExternalLink, Loader2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { Alert, Card, PageHeader, Tabs, tabPanelProps } from "../../components/admin";
import { describedBy, FieldMessage } from "../../components/admin/content/bits";
import { ImageField, sitePath } from "../../components/admin/content/MediaPicker";
import type { ContentSection } from "../../components/admin/content/types";
import {
  contentTypeFor,
  WEBSITE_TABS,
  type WebsiteField,
  type WebsiteTab,
} from "../../components/admin/content/website-fields";
import { adminAction, adminGet, failureText, useAdminWrite } from "../../lib/admin-data";
import { isWebAddress } from "../../lib/admin-forms/text";
import type { Route } from "./+types/website-editor";

/** Autosave waits this long after the last keystroke: the editor saves as the operator types. */
const AUTOSAVE_MS = 800;

type SaveStatus = "idle" | "saving" | "saved";
const keyOf = (page: string, section: string) => `${page}:${section}`;

/** Why a value is not sent yet (shown under the field), or null when it can be saved. */
function holdReason(field: WebsiteField, value: string): string | null {
  if (value.trim() === "") return "This field cannot be empty; it is saved once it has text.";
  if ((field.kind === "url" || field.kind === "image") && !isWebAddress(value.trim())) {
    return "Enter a full URL (https://…) or a path on this site such as /uploads/photo.webp.";
  }
  return null;
}

function StatusText({ status }: { status: SaveStatus | undefined }) {
  if (status === "saving") {
    return (
      <span
        className="inline-flex items-center gap-1 text-xs font-medium text-slate-500"
        data-status="saving"
      >
        <Loader2 aria-hidden="true" className="h-3 w-3 animate-spin" />
        Saving...
      </span>
    );
  }
  if (status === "saved") {
    return (
      <span
        className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700"
        data-status="saved"
      >
        <CheckCircle2 aria-hidden="true" className="h-3 w-3" />
        Saved
      </span>
    );
  }
  return null;
}

export async function clientLoader() {
  return { content: await adminGet<ContentSection[]>("/api/admin/content") };
}
export const clientAction = adminAction;

/** Another tab is only another part of the same form: switching tabs loads nothing again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) {
    return false;
  }
  return defaultShouldRevalidate;
}

/** The stored sections by page and section. */
function byKey(sections: ContentSection[]): Map<string, ContentSection> {
  return new Map(sections.map((s) => [keyOf(s.page, s.section), s]));
}

/**
 * The website editor: five tabs of page
 * texts and images, each field saved automatically as the operator types.
 * A missing section is created (POST), an existing one updated (PUT with
 * content only). Failures are only logged, as the spec says.
 */
export default function WebsiteEditor({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: WebsiteTab["id"] = WEBSITE_TABS.some((t) => t.id === tabParam)
    ? (tabParam as WebsiteTab["id"])
    : "homepage";
  const loadError = failureText(
    loaderData.content,
    "Failed to fetch content",
    () => "Failed to load content",
  );
  const write = useAdminWrite();

  // The stored texts seed the fields once, from the first load that worked; the loads that
  // follow each save must not overwrite what is being typed.
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [status, setStatus] = useState<Record<string, SaveStatus>>({});
  const [holds, setHolds] = useState<Record<string, string>>({});
  const sections = useRef(new Map<string, ContentSection>());
  const latest = useRef(new Map<string, string>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inflight = useRef(new Set<string>());
  const again = useRef(new Set<string>());
  if (values === null && loaderData.content.ok) {
    const stored = byKey(loaderData.content.data);
    sections.current = stored;
    setValues(Object.fromEntries([...stored].map(([key, s]) => [key, s.content])));
  }

  const save = useCallback(
    async (page: string, field: WebsiteField) => {
      const key = keyOf(page, field.section);
      if (inflight.current.has(key)) {
        // One request per section at a time: the newest text goes when this one is answered.
        again.current.add(key);
        return;
      }
      const content = (latest.current.get(key) ?? "").trim();
      const value = field.kind === "url" || field.kind === "image" ? sitePath(content) : content;
      inflight.current.add(key);
      setStatus((s) => ({ ...s, [key]: "saving" }));
      const existing = sections.current.get(key);
      const res = existing
        ? await write<ContentSection>("PUT", `/api/admin/content/${encodeURIComponent(existing.id)}`, {
            content: value,
          })
        : await write<ContentSection>("POST", "/api/admin/content", {
            page,
            section: field.section,
            type: contentTypeFor(field.kind),
            content: value,
            title: field.label,
          });
      inflight.current.delete(key);
      if (res.ok) {
        sections.current.set(key, res.data);
        setStatus((s) => ({ ...s, [key]: "saved" }));
      } else {
        console.error(`Failed to save ${page}/${field.section}`, res.status, res.exception ?? res.detail);
        setStatus((s) => ({ ...s, [key]: "idle" }));
      }
      if (again.current.delete(key)) save(page, field);
    },
    [write],
  );

  const change = (page: string, field: WebsiteField, value: string) => {
    const key = keyOf(page, field.section);
    setValues((v) => ({ ...v, [key]: value }));
    latest.current.set(key, value);
    clearTimeout(timers.current.get(key));
    timers.current.delete(key);
    const reason = holdReason(field, value);
    setHolds((h) => {
      const { [key]: _old, ...rest } = h;
      return reason ? { ...rest, [key]: reason } : rest;
    });
    if (reason) {
      setStatus((s) => ({ ...s, [key]: "idle" }));
      return;
    }
    timers.current.set(
      key,
      setTimeout(() => {
        timers.current.delete(key);
        save(page, field);
      }, AUTOSAVE_MS),
    );
  };

  // Leaving the page sends what is still waiting, and the browser warns while anything is unsaved.
  useEffect(() => {
    const pending = timers.current;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (pending.size > 0 || inflight.current.size > 0) e.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      for (const [key, timer] of pending) {
        clearTimeout(timer);
        const [page, section] = key.split(":");
        const field = WEBSITE_TABS.find((t) => t.id === page)
          ?.groups.flatMap((g) => g.fields)
          .find((f) => f.section === section);
        if (field) save(page, field);
      }
      pending.clear();
    };
  }, [save]);

  const statuses = Object.values(status);
  const overall: SaveStatus = statuses.includes("saving")
    ? "saving"
    : statuses.includes("saved")
      ? "saved"
      : "idle";
  const current = WEBSITE_TABS.find((t) => t.id === tab) ?? WEBSITE_TABS[0];

  const renderField = (page: string, field: WebsiteField) => {
    const key = keyOf(page, field.section);
    const value = values?.[key] ?? "";
    const hold = holds[key];
    const id = `we-${page}-${field.section}`;
    const label = (
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {field.label}
        </label>
        <span aria-live="polite" data-testid={`status-${field.section}`}>
          <StatusText status={status[key]} />
        </span>
      </div>
    );
    if (field.kind === "image") {
      return (
        <div key={key} data-field={field.section}>
          <div className="mb-1 flex justify-end" aria-live="polite" data-testid={`status-${field.section}`}>
            <StatusText status={status[key]} />
          </div>
          <ImageField
            label={field.label}
            name={field.section}
            value={value}
            onChange={(v) => change(page, field, v)}
            error={hold}
            hint={field.hint}
          />
        </div>
      );
    }
    const common = {
      ...describedBy(id, hold, field.hint),
      name: field.section,
      value,
      className: "field",
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        change(page, field, e.target.value),
    };
    return (
      <div key={key} data-field={field.section}>
        {label}
        {field.kind === "text" ? (
          <input {...common} type="text" />
        ) : field.kind === "url" ? (
          <input {...common} type="url" inputMode="url" placeholder="https://" />
        ) : (
          <textarea
            {...common}
            rows={field.kind === "html" ? 10 : 3}
            className={field.kind === "html" ? "field font-mono leading-relaxed" : "field"}
            spellCheck={field.kind !== "html"}
          />
        )}
        <FieldMessage id={id} error={hold} hint={field.hint} />
      </div>
    );
  };

  return (
    <>
      <PageHeader
        title="Website Editor"
        description="Change the words and pictures of the main pages. Changes save automatically as you type and show on the site at the next page load."
        actions={
          <span
            className="inline-flex min-h-9 items-center rounded-full bg-white px-3 text-sm shadow-sm ring-1 ring-slate-200"
            aria-live="polite"
            data-testid="autosave-status"
          >
            {overall === "idle" ? (
              <span className="text-xs text-slate-500">Autosave on</span>
            ) : (
              <StatusText status={overall} />
            )}
          </span>
        }
      />
      <div className="space-y-4">
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        <Card bodyClassName="px-4 pb-5 sm:px-5">
          <Tabs
            tabs={WEBSITE_TABS.map((t) => ({ id: t.id, label: t.label }))}
            value={tab}
            onChange={(id) => setParams(id === "homepage" ? {} : { tab: id }, { replace: true })}
            label="Pages"
            idPrefix="we"
          />
          {values === null ? (
            <p className="py-10 text-center text-sm text-slate-500">
              The page texts could not be loaded; reload the page to try again.
            </p>
          ) : (
            WEBSITE_TABS.map((t) => (
              <div key={t.id} {...tabPanelProps("we", t.id)} hidden={t.id !== current.id} className="pt-5">
                <div className="mb-4 flex justify-end">
                  <a
                    href={t.path}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1.5 text-sm font-medium text-reef-700 hover:underline"
                  >
                    <ExternalLink aria-hidden="true" className="h-4 w-4" />
                    View {t.id === "global" ? "site" : "page"}
                  </a>
                </div>
                <div className="space-y-6">
                  {t.groups.map((g) => (
                    <fieldset
                      key={g.title}
                      className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-5"
                    >
                      <legend className="px-1 text-sm font-semibold tracking-wide text-ocean-900 uppercase">
                        {g.title}
                      </legend>
                      {g.fields.map((f) => renderField(t.id, f))}
                    </fieldset>
                  ))}
                </div>
              </div>
            ))
          )}
        </Card>
      </div>
    </>
  );
}
