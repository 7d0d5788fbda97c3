import { Clock, Mail, MapPin, MessageCircle, Timer } from "lucide-react";
import {
  contactAdventureTypes,
  contactTypeError,
  saveContactMessage,
} from "../../../server/domain/messaging/contact.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { FacebookIcon, InstagramIcon, YoutubeIcon } from "../../components/BrandIcons";
import {
  type AdventureOption,
  ContactForm,
  type ContactValues,
  validateContact,
} from "../../components/ContactForm";
import { getApp } from "../../lib/context";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure, formSuccess, formView } from "../../lib/form-result";
import { seo } from "../../lib/seo";
import { type SiteInfo, siteInfo } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/contact";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const options: AdventureOption[] = await contactAdventureTypes(db);
  const requested = url.searchParams.get("adventure");
  const initialAdventure = options.find((o) => o.value === requested)?.value ?? "";
  return { options, initialAdventure };
}

/**
 * Without JavaScript the form posts here; it is stored by the same domain
 * function as POST /api/contact, so storing and notifying live in one place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const { db } = app;
  const values: ContactValues = await postedText(request, [
    "first_name",
    "last_name",
    "email",
    "phone",
    "adventure_type",
    "message",
  ]);
  // The form words its own notices: the answer carries the field messages and what was typed.
  const { data, errors } = validateContact(values);
  if (!data) return formAnswer(formFailure(400, "", { values, errors }));
  const typeError = await contactTypeError(db, data.adventure_type);
  if (typeError) return formAnswer(formFailure(400, "", { values, errors: { adventure_type: typeError } }));
  try {
    await saveContactMessage(db, data);
    return formAnswer(formSuccess(null));
  } catch (error) {
    pageFailed(app, "contact form could not store the message", error);
    return formAnswer(formFailure(500, "", { values }));
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0].loaderData;
  const site = siteInfo(root.content);
  return seo({
    title: `Contact | ${site.title}`,
    description:
      root.content.contact.contact_description ||
      "Questions about a dive or camping trip? Email or WhatsApp us; we reply within 24 hours.",
    path: "/contact",
    origin: root.origin,
  });
};

function InfoCard({
  Icon,
  title,
  children,
}: {
  Icon: typeof Mail;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <li className="card flex gap-4 p-5">
      <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-reef-50 text-reef-700">
        <Icon aria-hidden className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <h2 className="font-sans text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
        <div className="mt-1 text-base font-medium break-words text-ocean-900">{children}</div>
      </div>
    </li>
  );
}

function Socials({ site }: { site: SiteInfo }) {
  const items = [
    { href: site.social.facebook, label: "Facebook", Icon: FacebookIcon },
    { href: site.social.instagram, label: "Instagram", Icon: InstagramIcon },
    { href: site.social.youtube, label: "YouTube", Icon: YoutubeIcon },
  ].filter((i) => i.href);
  if (items.length === 0) return null;
  return (
    <div>
      <h2 className="font-sans text-sm font-semibold tracking-wide text-slate-500 uppercase">Follow along</h2>
      <ul className="mt-3 flex flex-wrap gap-3">
        {items.map(({ href, label, Icon }) => (
          <li key={label}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-2.5 text-sm font-medium text-ocean-900 shadow-sm transition-colors hover:border-ocean-900/30 hover:bg-ocean-50"
            >
              <Icon className="h-4 w-4" />
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { content } = useRootData();
  const site = siteInfo(content);
  const title = content.contact.contact_hero_title || "Get In Touch";
  const description = content.contact.contact_description ?? "";

  return (
    <>
      <section className="bg-gradient-to-br from-ocean-900 via-ocean-800 to-reef-700 text-white">
        <div className="container-site py-14 sm:py-20">
          <p className="eyebrow text-reef-100">Contact</p>
          <h1 className="mt-3 text-4xl font-semibold text-white sm:text-5xl">{title}</h1>
          {description && (
            <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ocean-100">{description}</p>
          )}
        </div>
      </section>

      {/* Mobile: details, then the form, then the extras; desktop: details and extras beside the form. */}
      <div className="container-site grid gap-10 py-12 sm:py-16 lg:grid-cols-5 lg:grid-rows-[auto_1fr] lg:gap-x-12 lg:gap-y-8">
        <div className="lg:col-span-2 lg:row-start-1">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            {site.email && (
              <InfoCard Icon={Mail} title="Email">
                <a href={`mailto:${site.email}`} className="hover:text-reef-700 hover:underline">
                  {site.email}
                </a>
              </InfoCard>
            )}
            {site.whatsappUrl && (
              <InfoCard Icon={MessageCircle} title="WhatsApp">
                <a
                  href={site.whatsappUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="hover:text-reef-700 hover:underline"
                >
                  {site.phone || "Chat with us on WhatsApp"}
                </a>
              </InfoCard>
            )}
            <InfoCard Icon={MapPin} title="Location">
              {site.address}
            </InfoCard>
            <InfoCard Icon={Clock} title="Hours">
              {site.hours}
            </InfoCard>
          </ul>
        </div>

        <section
          aria-labelledby="message-form"
          className="card p-6 sm:p-8 lg:col-span-3 lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:self-start"
        >
          <h2 id="message-form" className="text-2xl font-semibold sm:text-3xl">
            Send us a message
          </h2>
          <p className="mt-2 mb-6 text-slate-600">
            Tell us what you'd like to do and {site.guideName} will get back to you personally.
          </p>
          <ContactForm
            // A no-JavaScript post re-renders the page; a fresh key picks up its result.
            key={actionData ? JSON.stringify(actionData) : "form"}
            adventures={loaderData.options}
            initialAdventure={loaderData.initialAdventure}
            guideName={site.guideName}
            whatsappUrl={site.whatsappUrl}
            fallback={formView(actionData)}
          />
        </section>

        <div className="space-y-8 lg:col-span-2 lg:row-start-2">
          <Socials site={site} />

          <section aria-labelledby="quick-response" className="rounded-2xl bg-sand-100 p-6">
            <div className="flex items-center gap-2.5">
              <Timer aria-hidden className="h-5 w-5 text-coral-600" />
              <h2 id="quick-response" className="text-lg font-semibold">
                Quick Response Information
              </h2>
            </div>
            <ul className="mt-4 space-y-3 text-sm text-slate-700">
              <li className="flex gap-3">
                <Mail aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-reef-600" />
                <span>
                  <strong className="text-ocean-900">Email:</strong> we reply within 24 hours.
                </span>
              </li>
              <li className="flex gap-3">
                <MessageCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-reef-600" />
                <span>
                  <strong className="text-ocean-900">WhatsApp:</strong> we usually reply within 2 to 4 hours.
                </span>
              </li>
              <li className="flex gap-3">
                <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-reef-600" />
                <span>
                  Planning a trip for this weekend? WhatsApp is the fastest way to check conditions and spots.
                </span>
              </li>
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
