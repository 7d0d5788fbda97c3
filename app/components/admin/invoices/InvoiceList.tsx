import { FileText } from "lucide-react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import { formatDollars } from "../../../lib/money";
import { Badge } from "../ui";
import type { InvoiceView } from "./types";

/** Documents, newest first, each a button that opens it. */
export function InvoiceList({
  invoices,
  openId,
  onOpen,
}: {
  invoices: InvoiceView[];
  openId?: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Invoices and adjustment notes">
      {invoices.map((i) => (
        <li key={i.id}>
          <button
            type="button"
            onClick={() => onOpen(i.id)}
            aria-current={openId === i.id ? "true" : undefined}
            className="flex w-full flex-wrap items-center justify-between gap-2 px-1 py-2.5 text-left text-sm hover:bg-slate-50 aria-[current=true]:bg-ocean-50"
          >
            <span className="flex min-w-0 items-center gap-2">
              <FileText aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
              <span className="min-w-0">
                <span className="font-medium text-ocean-900">
                  {i.title} {i.number}
                </span>
                <span className="block truncate text-xs text-slate-500">
                  {[i.buyer_name, i.buyer_email].filter(Boolean).join(" · ")} ·{" "}
                  {formatDateTimeAU(i.issued_at)}
                </span>
              </span>
            </span>
            <span className="flex items-center gap-2">
              {i.kind === "adjustment" ? <Badge tone="amber">Adjustment</Badge> : null}
              <span className="font-semibold tabular-nums">
                {i.kind === "adjustment" ? "−" : ""}
                {formatDollars(i.total, i.currency)}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
