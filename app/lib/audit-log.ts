/**
 * The audit log's filter and the shape of its entries, as the console's
 * screen sends and reads them and the API checks them. Pure: the browser's
 * bundle reads it too, and the filter's rules are tested without a server.
 */
import { isIsoDate } from "./dates.ts";

/** The filter's fields, in the order the screen and the CSV link send them. */
export const AUDIT_FILTER_FIELDS = ["person", "entity", "entity_id", "booking", "from", "to"] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];

/** The person filter's value for the owner (who signs in with the site's own password). */
export const OWNER_PERSON = "owner";

/** Entries per page of the screen and the API (at most `AUDIT_MAX_PAGE_SIZE` on request). */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

export interface AuditFilter {
  /** A staff member's id, or "owner". */
  person?: string;
  entity?: string;
  entityId?: string;
  /** A booking's id or its reference (TW-7K3Q9P). */
  booking?: string;
  /** Sydney calendar dates, both included. */
  from?: string;
  to?: string;
}

export type FieldChangeView = { before: unknown; after: unknown } | { changed: true };

export interface AuditEntryView {
  id: string;
  occurred_at: string;
  recorded_at: string;
  staff_id: string | null;
  actor: string;
  address: string;
  action: string;
  entity: string;
  entity_id: string;
  booking_id: string | null;
  booking_reference: string | null;
  changes: Record<string, FieldChangeView>;
}

export interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  page: number;
  page_size: number;
}

export type AuditFilterResult =
  | { ok: true; filter: AuditFilter }
  | { ok: false; field: AuditFilterField; message: string };

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const ENTITY = /^[a-z][a-z0-9_-]{0,39}$/;

/**
 * The filter from a query (empty values are "any"). A value the log could
 * never match is refused with the field it came in, rather than answering an
 * empty list the operator would take for "nobody did that".
 */
export function parseAuditFilter(query: (field: AuditFilterField) => string | undefined): AuditFilterResult {
  const read = (field: AuditFilterField) => query(field)?.trim() || undefined;
  const fail = (field: AuditFilterField, message: string): AuditFilterResult => ({
    ok: false,
    field,
    message,
  });
  const person = read("person");
  if (person && person !== OWNER_PERSON && !ID.test(person)) {
    return fail("person", `Use "${OWNER_PERSON}" or a staff member's id`);
  }
  const entity = read("entity");
  if (entity && !ENTITY.test(entity)) {
    return fail("entity", "Use an entity name of lowercase letters, digits, - and _ (at most 40)");
  }
  const entityId = read("entity_id");
  if (entityId && entityId.length > 200) return fail("entity_id", "Must be at most 200 characters");
  const booking = read("booking");
  if (booking && !ID.test(booking)) return fail("booking", "Use a booking's id or reference");
  const from = read("from");
  if (from && !isIsoDate(from)) return fail("from", "Use a date as YYYY-MM-DD");
  const to = read("to");
  if (to && !isIsoDate(to)) return fail("to", "Use a date as YYYY-MM-DD");
  if (from && to && from > to) return fail("to", "Must be on or after the from date");
  return { ok: true, filter: { person, entity, entityId, booking, from, to } };
}

/** The filter as query parameters (the screen's links and the CSV download keep it). */
export function auditQuery(filter: AuditFilter): URLSearchParams {
  const query = new URLSearchParams();
  const values: Record<AuditFilterField, string | undefined> = {
    person: filter.person,
    entity: filter.entity,
    entity_id: filter.entityId,
    booking: filter.booking,
    from: filter.from,
    to: filter.to,
  };
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = values[field];
    if (value) query.set(field, value);
  }
  return query;
}

/**
 * One change as the screen shows it: `before → after`, or "changed" for a
 * secret. A created row's fields show their value alone, a deleted row's the
 * value it had: an arrow from or to nothing would only repeat the action.
 */
export function changeText(change: FieldChangeView, action?: string): string {
  if ("changed" in change) return "changed";
  if (action === "create" && change.before === null) return valueText(change.after);
  if (action === "delete" && change.after === null) return valueText(change.before);
  return `${valueText(change.before)} → ${valueText(change.after)}`;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "string") return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  const json = JSON.stringify(value);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}
