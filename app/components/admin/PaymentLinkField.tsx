import { Copy } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "./ui";

/** A card checkout's address, shown to copy into a text message (it is emailed to the customer too). */
export function PaymentLinkField({ url }: { url: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <label htmlFor={id} className="field-label">
        Payment link, to send by text message too
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className="field min-w-0 flex-1"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" onClick={copy}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}
