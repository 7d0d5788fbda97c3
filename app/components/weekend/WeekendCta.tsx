import { ArrowRight, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import type { SiteInfo } from "../../lib/site";

/** The closing calls: book, ask a question, or WhatsApp the guide when the operator has it. */
export function WeekendCta({ site }: { site: SiteInfo }) {
  return (
    <section className="pb-20 sm:pb-28" aria-labelledby="weekend-cta">
      <div className="container-site">
        <div className="relative isolate overflow-hidden rounded-3xl bg-ocean-900 px-6 py-14 text-center sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_15%_15%,rgba(19,163,163,0.35),transparent_55%),radial-gradient(circle_at_85%_90%,rgba(230,57,70,0.3),transparent_50%)]"
          />
          <h2 id="weekend-cta" className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">
            Ready for Your Weekend Escape?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-ocean-100">
            Weekends fill fast with groups of at most four. Pick your dates now, or ask {site.guideName}{" "}
            anything about the trips first.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/book" className="btn-primary px-6 py-3.5 text-base">
              Book Your Weekend
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
            <Link to="/contact" className="btn-ghost-light px-6 py-3.5 text-base">
              Ask a Question
            </Link>
            {site.whatsappUrl && (
              <a
                href={site.whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-ghost-light px-6 py-3.5 text-base"
              >
                <MessageCircle aria-hidden="true" className="h-4 w-4" />
                WhatsApp
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
