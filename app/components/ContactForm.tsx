import { CircleAlert, CircleCheck, LoaderCircle, MessageCircle, Send } from "lucide-react";
import { useRef, useState } from "react";
import { postJson } from "../lib/api";
import type { FormView } from "../lib/form-result";
import { useHydrated } from "../lib/hydrated";
import { useAdoptTypedValues } from "../lib/typed-before-hydration";
import { type ContactInput, contactSchema } from "../lib/validation";

export interface AdventureOption {
  value: ContactInput["adventure_type"];
  label: string;
}

export type ContactValues = Record<
  "first_name" | "last_name" | "email" | "phone" | "adventure_type" | "message",
  string
>;
type Field = keyof ContactValues;
export type ContactErrors = Partial<Record<Field, string>>;
type Status = "idle" | "sending" | "success" | "error";

const FIELD_ORDER: Field[] = ["first_name", "last_name", "email", "phone", "adventure_type", "message"];

function emptyValues(adventure = ""): ContactValues {
  return { first_name: "", last_name: "", email: "", phone: "", adventure_type: adventure, message: "" };
}

/** First message per field, in the same words the server uses. */
export function validateContact(values: ContactValues): { data?: ContactInput; errors: ContactErrors } {
  const result = contactSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/**
 * The contact form of /contact and the home page: validated in the browser with
 * the same schema as the API, then POST /api/contact. Only the answer's status
 * decides success; the form is cleared on success.
 */
export function ContactForm({
  adventures,
  initialAdventure = "",
  guideName,
  whatsappUrl,
  fallback,
}: {
  adventures: AdventureOption[];
  initialAdventure?: string;
  guideName: string;
  whatsappUrl: string;
  /** What the route action answered when the form was posted without JavaScript. */
  fallback?: FormView<null, ContactValues>;
}) {
  const failed = fallback?.sent && !fallback.ok ? fallback : undefined;
  const [values, setValues] = useState<ContactValues>(() => failed?.values ?? emptyValues(initialAdventure));
  const [errors, setErrors] = useState<ContactErrors>(() => failed?.errors ?? {});
  // A refusal shows beside its fields; a fault (500) as the error notice.
  const [status, setStatus] = useState<Status>(() =>
    fallback?.ok ? "success" : failed && failed.status >= 500 ? "error" : "idle",
  );
  // After the first attempt, messages follow the input so they disappear once fixed.
  const [attempted, setAttempted] = useState(Boolean(failed));
  // The server's own sentence when it asks the visitor to wait (429), shown above the usual advice.
  const [waitNotice, setWaitNotice] = useState("");
  // Until React takes over, the browser's own required/email checks guard the plain form post.
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  // What the visitor typed before the scripts arrived is what they send.
  useAdoptTypedValues(formRef, (typed) =>
    setValues((v) => {
      const next = { ...v };
      for (const field of FIELD_ORDER) {
        const value = typed.get(field);
        if (typeof value === "string") next[field] = value;
      }
      return next;
    }),
  );

  function update(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validateContact(next).errors);
  }

  function focusField(field: Field) {
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === "sending") return;
    setAttempted(true);
    const { data, errors: found } = validateContact(values);
    setErrors(found);
    if (!data) {
      const first = FIELD_ORDER.find((f) => found[f]);
      if (first) focusField(first);
      return;
    }
    setStatus("sending");
    setWaitNotice("");
    const result = await postJson<{ success: boolean }>("/api/contact", {
      first_name: data.first_name,
      last_name: data.last_name,
      email: data.email,
      phone: data.phone,
      adventure_type: data.adventure_type,
      message: data.message,
    });
    if (result.ok) {
      setStatus("success");
      setValues(emptyValues());
      setErrors({});
      setAttempted(false);
    } else {
      setStatus("error");
      if (result.status === 429) setWaitNotice(result.detail);
      if (result.status === 400 && Object.keys(result.errors).length > 0) {
        const serverErrors: ContactErrors = {};
        for (const f of FIELD_ORDER) if (result.errors[f]) serverErrors[f] = result.errors[f];
        setErrors(serverErrors);
      }
    }
    // Bring the outcome into view (the form can be taller than the screen).
    requestAnimationFrame(() => statusRef.current?.scrollIntoView({ behavior: "smooth", block: "center" }));
  }

  const sending = status === "sending";
  const errorCount = Object.keys(errors).length;

  const fieldProps = (field: Field) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `contact-${field}-error` : undefined,
    className: `field ${errors[field] ? "border-coral-600 focus:border-coral-600 focus:ring-coral-600/30" : ""}`,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      update(field, e.target.value),
  });

  /** One labelled field: the label (with its required marker), the control, and its error. */
  const box = (field: Field, label: string, required: boolean, control: React.ReactNode) => (
    <div>
      <label htmlFor={`contact-${field}`} className="field-label">
        {label}{" "}
        {required ? (
          <span aria-hidden className="text-coral-600">
            *
          </span>
        ) : (
          <span className="font-normal text-slate-500">(optional)</span>
        )}
      </label>
      {control}
      {errors[field] && (
        <p id={`contact-${field}-error`} className="mt-1.5 flex items-center gap-1.5 text-sm text-coral-700">
          <CircleAlert aria-hidden className="h-4 w-4 shrink-0" />
          {errors[field]}
        </p>
      )}
    </div>
  );

  return (
    <div>
      <div ref={statusRef} aria-live="polite" className="scroll-mt-24">
        {status === "success" && (
          <div
            role="status"
            className="mb-6 flex gap-3 rounded-2xl border border-reef-100 bg-reef-50 p-4 text-reef-700 sm:p-5"
          >
            <CircleCheck aria-hidden className="mt-0.5 h-6 w-6 shrink-0" />
            <div>
              <h3 className="font-sans text-base font-semibold text-reef-700">Message Sent Successfully!</h3>
              <p className="mt-1 text-sm text-slate-700">{guideName} will get back to you within 24 hours.</p>
            </div>
          </div>
        )}
        {status === "error" && (
          <div
            role="alert"
            className="mb-6 flex gap-3 rounded-2xl border border-coral-100 bg-coral-50 p-4 text-coral-800 sm:p-5"
          >
            <CircleAlert aria-hidden className="mt-0.5 h-6 w-6 shrink-0" />
            <div>
              <h3 className="font-sans text-base font-semibold text-coral-800">Error Sending Message</h3>
              {waitNotice && <p className="mt-1 text-sm font-medium text-coral-800">{waitNotice}</p>}
              <p className="mt-1 text-sm text-slate-700">
                Please try again or contact us directly via WhatsApp.
              </p>
              {whatsappUrl && (
                <a
                  href={whatsappUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-3 inline-flex items-center gap-2 rounded-lg bg-[#25d366] px-3.5 py-2 text-sm font-semibold text-ocean-950 hover:bg-[#1fbd5a]"
                >
                  <MessageCircle aria-hidden className="h-4 w-4" />
                  Chat on WhatsApp
                </a>
              )}
            </div>
          </div>
        )}
      </div>

      {/* method="post": without JavaScript the route's action takes the message instead. */}
      <form
        ref={formRef}
        method="post"
        onSubmit={submit}
        noValidate={hydrated}
        aria-label="Contact form"
        className="space-y-5"
      >
        {attempted && errorCount > 0 && status !== "error" && (
          <p className="text-sm font-medium text-coral-700">
            Please check the {errorCount === 1 ? "field" : `${errorCount} fields`} marked below.
          </p>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          {box(
            "first_name",
            "First name",
            true,
            <input {...fieldProps("first_name")} type="text" autoComplete="given-name" required />,
          )}
          {box(
            "last_name",
            "Last name",
            true,
            <input {...fieldProps("last_name")} type="text" autoComplete="family-name" required />,
          )}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {box(
            "email",
            "Email",
            true,
            <input {...fieldProps("email")} type="email" autoComplete="email" inputMode="email" required />,
          )}
          {box(
            "phone",
            "Phone",
            false,
            <input {...fieldProps("phone")} type="tel" autoComplete="tel" inputMode="tel" />,
          )}
        </div>
        {box(
          "adventure_type",
          "Adventure type",
          true,
          <select {...fieldProps("adventure_type")} required>
            <option value="">Select an adventure</option>
            {adventures.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>,
        )}
        {box(
          "message",
          "Message",
          true,
          <textarea
            {...fieldProps("message")}
            rows={6}
            required
            placeholder="Tell us about your group, your experience and the dates you have in mind."
          />,
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-500">
            <span aria-hidden className="text-coral-600">
              *
            </span>{" "}
            Required fields
          </p>
          <button type="submit" className="btn-primary w-full px-7 sm:w-auto" disabled={sending}>
            {sending ? (
              <>
                <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
                Sending...
              </>
            ) : (
              <>
                <Send aria-hidden className="h-4 w-4" />
                Send Message
              </>
            )}
          </button>
        </div>
      </form>
    </div>
  );
}
