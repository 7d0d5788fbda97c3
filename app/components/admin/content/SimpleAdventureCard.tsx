import { Star } from "lucide-react";
import { categoryLabel } from "../../../lib/adventure-catalogue";
import { Img } from "../../Img";
import { Badge } from "../ui";
import { EditDeleteButtons } from "./screen";
import type { SimpleAdventure } from "./types";

/** One database adventure in the Enhanced manager's grid, with its Edit and Delete buttons. */
export function SimpleAdventureCard({
  adventure: a,
  onEdit,
  onDelete,
}: {
  adventure: SimpleAdventure;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="enhanced-card"
    >
      <div className="relative aspect-[16/9] bg-slate-100">
        <Img
          src={a.image}
          alt={a.image_alt || a.title}
          sizes="(min-width: 1280px) 25vw, (min-width: 640px) 45vw, 100vw"
          className="h-full w-full object-cover"
        />
        <div className="absolute top-2 left-2 flex gap-1">
          {a.featured ? (
            <Badge tone="amber">
              <Star aria-hidden="true" className="mr-0.5 h-3 w-3" />
              Featured
            </Badge>
          ) : null}
          {!a.is_active ? <Badge tone="slate">Hidden</Badge> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h2 className="font-sans text-base font-semibold text-ocean-900">{a.title}</h2>
        <p className="text-xs text-slate-500">/{a.slug}</p>
        <p className="mt-2 line-clamp-2 text-sm text-slate-600">{a.description}</p>
        <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-600">
          <dt className="sr-only">Price</dt>
          <dd className="font-semibold text-coral-700">{a.price || `$${a.price_num}`}</dd>
          <dt className="sr-only">Duration</dt>
          <dd>{a.duration}</dd>
          <dt className="sr-only">Group size</dt>
          <dd>{a.group_size}</dd>
          <dt className="sr-only">Category</dt>
          <dd>{categoryLabel(a.category)}</dd>
        </dl>
        <div className="mt-auto flex gap-2 pt-4">
          <EditDeleteButtons
            className="flex-1"
            onEdit={onEdit}
            onDelete={onDelete}
            editLabel={`Edit ${a.title}`}
            deleteLabel={`Delete ${a.title}`}
          />
        </div>
      </div>
    </li>
  );
}
