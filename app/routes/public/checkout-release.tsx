import { CircleCheck, Clock, MailX } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import {
  describeCheckout,
  releaseCheckouts,
  releaseLinkView,
} from "../../../server/domain/bookings/checkout-release.server";
import { RELEASE_REQUEST_PATH } from "../../lib/checkout-release";
import { getApp } from "../../lib/context";
import { formatDateTimeAU } from "../../lib/dates";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure, formView } from "../../lib/form-result";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import type { Route } from "./+types/checkout-release";

interface Listed {
  id: string;
  what: string;
  started: string;
}

/**
 * The page a release email's link opens: the address's unfinished checkouts,
 * each with a button, and one for all. Opening it changes nothing (mail
 * scanners fetch links); a button is a plain form post answered with a
 * redirect back here (post/redirect/get), with or without JavaScript. A link
 * that is unknown, expired or used up gets a page saying so.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const listed = await releaseLinkView(app.db, params.token, app.booking.now());
  const releasedParam = new URL(request.url).searchParams.get("released");
  const released = releasedParam && /^\d{1,3}$/.test(releasedParam) ? Number(releasedParam) : null;
  const checkouts: Listed[] | null = listed
    ? listed.map((c) => ({
        id: c.paymentId,
        what: describeCheckout(c),
        started: formatDateTimeAU(c.startedAt),
      }))
    : null;
  return { checkouts, released };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const { release } = await postedText(request, ["release"]);
  // "all", or one checkout's ledger id; anything else names the field.
  if (release !== "all" && !/^[0-9a-f-]{36}$/i.test(release)) {
    return formAnswer(
      formFailure(400, "Choose a checkout to release", {
        errors: { release: "Choose a checkout to release" },
      }),
    );
  }
  const result = await releaseCheckouts(app.booking, params.token, release);
  if (result) app.log.info("checkouts released by their customer", { released: result.released });
  return redirect(`/checkouts/release/${params.token}?released=${result?.released ?? 0}`, { status: 303 });
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `Your unfinished checkouts | ${siteName(matches[0].loaderData.content)}`,
    description: "Release the checkouts you did not finish.",
    // Never the token in a canonical address.
    path: "/",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function CheckoutRelease({ loaderData, actionData }: Route.ComponentProps) {
  const { checkouts, released } = loaderData;
  const refused = formView(actionData).detail;
  const done = released !== null && released > 0;
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-2xl py-12 sm:py-16">
        <section className="card p-6 sm:p-8" aria-labelledby="release-heading">
          {refused ? (
            <p
              role="alert"
              className="mb-6 rounded-2xl border border-coral-100 bg-coral-50 p-4 text-coral-800"
            >
              {refused}
            </p>
          ) : null}
          {done ? (
            <div
              role="status"
              data-testid="checkouts-released"
              className="mb-6 flex gap-3 rounded-2xl border border-reef-100 bg-reef-50 p-4 text-slate-700"
            >
              <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-reef-700" />
              <p>
                {released === 1
                  ? "1 checkout was released: its spots are free again"
                  : `${released} checkouts were released: their spots are free again`}{" "}
                and nothing was charged.{" "}
                <Link to="/book" className="font-medium text-reef-700 underline">
                  Book now
                </Link>
              </p>
            </div>
          ) : null}
          {checkouts && checkouts.length > 0 ? (
            <>
              <h1 id="release-heading" className="text-3xl font-semibold">
                Your unfinished checkouts
              </h1>
              <p className="mt-3 text-slate-600">
                These were started with your email address and not paid. Each holds its spots until it ends by
                itself, 30 minutes after it started. Release the ones you no longer need; nothing is charged.
              </p>
              <ul
                className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200"
                data-testid="open-checkouts"
              >
                {checkouts.map((c) => (
                  <li
                    key={c.id}
                    className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="font-medium break-words text-slate-900">{c.what}</p>
                      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-500">
                        <Clock aria-hidden className="size-4 shrink-0" />
                        Started {c.started}
                      </p>
                    </div>
                    <Form method="post" replace className="shrink-0">
                      <button
                        type="submit"
                        name="release"
                        value={c.id}
                        className="btn-secondary w-full sm:w-auto"
                        aria-label={`Release ${c.what}`}
                      >
                        Release
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
              {checkouts.length > 1 ? (
                <Form method="post" replace className="mt-6">
                  <button type="submit" name="release" value="all" className="btn-primary w-full sm:w-auto">
                    Release all {checkouts.length}
                  </button>
                </Form>
              ) : null}
            </>
          ) : done ? (
            <>
              <h1 id="release-heading" className="text-3xl font-semibold">
                All released
              </h1>
              <p className="mt-3 text-slate-600">
                You have no unfinished checkouts left, and this link has done its job.
              </p>
            </>
          ) : checkouts ? (
            <>
              <h1 id="release-heading" className="text-3xl font-semibold">
                Nothing to release
              </h1>
              <p className="mt-3 text-slate-600">
                This address has no unfinished checkouts now: they were paid, released or ended by themselves.
              </p>
            </>
          ) : (
            <div role="status" data-testid="release-link-invalid">
              <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-reef-50 text-reef-700">
                <MailX aria-hidden="true" className="h-6 w-6" />
              </span>
              <h1 id="release-heading" className="mt-5 text-3xl font-semibold">
                This link has expired or was already used
              </h1>
              <p className="mt-3 text-slate-600">
                A release link works for an hour, until its checkouts are released. Unfinished checkouts also
                end by themselves 30 minutes after they started.{" "}
                <Link to={RELEASE_REQUEST_PATH} className="font-medium text-reef-700 underline">
                  Ask for a new link
                </Link>
              </p>
            </div>
          )}
          <p className="mt-8 text-sm">
            <Link to="/book" className="font-medium text-reef-700 underline">
              Book an adventure
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
