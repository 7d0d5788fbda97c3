/**
 * Small pieces the content screens share that the admin kit does not have:
 * a switch, tag chips ("up to 3 plus +N"), list text areas, field-error
 * messages and the error summary.
 */
import { useId } from "react";

function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" ");
}

/** An on/off switch (a checkbox with role="switch"), label and hint beside it. */
export function Toggle({
  label,
  hint,
  checked,
  onChange,
  name,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <label htmlFor={id} className="min-w-0 cursor-pointer text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </label>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          name={name}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-reef-600 focus-visible:ring-2 focus-visible:ring-reef-500/40 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}

/** Up to `max` tags, then "+N" for the rest. */
export function TagChips({
  tags,
  max = 3,
  className,
}: {
  tags: readonly string[];
  max?: number;
  className?: string;
}) {
  if (tags.length === 0) return null;
  const rest = tags.length - max;
  return (
    <ul className={cx("flex flex-wrap gap-1", className)} aria-label="Tags">
      {tags.slice(0, max).map((t) => (
        <li
          key={t}
          className="max-w-full truncate rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
        >
          {t}
        </li>
      ))}
      {rest > 0 ? (
        <li
          className="rounded-full bg-ocean-50 px-2 py-0.5 text-xs font-medium text-ocean-700"
          title={tags.slice(max).join(", ")}
        >
          +{rest}
        </li>
      ) : null}
    </ul>
  );
}

/** The error line under a field, tied to it by id. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: React.ReactNode }) {
  if (error) {
    return (
      <p id={`${id}-error`} className="mt-1 text-xs font-medium text-coral-700">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
      {hint}
    </p>
  ) : null;
}

/** Props that tie an input to its hint or error line. */
export function describedBy(id: string, error?: string, hint?: unknown) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** Scrolls to and focuses the first field with an error (by the field's data-field attribute or name). */
export function focusFirstError(form: HTMLElement | null, errors: Record<string, string>) {
  if (!form) return;
  for (const key of Object.keys(errors)) {
    const el = form.querySelector<HTMLElement>(`[name="${CSS.escape(key)}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      el.scrollIntoView({ block: "center", behavior: "smooth" });
      return;
    }
  }
}

/** A short summary banner for a form with errors. */
export function ErrorSummary({ errors }: { errors: Record<string, string> }) {
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-coral-500/30 bg-coral-50 px-4 py-2.5 text-sm text-coral-800"
    >
      Please fix {count === 1 ? "the highlighted field" : `the ${count} highlighted fields`} below.
    </p>
  );
}
