import { Mail, Printer, X } from "lucide-react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import { formatDollars } from "../../../lib/money";
import type { Write } from "../ParticipantEditor";
import { Button, Card } from "../ui";
import type { InvoiceDetail } from "./types";

/**
 * One document as issued: its page in a sandboxed frame (no scripts, no
 * same-origin access), a copy to print from a tab of its own, and sending it
 * to the buyer again.
 */
export function InvoiceDocument({
  invoice,
  write,
  onClose,
  onSent,
}: {
  invoice: InvoiceDetail;
  write: Write;
  onClose: () => void;
  onSent: (ok: boolean, detail: string) => void;
}) {
  const print = () => {
    const url = URL.createObjectURL(new Blob([invoice.html], { type: "text/html" }));
    window.open(url, "_blank", "noopener");
    // The tab has read it by then; the address is of no use afterwards.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  const send = async () => {
    const res = await write<{ to: string }>(
      "POST",
      `/api/admin/invoices/${encodeURIComponent(invoice.id)}/send`,
    );
    onSent(
      res.ok,
      res.ok ? `${invoice.title} ${invoice.number} is on its way to ${res.data.to}.` : res.detail,
    );
  };
  return (
    <Card
      title={`${invoice.title} ${invoice.number}`}
      description={`${formatDollars(invoice.total, invoice.currency)} · issued ${formatDateTimeAU(invoice.issued_at)}`}
      actions={
        <>
          <Button size="sm" onClick={print}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            Print
          </Button>
          <Button size="sm" onClick={send} disabled={!invoice.buyer_email}>
            <Mail aria-hidden="true" className="h-4 w-4" />
            Email to customer
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close the document">
            <X aria-hidden="true" className="h-4 w-4" />
          </Button>
        </>
      }
      className="mb-4"
    >
      <iframe
        title={`${invoice.title} ${invoice.number}`}
        sandbox=""
        srcDoc={invoice.html}
        className="h-[36rem] w-full rounded-xl border border-slate-200 bg-white"
      />
    </Card>
  );
}
