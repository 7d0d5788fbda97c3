/**
 * The admin UI kit: the building blocks every admin screen uses, so the
 * console looks and behaves the same everywhere (headers, cards, alerts,
 * tables, form fields, buttons, badges, tabs).
 */
import { AlertTriangle, CheckCircle2, Info, Loader2, X, XCircle } from "lucide-react";
import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";

function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" ");
}

/* ---------- Page header ---------- */

/** The page's h1 (and document title), an optional line of text and actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  eyebrow,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  eyebrow?: string;
}) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${title} | Admin`}</title>
      <div className="min-w-0">
        {eyebrow ? <p className="eyebrow mb-1">{eyebrow}</p> : null}
        <h1 className="font-display text-2xl font-semibold text-ocean-900 sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1.5 max-w-2xl text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/* ---------- Card ---------- */

export function Card({
  title,
  description,
  actions,
  children,
  className,
  bodyClassName,
  as: Tag = "section",
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Defaults to padded; pass "" for edge-to-edge content such as tables. */
  bodyClassName?: string;
  as?: "section" | "div" | "article";
}) {
  return (
    <Tag className={cx("rounded-2xl border border-slate-200 bg-white shadow-sm", className)}>
      {title || actions ? (
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-3.5 sm:px-5">
          <div className="min-w-0">
            {title ? <h2 className="font-sans text-base font-semibold text-ocean-900">{title}</h2> : null}
            {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      <div className={bodyClassName ?? "p-4 sm:p-5"}>{children}</div>
    </Tag>
  );
}

/* ---------- Stat card ---------- */

const statTones = {
  ocean: "bg-ocean-50 text-ocean-700",
  reef: "bg-reef-50 text-reef-700",
  coral: "bg-coral-50 text-coral-700",
  sand: "bg-sand-100 text-amber-800",
  slate: "bg-slate-100 text-slate-700",
} as const;

export function StatCard({
  label,
  value,
  hint,
  icon,
  tone = "ocean",
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  tone?: keyof typeof statTones;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3.5 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="mt-1 font-display text-2xl font-semibold break-words text-ocean-900">{value}</p>
          {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
        </div>
        {icon ? (
          <span
            aria-hidden="true"
            className={cx(
              "hidden h-10 w-10 shrink-0 items-center justify-center rounded-xl sm:flex",
              statTones[tone],
            )}
          >
            {icon}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/* ---------- Alert / banner ---------- */

export type AlertTone = "success" | "error" | "info" | "warning";

const alertStyles: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  success: { box: "border-reef-500/30 bg-reef-50 text-reef-700", Icon: CheckCircle2 },
  error: { box: "border-coral-500/30 bg-coral-50 text-coral-800", Icon: XCircle },
  info: { box: "border-ocean-200 bg-ocean-50 text-ocean-800", Icon: Info },
  warning: { box: "border-amber-300 bg-amber-50 text-amber-900", Icon: AlertTriangle },
};

/** A banner; errors are announced as alerts, the rest politely. */
export function Alert({
  tone = "info",
  title,
  children,
  onDismiss,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  onDismiss?: () => void;
  className?: string;
}) {
  const { box, Icon } = alertStyles[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-tone={tone}
      className={cx("flex items-start gap-3 rounded-xl border px-4 py-3 text-sm", box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? "mt-0.5" : undefined}>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="-m-1 rounded-lg p-1 opacity-70 hover:opacity-100"
          aria-label="Dismiss"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}

export interface Flash {
  tone: AlertTone;
  text: string;
  title?: string;
}

/**
 * The admin screens' one notice mechanism: the outcome of the last action.
 * Success and info notices clear themselves after 3 seconds; errors and
 * warnings stay until dismissed or replaced (the operator must read them).
 */
export function useFlash(ms = 3000) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (tone: AlertTone, text: string, title?: string) => {
    clearTimeout(timer.current);
    setFlash(title ? { tone, text, title } : { tone, text });
    if (tone === "success" || tone === "info") timer.current = setTimeout(() => setFlash(null), ms);
  };
  const clear = () => {
    clearTimeout(timer.current);
    setFlash(null);
  };
  return { flash, show, clear } as const;
}

/** Shows a screen's notice from useFlash (dismissable). */
export function FlashAlert({
  flash,
  onDismiss,
  className,
}: {
  flash: Flash | null;
  onDismiss: () => void;
  className?: string;
}) {
  if (!flash) return null;
  return (
    <Alert tone={flash.tone} title={flash.title} onDismiss={onDismiss} className={className}>
      {flash.text}
    </Alert>
  );
}

/* ---------- Buttons ---------- */

const buttonVariants = {
  primary: "bg-coral-600 text-white shadow-sm hover:bg-coral-700",
  secondary: "border border-slate-300 bg-white text-ocean-900 hover:bg-slate-50",
  teal: "bg-reef-600 text-white shadow-sm hover:bg-reef-700",
  danger: "border border-coral-200 bg-white text-coral-700 hover:bg-coral-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  dark: "bg-ocean-900 text-white hover:bg-ocean-800",
} as const;
export type ButtonVariant = keyof typeof buttonVariants;

export function buttonClass(variant: ButtonVariant = "secondary", size: "sm" | "md" = "md"): string {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-55",
    size === "sm" ? "min-h-9 px-3 py-1.5 text-sm" : "min-h-11 px-4 py-2.5 text-sm",
    buttonVariants[variant],
  );
}

export function Button({
  variant = "secondary",
  size = "md",
  busy = false,
  className,
  children,
  type = "button",
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: "sm" | "md";
  busy?: boolean;
}) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cx(buttonClass(variant, size), className)}
      {...rest}
    >
      {busy ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
      {children}
    </button>
  );
}

/* ---------- Badges ---------- */

const badgeTones = {
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/25",
  red: "bg-coral-50 text-coral-700 ring-coral-600/20",
  blue: "bg-ocean-50 text-ocean-700 ring-ocean-500/20",
  teal: "bg-reef-50 text-reef-700 ring-reef-600/20",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
} as const;
export type BadgeTone = keyof typeof badgeTones;

export function Badge({ tone = "slate", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        badgeTones[tone],
      )}
    >
      {children}
    </span>
  );
}

/* ---------- Empty state and loading ---------- */

export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center px-4 py-12 text-center">
      {icon ? (
        <span
          aria-hidden="true"
          className="mb-3 flex h-12 w-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-500"
        >
          {icon}
        </span>
      ) : null}
      <p className="font-semibold text-ocean-900">{title}</p>
      {children ? <div className="mt-1 max-w-sm text-sm text-slate-500">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-slate-500">
      <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
      <span>{label}</span>
    </div>
  );
}

/* ---------- Tables ---------- */

/** Class names for plain tables, so every list reads the same. */
export const tableStyles = {
  wrap: "overflow-x-auto",
  table: "min-w-full divide-y divide-slate-200 text-left text-sm",
  thead: "bg-slate-50",
  th: "px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase",
  tbody: "divide-y divide-slate-100 bg-white",
  tr: "align-top hover:bg-slate-50/70",
  td: "px-4 py-3 text-slate-700",
} as const;

/** A scrollable table with a caption for screen readers. */
export function Table({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className={tableStyles.wrap}>
      <table className={tableStyles.table}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/* ---------- Form fields ---------- */

/** Label, control, hint and error for one field. Pass the control as a function to get its id. */
export function Field({
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span className="text-coral-600" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint && !error ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-coral-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type LabelledProps = { label: ReactNode; hint?: ReactNode; error?: string; className?: string };

export function TextField({
  label,
  hint,
  error,
  className,
  required,
  ...input
}: LabelledProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(p) => <input className="field" required={required} {...p} {...input} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  required,
  ...input
}: LabelledProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(p) => <textarea className="field min-h-24" required={required} {...p} {...input} />}
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  required,
  children,
  ...input
}: LabelledProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(p) => (
        <select className="field" required={required} {...p} {...input}>
          {children}
        </select>
      )}
    </Field>
  );
}

export function CheckboxField({
  label,
  hint,
  className,
  ...input
}: { label: ReactNode; hint?: ReactNode; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={cx("flex items-start gap-3", className)}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-reef-600"
        {...input}
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </label>
    </div>
  );
}

/* ---------- Tabs ---------- */

/** Accessible tabs (arrow keys move between them). Render the panel yourself with tabPanelProps. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  idPrefix,
}: {
  tabs: readonly { id: T; label: ReactNode }[];
  value: T;
  onChange: (id: T) => void;
  label: string;
  idPrefix: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: React.KeyboardEvent, index: number) => {
    let next = -1;
    if (e.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (e.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onChange(tabs[next].id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((t, i) => {
        const selected = t.id === value;
        return (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${t.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${t.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(t.id)}
            onKeyDown={(e) => onKey(e, i)}
            className={cx(
              "-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors",
              selected
                ? "border-coral-600 text-ocean-900"
                : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700",
            )}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

export function tabPanelProps(idPrefix: string, id: string) {
  return {
    role: "tabpanel" as const,
    id: `${idPrefix}-panel-${id}`,
    "aria-labelledby": `${idPrefix}-tab-${id}`,
    tabIndex: 0,
  };
}
