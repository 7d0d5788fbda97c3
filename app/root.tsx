import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { loadSiteContent } from "../server/domain/content/content.server";
import type { Route } from "./+types/root";
import { PublicStyles } from "./components/PublicStyles";
import { TestModeRibbon } from "./components/TestModeRibbon";
import { getApp } from "./lib/context";
import { EARLY_CONTROLS_SCRIPT } from "./lib/early-controls";
import { useNonce } from "./lib/nonce";
import { DEFAULT_SITE_NAME, siteName } from "./lib/site";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/logo.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, paymentsMode } = getApp(context);
  const content = await loadSiteContent(db);
  return {
    origin: env.publicUrl,
    // Only what the frame needs; pages load their own sections.
    content: { global: content.global ?? {}, contact: content.contact ?? {} },
    testMode: paymentsMode === "test",
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root loader's data from anywhere below it. */
export function useRootData(): RootData {
  return useRouteLoaderData("root") as RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The admin console links its own stylesheet (admin.css, from its layout route); everything else is public.
  const admin = useMatches().some((m) => m.id.startsWith("routes/admin/"));
  const nonce = useNonce();
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2545" />
        <Meta />
        {admin ? null : <PublicStyles />}
        {admin ? null : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, a constant listed in lib/inline-scripts.ts
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_CONTROLS_SCRIPT }} />
        )}
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { testMode } = useRootData();
  // The test checkout page is itself one big TEST MODE banner; everywhere else gets the ribbon.
  const onTestCheckout = useLocation().pathname.startsWith("/checkout/test/");
  return (
    <>
      <Outlet />
      {testMode && !onTestCheckout ? <TestModeRibbon /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  const text = notFound
    ? "The page you were looking for has drifted off with the tide."
    : "An unexpected error occurred. Please try again in a moment.";
  // The root loader's data when it ran (an error in a page, not in the root itself).
  const root = useRouteLoaderData("root") as RootData | undefined;
  // In the browser only: on the server the entry's handleError logs it, redacted.
  if (!notFound && typeof document !== "undefined") console.error(error);
  return (
    <main className="flex min-h-screen items-center justify-center bg-ocean-950 px-6 text-center text-white">
      <title>{`${title} | ${root ? siteName(root.content) : DEFAULT_SITE_NAME}`}</title>
      <div className="max-w-md">
        <p className="eyebrow text-reef-100">{notFound ? "404" : "Error"}</p>
        <h1 className="mt-3 text-4xl font-semibold text-white">{title}</h1>
        <p className="mt-4 text-ocean-100">{text}</p>
        <div className="mt-8 flex justify-center gap-3">
          <Link to="/" className="btn-primary">
            Back to home
          </Link>
          <Link to="/adventures" className="btn-ghost-light">
            See adventures
          </Link>
        </div>
      </div>
    </main>
  );
}
