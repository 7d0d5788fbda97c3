import { Link } from "react-router";

/**
 * Why a booking's date cannot be changed online, with the way forward: pay
 * for a change already waiting on its checkout, or contact the operator.
 */
export function DateChangeBlocked({
  reason,
  checkoutUrl,
}: {
  reason: string | null;
  checkoutUrl?: string | null;
}) {
  return (
    <>
      <p className="mt-2 text-sm text-slate-700" data-testid="change-date-reason">
        {reason}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {checkoutUrl ? (
          <a href={checkoutUrl} className="btn-primary">
            Continue to payment
          </a>
        ) : null}
        <Link to="/contact" className="btn-secondary">
          Contact us
        </Link>
      </div>
    </>
  );
}
