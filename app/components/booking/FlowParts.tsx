import { Check } from "lucide-react";

/** A step's numbered heading; a done step shows a tick instead of its number. */
export function StepHeading({
  id,
  n,
  title,
  done,
  headingRef,
}: {
  id: string;
  n: number;
  title: string;
  done?: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <h2 id={id} ref={headingRef} className="flex scroll-mt-28 items-center gap-3 text-2xl font-semibold">
      <span
        aria-hidden="true"
        className={`inline-flex size-8 items-center justify-center rounded-full font-sans text-sm font-bold ${
          done ? "bg-reef-600 text-white" : "bg-ocean-900 text-white"
        }`}
      >
        {done ? <Check className="size-4" /> : n}
      </span>
      <span>
        <span className="sr-only">Step {n}: </span>
        {title}
      </span>
    </h2>
  );
}

/** A labelled control with its hint and the server's message. */
export function Field({
  label,
  required,
  hint,
  error,
  children,
}: {
  label: string;
  required?: boolean;
  hint?: string;
  /** The server's message for this field (after a form post without JavaScript). */
  error?: string;
  children: React.ReactElement;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child element
    <label className="block">
      <span className="field-label">
        {label}
        {required ? (
          <span className="text-coral-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </span>
      {children}
      {hint ? <span className="mt-1.5 block text-xs text-slate-500">{hint}</span> : null}
      {error ? (
        <span className="mt-1.5 block text-sm font-medium text-coral-700" data-testid="field-error">
          {error}
        </span>
      ) : null}
    </label>
  );
}
