import { and, eq } from "drizzle-orm";
import { CalendarClock, CloudRain, Mail, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { contentSections } from "../../../server/db/schema";
import { cleanHtml } from "../../../server/domain/content/html.server";
import { siteRules } from "../../../server/domain/content/policy.server";
import { getApp } from "../../lib/context";
import { BUSINESS_TZ, sydneyDate } from "../../lib/dates";
import type { PolicyRules } from "../../lib/policy";
import { policyRows, policySentence, withPolicyWords } from "../../lib/policy-words";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/legal";

/** One module serves three routes (ids privacy, terms, cancellation); the path says which. */
const PAGES = {
  privacy: {
    title: "Privacy Policy",
    description: "How we collect, use, store and protect your personal information.",
  },
  terms: {
    title: "Terms & Conditions",
    description: "The terms that apply to every booking: payment, health, safety, weather and liability.",
  },
  cancellation: {
    title: "Cancellation Policy",
    // Made from the site's policy in `meta` (policyDescription).
    description: "",
  },
} as const;
type LegalPage = keyof typeof PAGES;

function pageFromPath(pathname: string): LegalPage {
  const key = pathname.replace(/^\/+|\/+$/g, "");
  return key in PAGES ? (key as LegalPage) : "privacy";
}

const LAST_UPDATED = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: BUSINESS_TZ,
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const page = pageFromPath(url.pathname);
  const [row] = await db
    .select({ content: contentSections.content, updatedAt: contentSections.updatedAt })
    .from(contentSections)
    .where(
      and(
        eq(contentSections.page, page),
        eq(contentSections.section, "body"),
        eq(contentSections.isActive, true),
      ),
    )
    .limit(1);
  // The site's policy: the page's table and the markers its stored text names it by follow every edit of it.
  const policy = await siteRules(db);
  return {
    page,
    policy,
    html: row ? cleanHtml(withPolicyWords(row.content, policy)) : "",
    updated: row ? { iso: sydneyDate(row.updatedAt), text: LAST_UPDATED.format(row.updatedAt) } : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const page = loaderData?.page ?? pageFromPath(location.pathname);
  const site = siteName(matches[0].loaderData.content);
  return seo({
    title: `${PAGES[page].title} | ${site}`,
    description: page === "cancellation" ? policyDescription(loaderData?.policy) : PAGES[page].description,
    path: `/${page}`,
    origin: matches[0].loaderData.origin,
    type: "article",
  });
};

const policyDescription = (policy: PolicyRules | undefined) =>
  `${policySentence(policy)}; weather cancellations are refunded or rescheduled free.`;

/** The cancellation policy at a glance: one row per tier of the policy refunds follow. */
const refundRows = (policy: PolicyRules) =>
  policyRows(policy).map((r) => ({
    ...r,
    tone:
      r.refundPercent === 100
        ? "bg-reef-50 text-reef-700"
        : r.refundPercent === 0
          ? "bg-coral-50 text-coral-800"
          : "bg-sand-200 text-ocean-900",
  }));

function CancellationSummary({ policy }: { policy: PolicyRules }) {
  return (
    <section aria-labelledby="policy-summary" className="card mb-12 p-5 sm:p-8">
      <div className="flex items-center gap-3">
        <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-ocean-50 text-ocean-700">
          <CalendarClock aria-hidden className="h-5 w-5" />
        </span>
        <h2 id="policy-summary" className="text-2xl font-semibold">
          The policy at a glance
        </h2>
      </div>
      <div className="mt-6 overflow-hidden rounded-xl border border-slate-200">
        <table className="w-full text-left text-sm sm:text-base">
          <caption className="sr-only">Refund by how far ahead of the trip you cancel</caption>
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                When you cancel
              </th>
              <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                Refund
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {refundRows(policy).map((r) => (
              <tr key={r.when}>
                <th scope="row" className="px-3 py-3.5 sm:px-4 font-medium text-slate-800">
                  {r.when}
                </th>
                <td className="px-3 py-3.5 sm:px-4">
                  <span className={`inline-flex rounded-lg px-2.5 py-1 text-sm font-semibold ${r.tone}`}>
                    {r.refund}
                  </span>
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="px-3 py-3.5 sm:px-4 font-medium text-slate-800">
                <CloudRain aria-hidden className="mr-1.5 mb-0.5 inline h-4 w-4 text-ocean-500" />
                We cancel for weather or safety
              </th>
              <td className="px-3 py-3.5 sm:px-4">
                <span className="inline-flex rounded-lg bg-reef-50 px-2.5 py-1 text-sm font-semibold text-reef-700">
                  Full refund or free reschedule
                </span>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Days are counted in Sydney time from the date of your trip. The full policy follows.
      </p>
    </section>
  );
}

export default function Legal({ loaderData: d }: Route.ComponentProps) {
  const site = siteInfo(useRootData().content);
  const { title } = PAGES[d.page];

  return (
    <>
      <header className="border-b border-slate-200 bg-gradient-to-b from-ocean-50 to-white">
        <div className="container-site max-w-3xl py-12 sm:py-16">
          <p className="eyebrow">Legal</p>
          <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">{title}</h1>
          {d.updated && (
            <p className="mt-4 text-sm text-slate-600">
              Last updated: <time dateTime={d.updated.iso}>{d.updated.text}</time>
            </p>
          )}
        </div>
      </header>

      <div className="container-site max-w-3xl py-12 sm:py-16">
        {d.page === "cancellation" && <CancellationSummary policy={d.policy} />}

        {d.html ? (
          <article
            className="prose-site text-base sm:text-[1.0625rem] [&>h2:first-child]:mt-0"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server by cleanHtml
            dangerouslySetInnerHTML={{ __html: d.html }}
          />
        ) : (
          <p className="rounded-2xl bg-sand-50 p-6 text-slate-700">
            This page is being updated. Please get in touch and we'll send you the current version.
          </p>
        )}

        <aside className="mt-14 rounded-2xl bg-ocean-900 p-6 text-ocean-100 sm:p-8">
          <h2 className="text-xl font-semibold text-white">Questions about this policy?</h2>
          <p className="mt-2 text-sm">We're happy to explain anything before you book.</p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <Link to="/contact" className="btn-primary">
              <Mail aria-hidden className="h-4 w-4" />
              Contact us
            </Link>
            {site.whatsappUrl && (
              <a
                href={site.whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-ghost-light"
              >
                <MessageCircle aria-hidden className="h-4 w-4" />
                WhatsApp
              </a>
            )}
          </div>
        </aside>
      </div>
    </>
  );
}
