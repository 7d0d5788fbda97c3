import { Plus, X } from "lucide-react";
import { useState } from "react";
import { Button, Field } from "../ui";
import { cx } from "../ui/cx";

const TONES = {
  reef: { chip: "bg-reef-50 text-ocean-900 ring-reef-600/25", remove: "hover:bg-reef-100" },
  amber: { chip: "bg-amber-50 text-amber-900 ring-amber-600/25", remove: "hover:bg-amber-100" },
} as const;

/**
 * A list the operator builds one value at a time (a schedule's start times,
 * its exceptions): a native date or time input with an Add button (Enter adds
 * too), and the chosen values as chips, each with its own remove button.
 */
export function ChipListField({
  label,
  hint,
  error,
  type,
  inputProps,
  values,
  onChange,
  text,
  accepts = (v) => v !== "",
  addLabel,
  listLabel,
  removeLabel,
  tone,
}: {
  label: string;
  hint: string;
  error?: string;
  type: "date" | "time";
  inputProps?: { min?: string; max?: string; step?: number };
  values: string[];
  onChange: (values: string[]) => void;
  /** How a value reads on its chip. */
  text: (value: string) => string;
  /** Whether the typed value may be added. */
  accepts?: (value: string) => boolean;
  addLabel: string;
  listLabel: string;
  removeLabel: (value: string) => string;
  tone: keyof typeof TONES;
}) {
  const [typed, setTyped] = useState("");
  const add = () => {
    if (!accepts(typed) || values.includes(typed)) return;
    onChange([...values, typed].sort());
    setTyped("");
  };
  return (
    <div>
      <Field label={label} hint={hint} error={error}>
        {(p) => (
          <div className="flex gap-2">
            <input
              className="field min-w-0 flex-1"
              type={type}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add();
                }
              }}
              {...inputProps}
              {...p}
            />
            <Button onClick={add} disabled={!accepts(typed)}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {addLabel}
            </Button>
          </div>
        )}
      </Field>
      {values.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={listLabel}>
          {values.map((v) => (
            <li
              key={v}
              className={cx(
                "inline-flex items-center gap-1 rounded-full py-1 pr-1 pl-3 text-xs font-medium ring-1",
                TONES[tone].chip,
              )}
            >
              {text(v)}
              <button
                type="button"
                className={cx(
                  "inline-flex h-6 w-6 items-center justify-center rounded-full",
                  TONES[tone].remove,
                )}
                aria-label={removeLabel(v)}
                onClick={() => onChange(values.filter((x) => x !== v))}
              >
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
