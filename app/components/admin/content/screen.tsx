/**
 * The frame the content screens (gallery, testimonials, FAQs, content
 * sections, adventures, media) have in common: form state with per-field
 * errors, the "view on the site" link, the list and flash banners, and the
 * Edit / Delete / close buttons of a list row or an open form.
 */
import { ExternalLink, Pencil, Trash2, X } from "lucide-react";
import { type ChangeEvent, type ReactNode, useState } from "react";
import { Alert, type AlertTone } from "../ui/alert";
import { Button } from "../ui/button";

type StringKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;
type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A form's values and field errors. `set` clears the field's error as it
 * changes; `field(key)` gives the props of a text, number or select field.
 */
export function useFormFields<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof F & string>(key: K, value: F[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const field = <K extends StringKeys<F>>(key: K) => ({
    name: key,
    value: form[key] as string,
    error: errors[key],
    onChange: (e: ChangeEvent<FieldElement>) => set(key, e.target.value as F[K]),
  });
  return { form, setForm, errors, setErrors, set, field };
}

/** Opens the public page a screen edits, in a new tab. */
export function ViewOnSite({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
      {children}
    </a>
  );
}

/** The list's load error, then the last action's message (dismissable). */
export function ListAlerts({
  error,
  flash,
  onDismiss,
}: {
  error: string;
  flash: { tone: AlertTone; text: string } | null;
  onDismiss: () => void;
}) {
  return (
    <>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {flash ? (
        <Alert tone={flash.tone} onDismiss={onDismiss}>
          {flash.text}
        </Alert>
      ) : null}
    </>
  );
}

/** A row's or card's Edit and Delete buttons, each named for the item it acts on. */
export function EditDeleteButtons({
  onEdit,
  onDelete,
  editLabel,
  deleteLabel,
  className,
}: {
  onEdit: () => void;
  onDelete: () => void;
  editLabel: string;
  deleteLabel: string;
  className?: string;
}) {
  return (
    <>
      <Button size="sm" variant="secondary" className={className} onClick={onEdit} aria-label={editLabel}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
        Edit
      </Button>
      <Button size="sm" variant="danger" className={className} onClick={onDelete} aria-label={deleteLabel}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete
      </Button>
    </>
  );
}

/** The X in the corner of an open form's card. */
export function CloseFormButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100"
      aria-label="Close the form"
    >
      <X aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
