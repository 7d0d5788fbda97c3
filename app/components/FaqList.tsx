import { ChevronDown } from "lucide-react";

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/** Every list on a page shares this name, so one answer is open at a time across all of them. */
const ACCORDION = "faq";

/** Answers are plain text: blank lines or line breaks start a new paragraph. */
function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * One category's questions as an accordion of native `<details>`: they open
 * and close from the first paint, before the page's scripts arrive, and the
 * shared `name` keeps one answer open at a time across the page (the browser
 * closes the others). Closed answers stay in the page, so find-in-page opens
 * them.
 */
export function FaqList({ items }: { items: FaqEntry[] }) {
  return (
    <ul className="mt-5 divide-y divide-slate-200/80 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80">
      {items.map((f) => {
        const qId = `faq-q-${f.id}`;
        return (
          <li key={f.id} data-testid="faq-item">
            <details name={ACCORDION} className="group">
              <summary
                id={qId}
                className="flex w-full list-none items-start justify-between gap-4 px-5 py-4 text-left transition-colors hover:bg-ocean-50/60 sm:px-6 sm:py-5 [&::-webkit-details-marker]:hidden"
              >
                <h3 className="font-sans text-base font-semibold text-pretty transition-colors group-open:text-reef-700">
                  {f.question}
                </h3>
                <ChevronDown
                  aria-hidden
                  className="mt-0.5 h-5 w-5 shrink-0 text-slate-400 transition-transform duration-200 group-open:rotate-180 group-open:text-reef-600"
                />
              </summary>
              <section
                id={`faq-a-${f.id}`}
                aria-labelledby={qId}
                className="space-y-3 px-5 pb-5 leading-relaxed text-slate-700 sm:px-6 sm:pb-6"
              >
                {paragraphs(f.answer).map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </section>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
