import { Compass } from "lucide-react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { PublicAdventure } from "../../../server/domain/content/adventures.server";
import { listActiveAdventures } from "../../../server/domain/content/adventures.server";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { AdventureFinder, ListError, LOAD_ERROR } from "../../components/AdventureFinder";
import { Img } from "../../components/Img";
import { getApp } from "../../lib/context";
import { seo } from "../../lib/seo";
import { siteInfo } from "../../lib/site";
import type { Route } from "./+types/adventures";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [adventures, content] = await Promise.all([listActiveAdventures(db), loadSiteContent(db)]);
  return {
    adventures: adventures as PublicAdventure[] | Promise<PublicAdventure[]>,
    content: content.adventures ?? {},
  };
}

/** The spec's call for the list: GET /api/adventures-pro, read in full. */
async function fetchAdventures(): Promise<PublicAdventure[]> {
  try {
    const res = await fetch("/api/adventures-pro", { headers: { Accept: "application/json" } });
    if (!res.ok) throw new Error(LOAD_ERROR);
    const list: unknown = await res.json();
    if (!Array.isArray(list)) throw new Error(LOAD_ERROR);
    return list as PublicAdventure[];
  } catch {
    throw new Error(LOAD_ERROR);
  }
}

/**
 * Client-side navigations: the page (header and filters) shows at once and the
 * list streams in from the API behind a spinner. The first render uses the
 * server's data (hydrate = false), so the list is in the HTML without JavaScript.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const adventures = fetchAdventures();
  // Await renders the rejection; this only stops it counting as unhandled meanwhile.
  adventures.catch(() => undefined);
  const { content } = await serverLoader();
  return { adventures, content };
}
clientLoader.hydrate = false as const;

/** Changing filters only rewrites the query string: nothing to reload. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  const site = siteInfo(root.content);
  const heading = loaderData?.content.adventures_hero_title || "Adventures";
  return seo({
    title: `${heading} | ${site.title}`,
    description:
      loaderData?.content.adventures_hero_description ||
      `Small-group scuba diving and camping adventures on the NSW coast with ${site.title}.`,
    path: "/adventures",
    origin: root.origin,
    image: loaderData?.content.adventures_background || undefined,
  });
};

export default function AdventuresPage({ loaderData }: Route.ComponentProps) {
  const { adventures, content } = loaderData;
  return (
    <>
      <PageHero content={content} />
      <section className="bg-sand-50 pb-20" aria-label="Adventure list">
        <div className="container-site">
          <AdventureFinder adventures={adventures} />
        </div>
      </section>
    </>
  );
}

function PageHero({ content }: { content: Record<string, string> }) {
  return (
    <header className="relative isolate overflow-hidden bg-ocean-950 text-white">
      {content.adventures_background && (
        <Img
          src={content.adventures_background}
          alt=""
          priority
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-45"
        />
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-ocean-950/70 via-ocean-950/40 to-ocean-950/80" />
      <div className="container-site pt-14 pb-24 sm:pt-20 sm:pb-32 lg:pt-24">
        <p className="eyebrow text-reef-100">
          <Compass className="mr-1.5 inline h-4 w-4 align-[-3px]" aria-hidden="true" />
          Adventures
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-white sm:text-5xl lg:text-6xl">
          {content.adventures_hero_title}
        </h1>
        {content.adventures_hero_description && (
          <p className="mt-5 max-w-2xl text-base leading-relaxed text-ocean-100 sm:text-lg">
            {content.adventures_hero_description}
          </p>
        )}
      </div>
    </header>
  );
}

/** The server loader failed: the same error state, under a plain header. */
export function ErrorBoundary() {
  return (
    <>
      <PageHero content={{ adventures_hero_title: "Adventures" }} />
      <section className="bg-sand-50 pb-20">
        <div className="container-site pt-4">
          <ListError message={LOAD_ERROR} />
        </div>
      </section>
    </>
  );
}
