import { Mail, Pencil, Phone } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { Write } from "../ParticipantEditor";
import type { AdminBooking } from "../types";
import { Button, Card, TextAreaField, TextField } from "../ui";
import { failureDetail, type Notify } from "./types";

const FIELDS = [
  "customer_first_name",
  "customer_last_name",
  "customer_email",
  "customer_phone",
  "special_requirements",
] as const;
type ContactField = (typeof FIELDS)[number];
type Values = Record<ContactField, string>;

const valuesOf = (b: AdminBooking): Values => ({
  customer_first_name: b.customer_first_name,
  customer_last_name: b.customer_last_name,
  customer_email: b.customer_email,
  customer_phone: b.customer_phone,
  special_requirements: b.special_requirements,
});

/**
 * The lead customer: name, email, phone and special requirements, and the
 * form that corrects them. The server applies the public booking form's rules
 * and names the field it refuses.
 */
export function ContactCard({
  booking,
  write,
  notify,
}: {
  booking: AdminBooking;
  write: Write;
  notify: Notify;
}) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(booking));
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [saving, setSaving] = useState(false);

  const edit = () => {
    setValues(valuesOf(booking));
    setErrors({});
    setEditing(true);
  };
  const bind = (name: ContactField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const res = await write("PUT", `/api/admin/bookings/${encodeURIComponent(booking.id)}/contact`, values);
    setSaving(false);
    if (res.ok) {
      setEditing(false);
      notify("success", "Contact details saved.");
    } else {
      setErrors(res.errors as Partial<Values>);
      notify("error", "The contact details were not saved", failureDetail(res));
    }
  };

  return (
    <Card
      title="Customer"
      description="The lead booker; emails about the booking go to this address."
      actions={
        editing ? null : (
          <Button size="sm" onClick={edit}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit contact details
          </Button>
        )
      }
    >
      {editing ? (
        <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Contact details">
          <TextField
            label="First name"
            required
            autoComplete="off"
            maxLength={100}
            {...bind("customer_first_name")}
          />
          <TextField label="Last name" autoComplete="off" maxLength={100} {...bind("customer_last_name")} />
          <TextField label="Email" required type="email" autoComplete="off" {...bind("customer_email")} />
          <TextField label="Phone" type="tel" autoComplete="off" maxLength={40} {...bind("customer_phone")} />
          <TextAreaField
            label="Special requirements"
            className="sm:col-span-2"
            maxLength={2000}
            {...bind("special_requirements")}
          />
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" variant="primary" busy={saving}>
              Save contact details
            </Button>
            <Button onClick={() => setEditing(false)} disabled={saving}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="booking-contact">
          <div>
            <dt className="text-slate-500">Name</dt>
            <dd className="font-medium text-ocean-900">
              {booking.customer_first_name} {booking.customer_last_name}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-slate-500">Email</dt>
            <dd className="truncate">
              <a
                href={`mailto:${booking.customer_email}`}
                className="inline-flex items-center gap-1.5 text-reef-700 hover:underline"
              >
                <Mail aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                {booking.customer_email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Phone</dt>
            <dd data-testid="booking-phone">
              {booking.customer_phone ? (
                <a
                  href={`tel:${booking.customer_phone}`}
                  className="inline-flex items-center gap-1.5 text-reef-700 hover:underline"
                >
                  <Phone aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                  {booking.customer_phone}
                </a>
              ) : (
                <span className="text-slate-500">Not given</span>
              )}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Special requirements</dt>
            <dd className="whitespace-pre-line">
              {booking.special_requirements || <span className="text-slate-500">None</span>}
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
