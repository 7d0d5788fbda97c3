import { useNonce } from "../lib/nonce";

/**
 * Structured data for search engines. A JSON-LD block is data, not a script the
 * browser runs, but it carries the page's nonce like every inline <script>, so
 * the policy never has to make an exception for it.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; "<" is escaped
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
