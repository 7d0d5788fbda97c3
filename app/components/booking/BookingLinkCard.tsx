import { ResendLinkForm } from "../ResendLinkForm";

/**
 * The success page's way to the booking: its private link on the first view
 * after paying; on any later view (the link is minted once) where the link
 * went, and the form that emails a fresh one.
 */
export function BookingLinkCard({ manageLink, email }: { manageLink: string | null; email: string }) {
  return (
    <section
      className="card p-6"
      aria-labelledby="manage"
      data-testid={manageLink ? "manage-card" : "link-emailed"}
    >
      <h2 id="manage" className="text-xl font-semibold">
        Your booking, any time
      </h2>
      {manageLink ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            See your trip details, add it to your calendar or cancel online. The same private link is in your
            confirmation email.
          </p>
          <a href={manageLink} className="btn-teal mt-4 w-full" data-testid="manage-link">
            View or cancel my booking
          </a>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">
            The private link to see, change or cancel this booking is in the confirmation email we sent to{" "}
            <strong className="break-all">{email}</strong>. Can't find it? We'll email you a fresh one.
          </p>
          <div className="mt-4">
            <ResendLinkForm />
          </div>
        </>
      )}
    </section>
  );
}
