import { Info } from "lucide-react";
import { useEffect, useState } from "react";
import { addressCannotBeFollowed } from "../lib/local-address";

/**
 * A small notice when the visitor opened the site at an address other than
 * PUBLIC_URL that checkouts cannot follow (ADR 29): their payment would return
 * to PUBLIC_URL. Decided in the browser, from its own address, so a shared
 * page stays the same for every visitor.
 */
export function AddressNotice({ origin, className = "" }: { origin: string; className?: string }) {
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (addressCannotBeFollowed(origin, window.location.host)) setShown(window.location.host);
  }, [origin]);
  if (!shown) return null;
  return (
    <div
      role="status"
      data-testid="address-notice"
      className={`border-b border-amber-200 bg-amber-50 py-2 text-xs text-amber-900 sm:text-sm ${className}`}
    >
      <p className="container-site flex items-start gap-2">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          This site is set up for <strong className="break-all">{new URL(origin).host}</strong>: a payment
          started here returns there, not to <strong className="break-all">{shown}</strong>.
        </span>
      </p>
    </div>
  );
}
