/**
 * The fields of a participant's form: labelled inputs with their hint and
 * error wired for screen readers, and the sections that group them.
 */
import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { ParticipantFormData } from "../../../server/domain/dive-ops/participant-views.server";

/** What a section's fields read: each field's value (as posted, else as saved) and each field's error. */
export interface SectionFields {
  value: (name: keyof ParticipantFormData["values"]) => string;
  errors: Record<string, string>;
}

export function Section({
  title,
  hint,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="space-y-4" data-testid={testId}>
      <div>
        <h2 className="text-xl font-semibold">{title}</h2>
        {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

function fieldClass(error: string | undefined): string {
  return `field ${error ? "border-coral-600 focus:border-coral-600 focus:ring-coral-600/30" : ""}`;
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="mt-1.5 flex items-center gap-1.5 text-sm text-coral-700">
      <CircleAlert aria-hidden className="size-4 shrink-0" />
      {message}
    </p>
  );
}

interface FieldProps {
  name: string;
  label: string;
  value: string;
  errors: Record<string, string>;
  hint?: string;
  optional?: boolean;
}

function describedBy(name: string, error: string | undefined, hint: string | undefined) {
  return (
    [error ? `p-${name}-error` : null, hint ? `p-${name}-hint` : null].filter(Boolean).join(" ") || undefined
  );
}

export function TextField({
  name,
  label,
  value,
  errors,
  hint,
  optional,
  requiredMark,
  type = "text",
  ...rest
}: FieldProps & {
  /** Shown after the label, and told to screen readers, when the field is required in this case only. */
  requiredMark?: string;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "numeric";
  /** A date field's latest accepted value (YYYY-MM-DD). */
  max?: string;
  /** A date field's earliest accepted value (YYYY-MM-DD). */
  min?: string;
}) {
  const error = errors[name];
  return (
    <div>
      <label htmlFor={`p-${name}`} className="field-label">
        {label} {optional ? <span className="font-normal text-slate-500">(optional)</span> : null}
        {requiredMark ? <span className="font-normal text-slate-500">({requiredMark})</span> : null}
      </label>
      <input
        id={`p-${name}`}
        name={name}
        type={type}
        defaultValue={value}
        className={fieldClass(error)}
        aria-required={requiredMark ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...rest}
      />
      {hint ? (
        <p id={`p-${name}-hint`} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`p-${name}-error`} message={error} /> : null}
    </div>
  );
}

export function SelectField({
  name,
  label,
  value,
  errors,
  hint,
  options,
}: FieldProps & { options: { value: string; label: string }[] }) {
  const error = errors[name];
  return (
    <div>
      <label htmlFor={`p-${name}`} className="field-label">
        {label}
      </label>
      <select
        id={`p-${name}`}
        name={name}
        defaultValue={value}
        className={fieldClass(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? <FieldError id={`p-${name}-error`} message={error} /> : null}
    </div>
  );
}
