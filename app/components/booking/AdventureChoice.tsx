import { ArrowLeft, Clock } from "lucide-react";
import { Img } from "../Img";
import { StepHeading } from "./FlowParts";
import type { BookableAdventure } from "./flow-state";

const CHOOSE_FORM = "choose-adventure";
const CHANGE_FORM = "change-adventure";

interface Props {
  adventures: BookableAdventure[];
  selectedId: string | null;
  /** The chosen adventure, when it is one of the list. */
  adventure: BookableAdventure | null;
  step: 1 | 2;
  onChoose: (id: string) => void;
  onChange: () => void;
}

/** Step 1: the adventure cards, or once one is chosen, a line naming it with "Change adventure". */
export function AdventureChoice({ adventures, selectedId, adventure, step, onChoose, onChange }: Props) {
  return (
    <section aria-labelledby="step-1">
      <StepHeading id="step-1" n={1} title="Select Adventure" done={step === 2 && !!adventure} />
      {step === 1 || !adventure ? (
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {adventures.map((a) => (
            <li key={a.id}>
              <button
                type="submit"
                form={CHOOSE_FORM}
                name="adventure"
                value={a.id}
                onClick={(e) => {
                  e.preventDefault();
                  onChoose(a.id);
                }}
                aria-pressed={a.id === selectedId}
                data-testid="adventure-option"
                className={`card group flex h-full w-full flex-col text-left transition hover:shadow-lg hover:shadow-ocean-900/10 ${
                  a.id === selectedId ? "ring-2 ring-coral-600" : ""
                }`}
              >
                <span className="block aspect-[16/9] overflow-hidden bg-ocean-100">
                  <Img
                    src={a.image}
                    alt=""
                    sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
                    className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
                  />
                </span>
                <span className="flex flex-1 flex-col gap-2 p-4">
                  <span className="font-display text-lg font-semibold leading-snug text-ocean-900">
                    {a.title}
                  </span>
                  <span className="mt-auto flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="font-semibold text-coral-700">{a.price_display}</span>
                    <span className="inline-flex items-center gap-1.5 text-slate-600">
                      <Clock className="size-4" aria-hidden="true" />
                      {a.duration}
                    </span>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-ocean-900">{adventure.title}</span> ·{" "}
            {adventure.price_display}
            {" · "}
            {adventure.duration}
          </p>
          <button
            type="submit"
            form={CHANGE_FORM}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-reef-700 hover:text-reef-600"
            onClick={(e) => {
              e.preventDefault();
              onChange();
            }}
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> Change adventure
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * Without JavaScript the adventure cards and "Change adventure" submit these GET forms
 * (/book?adventure={id}, or /book to choose again); kept apart so the details form stays the page's form.
 */
export function ChoiceForms() {
  return (
    <>
      <form id={CHOOSE_FORM} method="get" action="/book" hidden />
      <form id={CHANGE_FORM} method="get" action="/book" hidden />
    </>
  );
}
