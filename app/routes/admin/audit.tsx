import { Download } from "lucide-react";
import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import {
  Alert,
  Badge,
  Button,
  buttonClass,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  Pager,
  SelectField,
  TextField,
  useFlash,
} from "../../components/admin";
import { adminDownload } from "../../lib/admin-api";
import { adminGet, dataOr, failureText } from "../../lib/admin-data";
import {
  AUDIT_FILTER_FIELDS,
  type AuditEntryView,
  type AuditPage,
  auditQuery,
  changeText,
  OWNER_PERSON,
  parseAuditFilter,
} from "../../lib/audit-log";
import { formatDateTimeAU, sydneyDate } from "../../lib/dates";
import type { StaffList } from "../../lib/staff-api";
import { STAFF_PATH } from "../../lib/staff-api";
import type { Route } from "./+types/audit";

/** Entity names the console records, offered as suggestions (the filter takes any name). */
const KNOWN_ENTITIES = [
  "adventure",
  "availability",
  "booking",
  "booking_change",
  "booking_link",
  "booking_note",
  "check_in",
  "contact_message",
  "content",
  "email",
  "email_template",
  "faq",
  "gallery_image",
  "invoice",
  "media",
  "newsletter",
  "newsletter_subscriber",
  "participant",
  "password",
  "payment",
  "policy",
  "promo_code",
  "refund",
  "schedule",
  "session",
  "settings",
  "staff",
  "tax_settings",
  "testimonial",
  "two_factor",
  "voucher",
  "waitlist_entry",
  "waiver",
  "weather_calloff",
  "weather_offer",
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const key of [...AUDIT_FILTER_FIELDS, "page"]) {
    const value = params.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const [list, staff] = await Promise.all([
    adminGet<AuditPage>(`/api/admin/audit?${query}`),
    adminGet<StaffList>(STAFF_PATH),
  ]);
  const values = Object.fromEntries(AUDIT_FILTER_FIELDS.map((f) => [f, params.get(f) ?? ""]));
  return { list, staff, values };
}

/** /admin/audit: who changed what and when, filtered, newest first, with its CSV. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { list, staff, values } = loaderData;
  const [params] = useSearchParams();
  const { flash, show, clear } = useFlash(5000);
  const [exporting, setExporting] = useState(false);
  const page = list.ok ? list.data : null;
  const members = dataOr(staff, {
    owner: { email: null, two_factor: false },
    require_two_factor: false,
    members: [],
  }).members;

  const download = async () => {
    const parsed = parseAuditFilter((f) => params.get(f) ?? undefined);
    const query = parsed.ok ? auditQuery(parsed.filter) : new URLSearchParams();
    setExporting(true);
    const ok = await adminDownload(`/api/admin/audit.csv?${query}`, `audit-log-${sydneyDate()}.csv`);
    setExporting(false);
    if (!ok) show("error", "", "Failed to download the audit log");
  };

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the console: who, when, from which address, and the fields before and after. Passwords, secrets and medical answers show as “changed” only."
        actions={
          <Button onClick={download} busy={exporting}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download CSV
          </Button>
        }
      />
      <FlashAlert flash={flash} onDismiss={clear} className="mb-4" />
      <Card className="mb-4">
        <Form
          method="get"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          aria-label="Filter the audit log"
        >
          <SelectField label="Person" name="person" defaultValue={values.person}>
            <option value="">Anyone</option>
            <option value={OWNER_PERSON}>Owner</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name || m.email}
              </option>
            ))}
            {values.person &&
            values.person !== OWNER_PERSON &&
            !members.some((m) => m.id === values.person) ? (
              <option value={values.person}>Former member ({values.person})</option>
            ) : null}
          </SelectField>
          <TextField
            label="What (entity)"
            name="entity"
            list="audit-entities"
            defaultValue={values.entity}
            maxLength={40}
            autoCapitalize="none"
          />
          <datalist id="audit-entities">
            {KNOWN_ENTITIES.map((e) => (
              <option key={e} value={e} />
            ))}
          </datalist>
          <TextField label="Entity id" name="entity_id" defaultValue={values.entity_id} maxLength={200} />
          <TextField
            label="Booking (reference or id)"
            name="booking"
            defaultValue={values.booking}
            maxLength={100}
            autoCapitalize="characters"
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField label="From" name="from" type="date" defaultValue={values.from} />
            <TextField label="To" name="to" type="date" defaultValue={values.to} />
          </div>
          <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
            <Button type="submit" variant="primary">
              Filter
            </Button>
            <Link to="/admin/audit" className={buttonClass("ghost")}>
              Clear
            </Link>
          </div>
        </Form>
      </Card>
      {!list.ok ? <Alert tone="error">{failureText(list, "Failed to load the audit log")}</Alert> : null}
      {page && page.entries.length === 0 ? (
        <EmptyState title="No entries match">Try another filter.</EmptyState>
      ) : null}
      {page?.entries.length ? (
        <Card bodyClassName="">
          <ul className="divide-y divide-slate-100" aria-label="Audit entries, newest first">
            {page.entries.map((e) => (
              <Entry key={e.id} entry={e} />
            ))}
          </ul>
          <Pager
            page={page.page}
            pages={Math.max(1, Math.ceil(page.total / page.page_size))}
            total={page.total}
            noun={["entry", "entries"]}
          />
        </Card>
      ) : null}
    </>
  );
}

function Entry({ entry: e }: { entry: AuditEntryView }) {
  const changes = Object.entries(e.changes);
  return (
    <li className="px-4 py-3 sm:px-5" data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Badge tone={e.action === "delete" ? "red" : e.action === "create" ? "green" : "blue"}>
          {e.action}
        </Badge>
        <span className="font-medium text-ocean-900">{e.entity}</span>
        {e.booking_id ? (
          <Link
            to={`/admin/bookings/${encodeURIComponent(e.booking_id)}`}
            className="text-ocean-700 underline"
          >
            {e.booking_reference ?? e.booking_id}
          </Link>
        ) : (
          <span className="break-all font-mono text-xs text-slate-500">{e.entity_id}</span>
        )}
      </div>
      <p className="mt-1 text-xs text-slate-500">
        <time dateTime={e.occurred_at}>{formatDateTimeAU(e.occurred_at)}</time> · {e.actor}
        {e.address ? ` · from ${e.address}` : ""}
      </p>
      {changes.length ? (
        <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {changes.map(([field, change]) => (
            <div key={field} className="contents">
              <dt className="font-mono text-xs text-slate-600 sm:pt-0.5">{field}</dt>
              <dd className="mb-1 break-words text-slate-800 sm:mb-0">
                {"changed" in change ? (
                  <em className="text-slate-600">changed</em>
                ) : (
                  changeText(change, e.action)
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
