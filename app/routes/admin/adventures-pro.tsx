import { ArrowLeft, Compass, MousePointerClick, Plus, Star, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  Alert,
  Badge,
  buttonClass,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  useConfirm,
  useFlash,
} from "../../components/admin";
import { CrewNeedsForm } from "../../components/admin/CrewNeedsForm";
import {
  blankProForm,
  ProAdventureEditor,
  proFormFrom,
  type proPayload,
} from "../../components/admin/content/ProAdventureEditor";
import type { ProAdventure } from "../../components/admin/content/types";
import type { GearList } from "../../components/admin/gear/gear-view";
import { PricesAndExtras } from "../../components/admin/prices/PricesAndExtras";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { categoryLabel } from "../../lib/adventure-catalogue";
import type { CrewNeeds } from "../../lib/crew";
import { serverDetail } from "../../lib/form-result";
import { formatDollars } from "../../lib/money";
import type { PriceCategory } from "../../lib/price-categories";
import type { Route } from "./+types/adventures-pro";

const BASE = "/admin/adventures-pro";

/** An adventure as the console lists it: with what it needs of each crew role. */
type ConsoleAdventure = ProAdventure & { crew_needs: CrewNeeds };

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = "id" in params ? params.id : undefined;
  // An opened adventure also loads its price categories and the extras and gear to choose from.
  const [adventures, prices, gear] = await Promise.all([
    adminGet<ConsoleAdventure[]>("/api/admin/adventures-pro"),
    id
      ? adminGet<{ categories: PriceCategory[] }>(
          `/api/admin/adventures/${encodeURIComponent(id)}/price-categories`,
        )
      : null,
    id ? adminGet<GearList>("/api/admin/gear") : null,
  ]);
  return { adventures, prices, gear };
}
export const clientAction = adminAction;

/**
 * The professional adventures manager:
 * the list on the left, the editor on the right. /admin/adventures-pro/{id}
 * opens that adventure; ?action=create opens a blank one.
 */
export default function AdventuresPro({ loaderData, params }: Route.ComponentProps) {
  const id = "id" in params ? params.id : undefined;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const write = useAdminWrite();
  const creating = !id && search.get("action") === "create";
  const items = dataOr(loaderData.adventures, []);
  const loadError = failureText(
    loaderData.adventures,
    "Failed to fetch adventures",
    (m) => `Failed to load adventures: ${m}`,
  );
  const { flash, show, clear } = useFlash();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();

  const editing = id ? items.find((a) => a.id === id) : undefined;
  // The adventure being deleted is about to be left for the list: not "not found" meanwhile.
  const mode: "idle" | "create" | "edit" | "missing" = creating
    ? "create"
    : id
      ? editing
        ? "edit"
        : id === deletingId
          ? "idle"
          : "missing"
      : "idle";
  const initial = useMemo(() => (editing ? proFormFrom(editing) : blankProForm()), [editing]);
  // A new key per opened adventure resets the editor; list reloads keep it.
  const editorKey = mode === "create" ? "new" : (editing?.id ?? "none");

  /** Saves; answers with the server's field errors when it refused. */
  const save = async (payload: ReturnType<typeof proPayload>): Promise<Record<string, string>> => {
    const res = editing
      ? await write<ProAdventure>(
          "PUT",
          `/api/admin/adventures-pro/${encodeURIComponent(editing.id)}`,
          payload,
        )
      : await write<ProAdventure>("POST", "/api/admin/adventures-pro", payload);
    if (res.ok) {
      show("success", `Adventure "${res.data.title}" saved successfully!`);
      // The editor stays busy until the list is shown.
      await navigate(BASE);
      return {};
    }
    if (res.network) {
      show("error", `Failed to save adventure: ${res.exception ?? res.detail}`);
      return {};
    }
    show("error", serverDetail(res) || "Failed to save adventure");
    return res.errors;
  };

  const remove = async (a: ProAdventure) => {
    const ok = await confirm({
      title: `Delete "${a.title}"?`,
      message: "Are you sure you want to delete this adventure? This action cannot be undone.",
      confirmLabel: "Delete",
    });
    if (!ok) return;
    setDeletingId(a.id);
    const res = await write("DELETE", `/api/admin/adventures-pro/${encodeURIComponent(a.id)}`);
    if (res.ok) {
      show("success", "Adventure deleted successfully");
      if (a.id === id) await navigate(BASE);
    } else if (res.network) {
      show("error", `Failed to delete adventure: ${res.exception ?? res.detail}`);
    } else {
      show("error", serverDetail(res), "Failed to delete adventure");
    }
    setDeletingId(null);
  };

  const showEditorOnly = mode !== "idle";

  return (
    <>
      <PageHeader
        title="Adventures"
        eyebrow="Professional manager"
        description="Everything visitors see about each trip: text, photos, prices, group sizes and whether it can be booked."
        actions={
          <Link to={`${BASE}?action=create`} className={buttonClass("primary")}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Adventure
          </Link>
        }
      />
      {dialog}
      <div className="space-y-4">
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        <FlashAlert flash={flash} onDismiss={clear} />

        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <Card
            className={`lg:sticky lg:top-20 ${showEditorOnly ? "hidden lg:block" : ""}`}
            bodyClassName=""
            title={`Your Adventures (${items.length})`}
          >
            {items.length === 0 ? (
              <EmptyState icon={<Compass className="h-6 w-6" />} title="No adventures yet">
                Create your first adventure with New Adventure.
              </EmptyState>
            ) : (
              <ul
                className="divide-y divide-slate-100 lg:max-h-[calc(100vh-12rem)] lg:overflow-y-auto"
                data-testid="pro-list"
              >
                {items.map((a) => {
                  const current = a.id === id;
                  return (
                    <li
                      key={a.id}
                      className={`flex items-start gap-2 px-3 py-3 sm:px-4 ${current ? "bg-reef-50/70" : "hover:bg-slate-50"}`}
                      data-testid="pro-row"
                      data-id={a.id}
                    >
                      <Link
                        to={`${BASE}/${encodeURIComponent(a.id)}`}
                        aria-current={current ? "page" : undefined}
                        className="min-w-0 flex-1 rounded-lg focus-visible:ring-2 focus-visible:ring-reef-500 focus-visible:outline-none"
                      >
                        <span className="flex items-center gap-2">
                          <span
                            className={`h-2.5 w-2.5 shrink-0 rounded-full ${a.is_active ? "bg-emerald-500" : "bg-slate-300"}`}
                            title={a.is_active ? "Active" : "Inactive"}
                            aria-hidden="true"
                          />
                          <span className="sr-only">{a.is_active ? "Active:" : "Inactive:"}</span>
                          <span className="truncate font-medium text-ocean-900">{a.title}</span>
                        </span>
                        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 pl-4.5 text-xs text-slate-600">
                          <span className="font-semibold text-slate-700">
                            {formatDollars(a.base_price, a.currency)}
                          </span>
                          <span aria-hidden="true">·</span>
                          <span>{categoryLabel(a.category)}</span>
                          {a.is_featured ? (
                            <Badge tone="amber">
                              <Star aria-hidden="true" className="mr-0.5 h-3 w-3" />
                              Featured
                            </Badge>
                          ) : null}
                          {!a.booking_enabled ? <Badge tone="slate">Booking off</Badge> : null}
                        </span>
                      </Link>
                      <button
                        type="button"
                        onClick={() => remove(a)}
                        disabled={deletingId === a.id}
                        className="shrink-0 rounded-lg p-2 text-slate-400 hover:bg-coral-50 hover:text-coral-700 disabled:opacity-50"
                        aria-label={`Delete ${a.title}`}
                        title="Delete"
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>

          <section aria-label="Adventure editor" className="min-w-0">
            {showEditorOnly ? (
              <Link
                to={BASE}
                className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-reef-700 lg:hidden"
              >
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                All adventures
              </Link>
            ) : null}
            {mode === "idle" ? (
              <Card>
                <EmptyState
                  icon={<MousePointerClick className="h-6 w-6" />}
                  title="Select an Adventure to Edit"
                  action={
                    <Link to={`${BASE}?action=create`} className={buttonClass("secondary", "sm")}>
                      <Plus aria-hidden="true" className="h-4 w-4" />
                      Or create a new one
                    </Link>
                  }
                >
                  Choose an adventure from the list to change its text, photos, prices and settings.
                </EmptyState>
              </Card>
            ) : mode === "missing" ? (
              <Card>
                <EmptyState icon={<Compass className="h-6 w-6" />} title="Adventure not found">
                  It may have been deleted. Choose another adventure from the list.
                </EmptyState>
              </Card>
            ) : (
              <>
                <h2 className="mb-3 font-display text-xl font-semibold text-ocean-900">
                  {mode === "create" ? "New Adventure" : `Edit: ${editing?.title}`}
                </h2>
                <ProAdventureEditor
                  key={editorKey}
                  initial={initial}
                  policyText={editing?.cancellation_policy}
                  initialOverride={editing?.policy_override ?? null}
                  effectiveRules={editing?.policy}
                  isNew={mode === "create"}
                  onSave={save}
                  onCancel={() => navigate(BASE)}
                />
                {mode === "edit" && editing ? (
                  <Card
                    title="Crew needed"
                    description="Guests per person of each role on a departure; leave a role empty when it is not needed. Trips warns when a departure is short."
                    className="mt-6"
                  >
                    <CrewNeedsForm
                      key={editing.id}
                      adventureId={editing.id}
                      title={editing.title}
                      needs={editing.crew_needs}
                    />
                  </Card>
                ) : null}
                {mode === "edit" && editing && loaderData.prices && loaderData.gear ? (
                  <PricesAndExtras
                    key={editing.id}
                    adventure={editing}
                    prices={loaderData.prices}
                    gear={loaderData.gear}
                  />
                ) : null}
              </>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
