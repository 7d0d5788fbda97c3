import { FileText, HeartPulse, Undo2 } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import type { ClearanceEvent, ClearanceView } from "../../../server/domain/dive-ops/medical-clearance.server";
import { adminDownload } from "../../lib/admin-api";
import { adminGet } from "../../lib/admin-data";
import { formatDateAU, formatDateTimeAU, sydneyDate } from "../../lib/dates";
import type { Write } from "./ParticipantEditor";
import { Alert } from "./ui/alert";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { CheckboxField, TextAreaField, TextField } from "./ui/fields";

/** What the operator reads of one step of the clearance's history. */
export function historyLine(e: ClearanceEvent): string {
  const when = formatDateTimeAU(e.at);
  if (e.kind === "voided") return `${when}: no longer counts, the medical answers were given again`;
  if (e.kind === "undone") return `${when}: undone${e.recorded_by ? ` by ${e.recorded_by}` : ""}`;
  const doctor = e.doctor ? `, ${e.doctor}` : "";
  const dated = e.cleared_on ? ` (clearance dated ${formatDateAU(e.cleared_on)})` : "";
  return `${when}: recorded${e.recorded_by ? ` by ${e.recorded_by}` : ""}${doctor}${dated}`;
}

type Step = "view" | "undo";

/**
 * A participant's doctor's clearance, for the operator (the manifest and the
 * booking's participants): the file the diver sent (downloaded with the
 * operator's token; it is never a public address), the history, and the two
 * writes. Recording asks for a confirmation and a note (who records it, the
 * doctor, the date on the clearance); undoing asks again. Each form carries
 * a request key made when it opens, so a double submit records once.
 */
export function ClearanceDialog({
  participantId,
  name,
  write,
  onClose,
  onDone,
}: {
  /** The participant whose clearance is open; null: the dialog is closed. */
  participantId: string | null;
  name: string;
  write: Write;
  onClose: () => void;
  /** The screen's flash after a write. */
  onDone: (tone: "success" | "error", message: string) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [view, setView] = useState<ClearanceView | null>(null);
  const [loadError, setLoadError] = useState("");
  const [step, setStep] = useState<Step>("view");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [requestKey, setRequestKey] = useState("");
  const [fileError, setFileError] = useState("");
  const open = participantId !== null;
  const base = participantId
    ? `/api/admin/participants/${encodeURIComponent(participantId)}/medical-clearance`
    : "";

  const load = useCallback(async () => {
    if (!base) return;
    const res = await adminGet<ClearanceView>(base);
    if (res.ok) {
      setView(res.data);
      setLoadError("");
    } else setLoadError(res.network ? "Connection error" : res.detail || "The clearance could not be loaded");
  }, [base]);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
    if (open) {
      setView(null);
      setStep("view");
      setErrors({});
      setProblem("");
      setFileError("");
      setRequestKey(crypto.randomUUID());
      void load();
    }
  }, [open, load]);

  const submit = async (path: string, body: Record<string, string>, done: string) => {
    setBusy(true);
    setErrors({});
    setProblem("");
    const res = await write("POST", path, { ...body, request_key: requestKey });
    setBusy(false);
    if (res.ok) {
      onDone("success", done);
      setStep("view");
      setRequestKey(crypto.randomUUID());
      await load();
    } else {
      setErrors(res.errors as Record<string, string>);
      setProblem(res.network ? "Connection error" : res.detail);
    }
  };

  const record = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "");
    void submit(
      base,
      {
        recorded_by: text("recorded_by"),
        doctor: text("doctor"),
        cleared_on: text("cleared_on"),
        note: text("note"),
      },
      `Medical clearance recorded for ${name}.`,
    );
  };

  const undo = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    void submit(
      `${base}/undo`,
      { recorded_by: String(f.get("recorded_by") ?? ""), note: String(f.get("note") ?? "") },
      `Medical clearance undone for ${name}: not ready until it is recorded again.`,
    );
  };

  const download = async () => {
    if (!view?.file) return;
    setFileError("");
    const ext = view.file.mime_type === "application/pdf" ? "pdf" : "webp";
    const ok = await adminDownload(`${base}/file`, `clearance-${view.reference}-${view.position}.${ext}`);
    if (!ok) setFileError("The file could not be downloaded");
  };

  const lastRecord = view?.history.filter((h) => h.kind === "recorded").at(-1);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      onClose={() => {
        if (open) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl border border-slate-200 bg-white p-0 text-slate-800 shadow-xl backdrop:bg-ocean-950/50"
      data-testid="clearance-dialog"
    >
      <div className="space-y-5 p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-ocean-50 text-ocean-700"
          >
            <HeartPulse className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-sans text-base font-semibold text-ocean-900">
              Medical clearance: {name}
            </h2>
            {view ? (
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                {view.cleared_at ? (
                  <Badge tone="green">Cleared {formatDateAU(sydneyDate(new Date(view.cleared_at)))}</Badge>
                ) : view.needs_clearance ? (
                  <Badge tone="red">Clearance needed</Badge>
                ) : (
                  <Badge tone="slate">No clearance needed</Badge>
                )}
                <span>Booking {view.reference}</span>
              </p>
            ) : null}
          </div>
        </div>

        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        {!view && !loadError ? <p className="text-sm text-slate-500">Loading…</p> : null}

        {view ? (
          <>
            <section
              aria-label="Doctor's clearance file"
              className="rounded-xl border border-slate-200 p-3 text-sm"
            >
              {view.file ? (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="flex items-center gap-2">
                    <FileText aria-hidden="true" className="h-4 w-4 shrink-0 text-reef-700" />
                    <span>
                      File from the diver, {formatDateTimeAU(view.file.received_at)} ({view.file.text})
                    </span>
                  </p>
                  <Button size="sm" onClick={download}>
                    Download the file
                  </Button>
                  {fileError ? <p className="w-full text-coral-700">{fileError}</p> : null}
                </div>
              ) : (
                <p className="text-slate-600">
                  No file uploaded. The diver may have emailed it, or bring it on the day.
                </p>
              )}
            </section>

            {view.cleared_at && step === "view" ? (
              <div className="space-y-3 text-sm">
                {lastRecord ? (
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                    <dt className="font-semibold text-slate-500">Recorded by</dt>
                    <dd>{lastRecord.recorded_by || "—"}</dd>
                    <dt className="font-semibold text-slate-500">Doctor</dt>
                    <dd>{lastRecord.doctor || "—"}</dd>
                    <dt className="font-semibold text-slate-500">Dated</dt>
                    <dd>{lastRecord.cleared_on ? formatDateAU(lastRecord.cleared_on) : "—"}</dd>
                    {lastRecord.note ? (
                      <>
                        <dt className="font-semibold text-slate-500">Note</dt>
                        <dd className="whitespace-pre-line">{lastRecord.note}</dd>
                      </>
                    ) : null}
                  </dl>
                ) : null}
                <Button variant="secondary" onClick={() => setStep("undo")}>
                  <Undo2 aria-hidden="true" className="h-4 w-4" />
                  Undo clearance
                </Button>
              </div>
            ) : null}

            {view.cleared_at && step === "undo" ? (
              <form
                onSubmit={undo}
                className="space-y-3 rounded-xl border border-coral-100 bg-coral-50/60 p-3"
              >
                <p className="text-sm font-semibold text-coral-800">
                  Undo the clearance? {name} is not ready again until a clearance is recorded.
                </p>
                <TextField
                  label="Your name"
                  name="recorded_by"
                  required
                  maxLength={100}
                  error={errors.recorded_by}
                />
                <TextAreaField label="Reason" name="note" maxLength={1000} rows={2} error={errors.note} />
                {problem ? <Alert tone="error">{problem}</Alert> : null}
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" onClick={() => setStep("view")} disabled={busy}>
                    Keep the clearance
                  </Button>
                  <Button variant="primary" type="submit" busy={busy}>
                    Yes, undo it
                  </Button>
                </div>
              </form>
            ) : null}

            {!view.cleared_at && view.needs_clearance ? (
              <form onSubmit={record} className="space-y-3">
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField
                    label="Your name"
                    name="recorded_by"
                    required
                    maxLength={100}
                    error={errors.recorded_by}
                  />
                  <TextField
                    label="Date on the clearance"
                    name="cleared_on"
                    type="date"
                    required
                    max={sydneyDate()}
                    error={errors.cleared_on}
                  />
                </div>
                <TextField
                  label="Doctor"
                  name="doctor"
                  required
                  maxLength={200}
                  hint="Name and practice"
                  error={errors.doctor}
                />
                <TextAreaField label="Note" name="note" maxLength={1000} rows={2} error={errors.note} />
                <CheckboxField
                  name="confirmed"
                  required
                  label={`I have read the doctor's clearance and it clears ${name} for diving`}
                />
                {problem ? <Alert tone="error">{problem}</Alert> : null}
                <div className="flex justify-end">
                  <Button variant="dark" type="submit" busy={busy}>
                    Record clearance
                  </Button>
                </div>
              </form>
            ) : null}

            {view.history.length ? (
              <section aria-label="History" className="text-sm">
                <h3 className="font-semibold text-slate-700">History</h3>
                <ol className="mt-1 space-y-1 text-slate-600" data-testid="clearance-history">
                  {[...view.history].reverse().map((h) => (
                    <li key={`${h.at}-${h.kind}`}>
                      {historyLine(h)}
                      {h.note ? <span className="block pl-3 text-slate-500">“{h.note}”</span> : null}
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
          </>
        ) : null}

        <div className="flex justify-end border-t border-slate-100 pt-4">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Close
          </Button>
        </div>
      </div>
    </dialog>
  );
}
