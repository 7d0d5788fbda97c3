import { Compass } from "lucide-react";
import { data, Link } from "react-router";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = matches[0].loaderData;
  const site = siteName(root.content);
  return seo({
    title: `Page not found | ${site}`,
    description:
      "This page does not exist. Find your next dive or camping adventure on the NSW coast instead.",
    path: location.pathname,
    origin: root.origin,
    noindex: true,
  });
};

const SUGGESTIONS = [
  { to: "/weekend", label: "Typical Weekend" },
  { to: "/gallery", label: "Gallery" },
  { to: "/faq", label: "FAQ" },
  { to: "/contact", label: "Contact" },
];

export default function NotFound() {
  return (
    <section className="container-site flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-reef-50 text-reef-700">
        <Compass aria-hidden="true" className="h-7 w-7" />
      </span>
      <p className="eyebrow mt-6">404</p>
      <h1 className="mt-3 text-4xl font-semibold">Page not found</h1>
      <p className="mt-4 max-w-md text-slate-600">
        The page you were looking for has drifted off with the tide.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className="btn-primary">
          Back to home
        </Link>
        <Link to="/adventures" className="btn-secondary">
          See adventures
        </Link>
      </div>
      <nav aria-label="Other pages" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium">
          {SUGGESTIONS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="text-reef-700 underline-offset-4 hover:underline">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
