import { data, Link } from "react-router";
import { seo } from "../../lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...seo({
    title: "Page not found | Tidewater Dive & Camp",
    description: "This page does not exist.",
    path: location.pathname,
    origin: matches[0].loaderData.origin,
    noindex: true,
  }),
];

export default function NotFound() {
  return (
    <section className="container-site flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <p className="eyebrow">404</p>
      <h1 className="mt-3 text-4xl font-semibold">Page not found</h1>
      <p className="mt-4 max-w-md text-slate-600">
        The page you were looking for has drifted off with the tide.
      </p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className="btn-primary">
          Back to home
        </Link>
        <Link to="/adventures" className="btn-secondary">
          See adventures
        </Link>
      </div>
    </section>
  );
}
