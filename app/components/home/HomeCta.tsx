import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

/** The closing call to action: Book Now and Contact Us. */
export function HomeCta({ cta }: { cta: { title: string; text: string } }) {
  return (
    <section className="pb-20 sm:pb-28" aria-labelledby="home-cta">
      <div className="container-site">
        <div className="relative isolate overflow-hidden rounded-3xl bg-ocean-900 px-6 py-14 text-center sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,rgba(19,163,163,0.35),transparent_55%),radial-gradient(circle_at_85%_90%,rgba(230,57,70,0.3),transparent_50%)]"
          />
          <h2 id="home-cta" className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">
            {cta.title}
          </h2>
          {cta.text && (
            <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-ocean-100">{cta.text}</p>
          )}
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/book" className="btn-primary px-6 py-3.5 text-base">
              Book Now
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
            <Link to="/contact" className="btn-ghost-light px-6 py-3.5 text-base">
              Contact Us
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
