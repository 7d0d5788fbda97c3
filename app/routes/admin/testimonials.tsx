import { Check, EyeOff, MessageSquareQuote, Plus, Star, StarOff, Trash2 } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import {
  Badge,
  Button,
  Card,
  CheckboxField,
  EmptyState,
  PageHeader,
  SelectField,
  Tabs,
  TextAreaField,
  TextField,
  tabPanelProps,
  useConfirm,
  useFlash,
} from "../../components/admin";
import { ErrorSummary, focusFirstError } from "../../components/admin/content/bits";
import { ListAlerts, useFormFields, ViewOnSite } from "../../components/admin/content/screen";
import type { ProAdventure, Testimonial } from "../../components/admin/content/types";
import { Stars } from "../../components/Stars";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { check } from "../../lib/admin-forms/check";
import { type TestimonialStatusInput, testimonialSchema } from "../../lib/admin-forms/reviews";
import type { Route } from "./+types/testimonials";

const blank = {
  customer_name: "",
  adventure_type: "",
  location: "",
  content: "",
  rating: "5",
  is_featured: false,
};

function addedOn(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Australia/Sydney",
  }).format(new Date(iso));
}

const FILTERS = ["all", "pending", "approved", "hidden"] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = {
  all: "All",
  pending: "Pending",
  approved: "Approved",
  hidden: "Hidden",
};
const STATUS_TONES = { pending: "amber", approved: "green", hidden: "slate" } as const;
const isFilter = (v: string | null): v is Filter => FILTERS.includes(v as Filter);

export async function clientLoader() {
  const [testimonials, adventures] = await Promise.all([
    adminGet<Testimonial[]>("/api/admin/testimonials"),
    adminGet<ProAdventure[]>("/api/admin/adventures-pro"),
  ]);
  return { testimonials, adventures };
}
export const clientAction = adminAction;

/** Testimonials manager: the reviews on /reviews and the home carousel. */
export default function AdminTestimonials({ loaderData }: Route.ComponentProps) {
  const testimonials = dataOr(loaderData.testimonials, []);
  // The adventures only name the reviews' adventure and fill the choice; the screen's load error is the list's.
  const adventures = dataOr(loaderData.adventures, []);
  const loadError = failureText(loaderData.testimonials, "Failed to fetch testimonials");
  const write = useAdminWrite();
  const { form, setForm, errors, setErrors, field } = useFormFields(blank);
  const [adding, setAdding] = useState(false);
  const { flash, show, clear } = useFlash();
  const { confirm, dialog } = useConfirm();
  const formRef = useRef<HTMLFormElement>(null);
  const titleOf = (id: string) => adventures.find((a) => a.id === id)?.title ?? id;
  // The filter lives in the address, so a link can open the pending reviews.
  const [params, setParams] = useSearchParams();
  const filter: Filter = isFilter(params.get("status")) ? (params.get("status") as Filter) : "all";
  const countOf = (f: Filter) =>
    f === "all" ? testimonials.length : testimonials.filter((t) => t.status === f).length;
  const shown = filter === "all" ? testimonials : testimonials.filter((t) => t.status === filter);
  const choose = (f: Filter) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (f === "all") next.delete("status");
        else next.set("status", f);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const payload = { ...form, rating: Number(form.rating) };
    const result = check(testimonialSchema, payload);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(formRef.current, result.errors);
      return;
    }
    setAdding(true);
    const res = await write<Testimonial>("POST", "/api/admin/testimonials", result.data);
    setAdding(false);
    if (!res.ok) {
      setErrors(res.errors);
      show("error", failureText(res, "Failed to add testimonial"));
      return;
    }
    setForm(blank);
    setErrors({});
    show("success", `Review from ${res.data.customer_name} added.`);
  };

  const remove = async (t: Testimonial) => {
    const ok = await confirm({
      title: "Delete this review?",
      message: `The review from ${t.customer_name} will be removed from the website.`,
      confirmLabel: "Delete",
    });
    if (!ok) return;
    const res = await write("DELETE", `/api/admin/testimonials/${encodeURIComponent(t.id)}`);
    if (!res.ok) {
      show("error", failureText(res, "Failed to delete testimonial"));
      return;
    }
    show("success", `Review from ${t.customer_name} deleted.`);
  };

  /** Approve, hide, feature or unfeature: one call, the server applies the rule between them. */
  const moderate = async (t: Testimonial, body: TestimonialStatusInput, done: string) => {
    const res = await write<Testimonial>(
      "POST",
      `/api/admin/testimonials/${encodeURIComponent(t.id)}/status`,
      body,
    );
    if (!res.ok) {
      show("error", failureText(res, "Failed to update the review"));
      return;
    }
    show("success", `Review from ${t.customer_name} ${done}.`);
  };

  return (
    <>
      <PageHeader
        title="Testimonials"
        description="Reviews from past guests, shown on the Reviews page; featured ones also rotate on the home page. A review a customer sends from their booking link waits as Pending until you approve it."
        actions={<ViewOnSite href="/reviews">View reviews</ViewOnSite>}
      />
      {dialog}
      <div className="space-y-5">
        <ListAlerts error={loadError} flash={flash} onDismiss={clear} />

        <Card title="Add a review">
          <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Add a review">
            <ErrorSummary errors={errors} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Customer name" required {...field("customer_name")} autoComplete="off" />
              <TextField label="Location" required {...field("location")} placeholder="e.g. Bondi, Sydney" />
              <SelectField label="Adventure" required {...field("adventure_type")}>
                <option value="">Choose an adventure</option>
                {adventures.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.title}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Rating" {...field("rating")}>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {n} {n === 1 ? "star" : "stars"}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextAreaField label="Review" required {...field("content")} rows={4} />
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <CheckboxField
                label="Featured"
                hint="Shown in the home page carousel"
                name="is_featured"
                checked={form.is_featured}
                onChange={(e) => setForm((f) => ({ ...f, is_featured: e.target.checked }))}
              />
              <Button type="submit" variant="primary" busy={adding}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                Add review
              </Button>
            </div>
          </form>
        </Card>

        <Card title={`Reviews (${testimonials.length})`} bodyClassName="p-3 sm:p-5">
          {testimonials.length === 0 ? (
            <EmptyState icon={<MessageSquareQuote className="h-6 w-6" />} title="No reviews yet">
              Add one above; it appears on the Reviews page straight away.
            </EmptyState>
          ) : (
            <>
              <Tabs
                tabs={FILTERS.map((f) => ({ id: f, label: `${FILTER_LABELS[f]} (${countOf(f)})` }))}
                value={filter}
                onChange={choose}
                label="Show reviews by status"
                idPrefix="reviews"
              />
              <div {...tabPanelProps("reviews", filter)} className="pt-4 focus:outline-none">
                {shown.length === 0 ? (
                  <p className="py-6 text-center text-sm text-slate-500">
                    No {FILTER_LABELS[filter].toLowerCase()} reviews.
                  </p>
                ) : (
                  <ul className="grid gap-3 md:grid-cols-2" aria-label="Reviews">
                    {shown.map((t) => (
                      <li
                        key={t.id}
                        className="flex flex-col rounded-xl border border-slate-200 bg-white p-4"
                        data-testid="testimonial-card"
                      >
                        <div className="flex items-start justify-between gap-3">
                          <div className="min-w-0">
                            <p className="font-semibold text-ocean-900">{t.customer_name}</p>
                            <p className="text-xs text-slate-500">{t.location}</p>
                          </div>
                          <Stars rating={t.rating} />
                        </div>
                        <div className="mt-3 flex gap-3">
                          <p className="line-clamp-4 min-w-0 flex-1 text-sm text-slate-700">{t.content}</p>
                          {t.image ? (
                            <a href={t.image} target="_blank" rel="noreferrer" className="shrink-0">
                              <img
                                src={t.image}
                                alt={`From the trip of ${t.customer_name}`}
                                className="h-16 w-16 rounded-lg object-cover ring-1 ring-slate-200"
                                loading="lazy"
                              />
                            </a>
                          ) : null}
                        </div>
                        <div className="mt-auto flex flex-wrap items-center gap-2 pt-3 text-xs text-slate-500">
                          <Badge tone={STATUS_TONES[t.status]}>{FILTER_LABELS[t.status]}</Badge>
                          <Badge tone="blue">{titleOf(t.adventure_type)}</Badge>
                          {t.is_featured ? (
                            <Badge tone="amber">
                              <Star aria-hidden="true" className="mr-0.5 h-3 w-3" />
                              Featured
                            </Badge>
                          ) : null}
                          {t.booking_reference ? (
                            <span data-testid="testimonial-booking">Booking {t.booking_reference}</span>
                          ) : null}
                          <span>Added {addedOn(t.created_at)}</span>
                        </div>
                        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
                          {t.status !== "approved" ? (
                            <Button
                              size="sm"
                              variant="primary"
                              onClick={() => moderate(t, { status: "approved" }, "approved")}
                              aria-label={`Approve the review from ${t.customer_name}`}
                            >
                              <Check aria-hidden="true" className="h-4 w-4" />
                              Approve
                            </Button>
                          ) : null}
                          {t.is_featured ? (
                            <Button
                              size="sm"
                              onClick={() =>
                                moderate(t, { status: "approved", is_featured: false }, "no longer featured")
                              }
                              aria-label={`Unfeature the review from ${t.customer_name}`}
                            >
                              <StarOff aria-hidden="true" className="h-4 w-4" />
                              Unfeature
                            </Button>
                          ) : (
                            <Button
                              size="sm"
                              onClick={() =>
                                moderate(t, { status: "approved", is_featured: true }, "featured")
                              }
                              aria-label={`Feature the review from ${t.customer_name}`}
                            >
                              <Star aria-hidden="true" className="h-4 w-4" />
                              Feature
                            </Button>
                          )}
                          {t.status !== "hidden" ? (
                            <Button
                              size="sm"
                              onClick={() => moderate(t, { status: "hidden" }, "hidden")}
                              aria-label={`Hide the review from ${t.customer_name}`}
                            >
                              <EyeOff aria-hidden="true" className="h-4 w-4" />
                              Hide
                            </Button>
                          ) : null}
                          <Button
                            size="sm"
                            variant="danger"
                            className="ml-auto"
                            onClick={() => remove(t)}
                            aria-label={`Delete the review from ${t.customer_name}`}
                          >
                            <Trash2 aria-hidden="true" className="h-4 w-4" />
                            Delete
                          </Button>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </>
          )}
        </Card>
      </div>
    </>
  );
}
