import { CalendarDays, Check, Users } from "lucide-react";
import { Link } from "react-router";
import { formatMoney } from "../../lib/money";
import { Img } from "../Img";
import type { WeekendPackage } from "./WeekendPackages";

/** The /weekend hero: the operator's title and text, the two calls, and how many packages from what price. */
export function WeekendHero({
  title,
  description,
  packages,
}: {
  title: string;
  description: string;
  packages: Pick<WeekendPackage, "price_cents" | "groupMax">[];
}) {
  const fromCents = packages.length ? Math.min(...packages.map((p) => p.price_cents)) : 0;
  return (
    <section className="relative isolate overflow-hidden bg-ocean-950">
      <Img
        src="/images/site/weekend-hero.webp"
        alt=""
        priority
        sizes="100vw"
        className="absolute inset-0 -z-20 h-full w-full object-cover"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-ocean-950 via-ocean-950/65 to-ocean-950/30 lg:bg-gradient-to-r lg:from-ocean-950/90 lg:via-ocean-950/55 lg:to-ocean-950/10"
      />
      <div className="container-site py-20 sm:py-28 lg:py-36">
        <div className="max-w-2xl text-white">
          <p className="eyebrow text-reef-100">Typical Weekend</p>
          <h1 className="mt-4 text-4xl leading-[1.08] font-semibold tracking-tight text-white sm:text-5xl lg:text-6xl">
            {title}
          </h1>
          {description && (
            <p className="mt-5 max-w-xl text-base leading-relaxed text-ocean-50/90 sm:text-lg">
              {description}
            </p>
          )}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="#packages" className="btn-primary px-6 py-3.5 text-base">
              View Weekend Packages
            </a>
            <Link to="/book" className="btn-ghost-light px-6 py-3.5 text-base">
              Book Now
            </Link>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-3 text-sm text-ocean-100">
            <li className="inline-flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="h-4 w-4 text-reef-100" />
              {packages.length} weekend {packages.length === 1 ? "package" : "packages"}
            </li>
            {fromCents > 0 && (
              <li className="inline-flex items-center gap-2">
                <Check aria-hidden="true" className="h-4 w-4 text-reef-100" />
                From {formatMoney(fromCents)} per person
              </li>
            )}
            <li className="inline-flex items-center gap-2">
              <Users aria-hidden="true" className="h-4 w-4 text-reef-100" />
              Groups of at most {Math.max(1, ...packages.map((p) => p.groupMax))}
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
