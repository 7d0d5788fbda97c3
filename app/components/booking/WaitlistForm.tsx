import { BellRing, CheckCircle2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { requestJson } from "../../lib/api";
import type { FormView } from "../../lib/form-result";
import { type GroupSizeRange, groupSizeChoices, peopleText } from "../../lib/group-size";
import { useAdoptTypedValues } from "../../lib/typed-before-hydration";
import {
  WAITLIST_FORM_FIELDS,
  WAITLIST_INTENT,
  WAITLIST_TEXT,
  type WaitlistValues,
  waitlistDates,
} from "../../lib/waitlist";
import { ErrorBanner } from "./Banners";

export interface WaitlistDate {
  date: string;
  display: string;
  spots_left: number;
  published?: boolean;
}

/** The waitlist form's answer as the form reads it (formView of its page action's answer). */
export type WaitlistAnswer = FormView<{ message: string }, WaitlistValues>;

interface Props {
  adventureId: string;
  dates: WaitlistDate[];
  range: GroupSizeRange;
  /** The page whose action takes the form without JavaScript. */
  action: string;
  /** What a post without JavaScript answered (the page is rendered again). */
  submitted?: WaitlistAnswer;
  /** Preselects a date (the one the visitor picked in the booking form). */
  preferredDate?: string;
}

const F = WAITLIST_FORM_FIELDS;

/**
 * "Tell me if a spot opens": email and group size for a date that cannot take
 * the adventure's largest group. With JavaScript it posts to /api/waitlist;
 * without, the browser posts it to the page's action. Shown only when such a
 * date exists.
 */
export function WaitlistForm({ adventureId, dates, range, action, submitted, preferredDate }: Props) {
  const full = waitlistDates(dates, range.max);
  const sent = submitted?.values;
  const [date, setDate] = useState(
    sent?.[F.date] ||
      (preferredDate && full.some((d) => d.date === preferredDate) ? preferredDate : full[0]?.date) ||
      "",
  );
  const [email, setEmail] = useState(sent?.[F.email] ?? "");
  const [groupSize, setGroupSize] = useState(sent?.[F.group_size] || String(range.min));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(submitted?.data?.message ?? "");
  const [error, setError] = useState(submitted?.detail ?? "");
  const [fieldErrors, setFieldErrors] = useState<WaitlistAnswer["errors"]>(submitted?.errors ?? {});
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // What was chosen and typed before the scripts took over is what joins the list.
  useAdoptTypedValues(formRef, (typed) => {
    setDate(String(typed.get(F.date) ?? ""));
    setEmail(String(typed.get(F.email) ?? ""));
    setGroupSize(String(typed.get(F.group_size) ?? String(range.min)));
  });
  if (full.length === 0) return null;
  const choices = groupSizeChoices(range);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError("");
    setMessage("");
    setFieldErrors({});
    const result = await requestJson<{ message: string }>("POST", "/api/waitlist", {
      adventure_id: adventureId,
      date,
      email,
      group_size: Number(groupSize),
    });
    setBusy(false);
    if (result.ok) {
      setMessage(result.data?.message ?? "");
      return;
    }
    const errors: WaitlistAnswer["errors"] = {};
    for (const [key, text] of Object.entries(result.errors)) {
      const name = F[key as keyof typeof F];
      if (name) errors[name] ??= text;
    }
    setFieldErrors(errors);
    setError(result.status > 0 && result.detail ? result.detail : WAITLIST_TEXT.joinFailed);
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-ocean-200 bg-ocean-50/60 p-5 sm:p-6"
      data-testid="waitlist"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-semibold">
        <BellRing className="size-5 text-reef-700" aria-hidden="true" />
        {WAITLIST_TEXT.heading}
      </h2>
      <p className="mt-1.5 text-sm text-slate-600">
        Your date is full? Leave your email and group size. If spots open up, we email the first people on the
        list whose group fits a link to book them.
      </p>
      {message ? (
        <p
          role="status"
          data-testid="waitlist-message"
          className="mt-4 flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
        >
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      ) : (
        <form
          ref={formRef}
          method="post"
          action={action}
          onSubmit={submit}
          noValidate
          className="mt-4 space-y-4"
        >
          <input type="hidden" name="intent" value={WAITLIST_INTENT} />
          <input type="hidden" name={F.adventure_id} value={adventureId} />
          {error ? <ErrorBanner message={error} /> : null}
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <Labelled label="Date" error={fieldErrors[F.date]} className="sm:col-span-2">
              <select className="field" name={F.date} value={date} onChange={(e) => setDate(e.target.value)}>
                {full.map((d) => (
                  <option key={d.date} value={d.date}>
                    {d.display} — {d.spots_left === 0 ? "Fully booked" : `${d.spots_left} left`}
                  </option>
                ))}
              </select>
            </Labelled>
            <Labelled label="Group size" error={fieldErrors[F.group_size]}>
              <select
                className="field"
                name={F.group_size}
                value={groupSize}
                onChange={(e) => setGroupSize(e.target.value)}
              >
                {choices.map((n) => (
                  <option key={n} value={n}>
                    {peopleText(n)}
                  </option>
                ))}
              </select>
            </Labelled>
            <Labelled label="Email" error={fieldErrors[F.email]}>
              <input
                className="field"
                type="email"
                name={F.email}
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Labelled>
          </div>
          <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={busy}>
            <BellRing className="size-4" aria-hidden="true" />
            {busy ? "Adding you..." : WAITLIST_TEXT.heading}
          </button>
        </form>
      )}
    </section>
  );
}

function Labelled({
  label,
  error,
  className = "",
  children,
}: {
  label: string;
  error?: string;
  className?: string;
  children: React.ReactElement;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child element
    <label className={`block ${className}`}>
      <span className="field-label">{label}</span>
      {children}
      {error ? (
        <span className="mt-1.5 block text-sm font-medium text-coral-700" data-testid="waitlist-field-error">
          {error}
        </span>
      ) : null}
    </label>
  );
}
