import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { legacyCatalogue } from "../../../server/domain/content/admin/legacy.server";
import {
  Alert,
  Badge,
  Button,
  Card,
  FlashAlert,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
  useFlash,
} from "../../components/admin";
import { ErrorSummary, focusFirstError, TagChips } from "../../components/admin/content/bits";
import { errorMessages, payloadResolver } from "../../components/admin/content/form-schema";
import { CloseFormButton, EditDeleteButtons } from "../../components/admin/content/screen";
import { Img } from "../../components/Img";
import { legacyAdventureSchema, parseDecimal } from "../../lib/admin-forms/adventures";
import { LEGACY_CATEGORIES, LEGACY_SKILL_LEVELS } from "../../lib/adventure-catalogue";
import type { Route } from "./+types/adventures-legacy";

/** The original built-in catalogue; the database is never read or written here. */
export function loader() {
  return { adventures: legacyCatalogue() };
}

type Legacy = Route.ComponentProps["loaderData"]["adventures"][number];

interface LegacyForm {
  id: string;
  slug: string;
  title: string;
  description: string;
  shortDescription: string;
  image: string;
  price: string;
  priceNum: string;
  duration: string;
  groupSize: string;
  category: string;
  skillLevel: string;
  location: string;
}

const blank = (): LegacyForm => ({
  id: "",
  slug: "",
  title: "",
  description: "",
  shortDescription: "",
  image: "",
  price: "",
  priceNum: "",
  duration: "",
  groupSize: "",
  category: "Diving",
  skillLevel: "Beginner",
  location: "",
});

const fromLegacy = (a: Legacy): LegacyForm => ({
  id: a.id,
  slug: a.slug,
  title: a.title,
  description: a.description,
  shortDescription: a.shortDescription,
  image: a.image,
  price: a.price,
  priceNum: String(a.priceNum),
  duration: a.duration,
  groupSize: a.groupSize,
  category: a.category,
  skillLevel: a.skillLevel,
  location: a.location,
});

const SAVED_NOTICE = "Adventure saved successfully! (Note: This is using static data)";
const DELETE_NOTICE =
  "Deleting is not available for the built-in adventures. Deletion works once adventures are in the database: remove live adventures in the Professional manager.";

/** What the schema checks: the price number parsed, missing when empty (it is required). */
const toChecked = (f: LegacyForm) => ({
  ...f,
  priceNum: f.priceNum.trim() === "" ? undefined : parseDecimal(f.priceNum),
});
const resolver = payloadResolver<LegacyForm>(legacyAdventureSchema, toChecked);

/** The add/edit form over the static catalogue: checked, then nothing is sent or kept. */
function LegacyAdventureForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: LegacyForm;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors: formErrors },
  } = useForm<LegacyForm>({ defaultValues: initial, resolver, shouldFocusError: false });
  const formRef = useRef<HTMLFormElement>(null);
  const errors = errorMessages(formErrors);
  const field = (key: keyof LegacyForm) => ({ ...register(key), error: errors[key] });

  // Opening the form brings it into view.
  useEffect(() => {
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
  }, []);

  // Static data: a valid form is only acknowledged.
  const submit = handleSubmit(onSaved, (found) => focusFirstError(formRef.current, errorMessages(found)));

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="scroll-mt-24 space-y-4"
      aria-label="Legacy adventure"
    >
      <ErrorSummary errors={errors} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="ID" required {...field("id")} />
        <TextField label="Slug" required {...field("slug")} />
        <TextField label="Title" required {...field("title")} />
      </div>
      <TextAreaField label="Description" required {...field("description")} rows={3} />
      <TextField label="Short description" {...field("shortDescription")} />
      <TextField label="Image" {...field("image")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Price" required {...field("price")} placeholder="$95 per person" />
        <TextField
          label="Price number"
          required
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          {...field("priceNum")}
        />
        <TextField label="Duration" required {...field("duration")} />
        <TextField label="Group size" {...field("groupSize")} />
        <SelectField label="Category" {...field("category")}>
          {LEGACY_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <SelectField label="Skill level" {...field("skillLevel")}>
          {LEGACY_SKILL_LEVELS.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectField>
      </div>
      <TextField label="Location" {...field("location")} />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary">
          Save
        </Button>
      </div>
    </form>
  );
}

/**
 * Legacy adventures: a card grid and an
 * add/edit form over the original static catalogue. Nothing is saved.
 */
export default function AdventuresLegacy({ loaderData }: Route.ComponentProps) {
  const { adventures } = loaderData;
  // The open form: what it edits, its values as opened, and a new key per opening.
  const [opened, setOpened] = useState<{ target: Legacy | "new"; initial: LegacyForm; key: number } | null>(
    null,
  );
  const editing = opened?.target ?? null;
  // Both notices stay until dismissed: nothing was stored, which the operator must read.
  const { flash, show, clear } = useFlash();

  const open = (target: Legacy | "new") => {
    setOpened((o) => ({
      target,
      initial: target === "new" ? blank() : fromLegacy(target),
      key: (o?.key ?? 0) + 1,
    }));
    clear();
  };
  const close = () => setOpened(null);

  return (
    <>
      <PageHeader
        title="Legacy Adventures"
        description="The original built-in adventure catalogue, as the site first shipped it."
        actions={
          <Button variant="secondary" onClick={() => open("new")}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Adventure
          </Button>
        }
      />
      <div className="space-y-5">
        <Alert tone="info" title="Built-in data, for reference">
          These are the original built-in adventures the website started with. Changes made on this screen are
          not saved. The live catalogue that visitors see and book is edited in the{" "}
          <Link to="/admin/adventures-pro" className="font-semibold underline">
            Professional adventures manager
          </Link>
          .
        </Alert>
        <FlashAlert flash={flash} onDismiss={clear} />

        {editing ? (
          <Card
            title={editing === "new" ? "Add Adventure" : `Edit: ${editing.title}`}
            description="Static data: saving shows a confirmation but changes nothing."
            actions={<CloseFormButton onClick={close} />}
          >
            <LegacyAdventureForm
              key={opened?.key}
              initial={opened?.initial ?? blank()}
              onSaved={() => {
                close();
                show("warning", SAVED_NOTICE);
              }}
              onCancel={close}
            />
          </Card>
        ) : null}

        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Built-in adventures">
          {adventures.map((a) => (
            <li
              key={a.id}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
              data-testid="legacy-card"
            >
              <div className="relative aspect-[16/9] bg-slate-100">
                <Img
                  src={a.image}
                  alt={a.title}
                  sizes="(min-width: 1280px) 25vw, (min-width: 640px) 45vw, 100vw"
                  className="h-full w-full object-cover"
                />
                <div className="absolute top-2 left-2 flex gap-1">
                  <Badge tone="blue">{a.category}</Badge>
                  <Badge tone={a.skillLevel === "Beginner" ? "green" : "amber"}>{a.skillLevel}</Badge>
                </div>
              </div>
              <div className="flex flex-1 flex-col p-4">
                <h2 className="font-sans text-base font-semibold text-ocean-900">{a.title}</h2>
                <p className="mt-1 line-clamp-2 text-sm text-slate-600">{a.description}</p>
                <p className="mt-2 text-xs text-slate-500">
                  <span className="font-semibold text-coral-700">{a.price}</span> · {a.duration} ·{" "}
                  {a.groupSize}
                </p>
                <TagChips tags={a.tags} className="mt-2" />
                <div className="mt-auto flex gap-2 pt-4">
                  <EditDeleteButtons
                    className="flex-1"
                    onEdit={() => open(a)}
                    onDelete={() => show("warning", DELETE_NOTICE)}
                    editLabel={`Edit ${a.title}`}
                    deleteLabel={`Delete ${a.title}`}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
