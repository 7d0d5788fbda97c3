/**
 * The audit log for the owner (behind requireAdmin; the `audit` permission,
 * declared in app/route-policy-admin-api.ts): the filtered list, newest
 * first, and the same entries as a CSV download. Nothing here changes an
 * entry: the log has no write route at all.
 */
import { Hono } from "hono";
import { stream } from "hono/streaming";
import {
  AUDIT_MAX_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  type AuditFilter,
  parseAuditFilter,
} from "../../app/lib/audit-log.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { sydneyDate } from "../../app/lib/dates.ts";
import { auditCsv, listAudit } from "../domain/audit/audit-query.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";

function readFilter(query: (k: string) => string | undefined): AuditFilter {
  const parsed = parseAuditFilter(query);
  if (!parsed.ok) throw badRequest(`${parsed.field}: ${parsed.message}`, { [parsed.field]: parsed.message });
  return parsed.filter;
}

function wholeNumber(value: string | undefined, fallback: number, field: string, max: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,7}$/.test(value) || Number(value) < 1) {
    throw badRequest(`${field}: Must be a whole number of at least 1`, {
      [field]: "Must be a whole number of at least 1",
    });
  }
  return Math.min(Number(value), max);
}

export function adminAuditApi({ database, now }: Services) {
  const { db } = database;
  const api = new Hono();

  api.get("/admin/audit", async (c) => {
    const filter = readFilter((k) => c.req.query(k));
    const page = wholeNumber(c.req.query("page"), 1, "page", 1_000_000);
    const size = wholeNumber(c.req.query("page_size"), AUDIT_PAGE_SIZE, "page_size", AUDIT_MAX_PAGE_SIZE);
    c.header("Cache-Control", NO_STORE);
    return c.json(await listAudit(db, filter, page, size));
  });

  api.get("/admin/audit.csv", (c) => {
    const filter = readFilter((k) => c.req.query(k));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="audit-log-${sydneyDate(now())}.csv"`);
    c.header("Cache-Control", NO_STORE);
    return stream(c, async (out) => {
      // A BOM so spreadsheet programs read the file as UTF-8.
      await out.write("\uFEFF");
      for await (const chunk of auditCsv(db, filter)) await out.write(chunk);
    });
  });

  return api;
}
