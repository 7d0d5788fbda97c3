/**
 * The website editor's tabs and fields ("Content
 * sections per page"): each field is one content section of a page.
 */
export type FieldKind = "text" | "textarea" | "html" | "url" | "image";

export interface WebsiteField {
  section: string;
  label: string;
  kind: FieldKind;
  hint?: string;
}

export interface WebsiteGroup {
  title: string;
  fields: WebsiteField[];
}

export interface WebsiteTab {
  id: "homepage" | "about" | "adventures" | "contact" | "global";
  label: string;
  /** Where the operator sees the result. */
  path: string;
  groups: WebsiteGroup[];
}

const feature = (n: 1 | 2 | 3): WebsiteGroup => ({
  title: `Feature ${n}`,
  fields: [
    { section: `feature${n}_title`, label: "Title", kind: "text" },
    { section: `feature${n}_description`, label: "Description", kind: "textarea" },
    { section: `feature${n}_image`, label: "Image", kind: "image" },
  ],
});

export const WEBSITE_TABS: WebsiteTab[] = [
  {
    id: "homepage",
    label: "Homepage",
    path: "/",
    groups: [
      {
        title: "Hero",
        fields: [
          {
            section: "hero_title",
            label: "Hero title",
            kind: "text",
            hint: "The big heading at the top of the home page",
          },
          { section: "hero_subtitle", label: "Hero subtitle", kind: "text" },
          { section: "hero_description", label: "Hero description", kind: "textarea" },
          {
            section: "hero_background",
            label: "Hero background",
            kind: "image",
            hint: "A wide landscape photo works best",
          },
        ],
      },
      feature(1),
      feature(2),
      feature(3),
    ],
  },
  {
    id: "about",
    label: "About Page",
    path: "/about",
    groups: [
      {
        title: "Hero",
        fields: [
          { section: "about_hero_title", label: "Hero title", kind: "text" },
          { section: "about_hero_description", label: "Hero description", kind: "textarea" },
        ],
      },
      {
        title: "Story",
        fields: [
          { section: "about_story_title", label: "Story title", kind: "text" },
          {
            section: "about_story_content",
            label: "Story",
            kind: "html",
            hint: "HTML: <p> paragraphs, <h3> headings, <ul><li> lists, <strong>, <a href>. Scripts and event handlers are removed before it is shown.",
          },
          { section: "about_image_main", label: "Main image", kind: "image" },
        ],
      },
      {
        title: "Certifications",
        fields: [
          { section: "certifications_title", label: "Certifications title", kind: "text" },
          {
            section: "certifications_content",
            label: "Certifications",
            kind: "html",
            hint: "HTML, e.g. a <ul> list of qualifications",
          },
        ],
      },
    ],
  },
  {
    id: "adventures",
    label: "Adventures Page",
    path: "/adventures",
    groups: [
      {
        title: "Hero",
        fields: [
          { section: "adventures_hero_title", label: "Hero title", kind: "text" },
          { section: "adventures_hero_description", label: "Hero description", kind: "textarea" },
          { section: "adventures_background", label: "Background image", kind: "image" },
        ],
      },
    ],
  },
  {
    id: "contact",
    label: "Contact Page",
    path: "/contact",
    groups: [
      {
        title: "Page",
        fields: [
          { section: "contact_hero_title", label: "Hero title", kind: "text" },
          { section: "contact_description", label: "Description", kind: "textarea" },
        ],
      },
      {
        title: "Contact details",
        fields: [
          {
            section: "contact_email",
            label: "Email",
            kind: "text",
            hint: "Shown on the site and used for messages",
          },
          { section: "contact_phone", label: "Phone", kind: "text" },
          { section: "contact_address", label: "Address", kind: "textarea" },
        ],
      },
    ],
  },
  {
    id: "global",
    label: "Global Elements",
    path: "/",
    groups: [
      {
        title: "Site",
        fields: [
          { section: "site_title", label: "Site title", kind: "text" },
          { section: "site_tagline", label: "Tagline", kind: "text" },
          { section: "footer_description", label: "Footer description", kind: "textarea" },
          { section: "copyright_text", label: "Copyright text", kind: "text" },
        ],
      },
      {
        title: "Social links",
        fields: [
          { section: "social_facebook", label: "Facebook", kind: "url" },
          { section: "social_instagram", label: "Instagram", kind: "url" },
          { section: "social_youtube", label: "YouTube", kind: "url" },
        ],
      },
      {
        title: "Logos",
        fields: [
          { section: "logo_main", label: "Main logo", kind: "image", hint: "In the header" },
          { section: "logo_footer", label: "Footer logo", kind: "image" },
        ],
      },
    ],
  },
];

/** Content type of a new section for a field kind. */
export const contentTypeFor = (kind: FieldKind) => (kind === "html" ? "html" : "text");
