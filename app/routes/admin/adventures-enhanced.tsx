import { Database, Plus } from "lucide-react";
import { useState } from "react";
import {
  Alert,
  Button,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  useConfirm,
  useFlash,
} from "../../components/admin";
import { SimpleAdventureCard } from "../../components/admin/content/SimpleAdventureCard";
import { SimpleAdventureForm } from "../../components/admin/content/SimpleAdventureForm";
import { CloseFormButton } from "../../components/admin/content/screen";
import {
  blankSimpleForm,
  type SimpleForm,
  simpleFormFrom,
  type simplePayload,
} from "../../components/admin/content/simple-form";
import type { SimpleAdventure } from "../../components/admin/content/types";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { serverDetail } from "../../lib/form-result";
import type { Route } from "./+types/adventures-enhanced";

export async function clientLoader() {
  return { adventures: await adminGet<SimpleAdventure[]>("/api/admin/adventures/db") };
}
export const clientAction = adminAction;

/** Enhanced adventures management: the database adventures in the simple shape. */
export default function AdventuresEnhanced({ loaderData }: Route.ComponentProps) {
  const items = dataOr(loaderData.adventures, []);
  const loadError = failureText(
    loaderData.adventures,
    "Failed to fetch adventures",
    () => "Failed to load adventures",
  );
  const write = useAdminWrite();
  // The open form: what it edits, its values as opened, and a new key per opening
  // (Add or Edit starts afresh even on the adventure already open).
  const [opened, setOpened] = useState<{
    target: SimpleAdventure | "new";
    initial: SimpleForm;
    key: number;
  } | null>(null);
  const editing = opened?.target ?? null;
  const { flash, show, clear } = useFlash();
  const { confirm, dialog } = useConfirm();
  const isNew = editing === "new";

  const open = (target: SimpleAdventure | "new") => {
    setOpened((o) => ({
      target,
      initial: target === "new" ? blankSimpleForm() : simpleFormFrom(target),
      key: (o?.key ?? 0) + 1,
    }));
    clear();
  };
  const close = () => setOpened(null);

  /** Saves; answers with the server's field errors when it refused. */
  const save = async (payload: ReturnType<typeof simplePayload>): Promise<Record<string, string>> => {
    clear();
    const target = editing && editing !== "new" ? editing : null;
    const res = target
      ? await write("PUT", `/api/admin/adventures/db/${encodeURIComponent(target.id)}`, payload)
      : await write("POST", "/api/admin/adventures/db", payload);
    if (!res.ok) {
      const title = target ? "Failed to update adventure" : "Failed to create adventure";
      show("error", serverDetail(res), title);
      return res.errors;
    }
    show("success", target ? `"${payload.title}" updated.` : `"${payload.title}" created.`);
    close();
    return {};
  };

  const remove = async (a: SimpleAdventure) => {
    const ok = await confirm({
      title: `Delete "${a.title}"?`,
      message: "Are you sure you want to delete this adventure?",
      confirmLabel: "Delete",
    });
    if (!ok) return;
    clear();
    const res = await write("DELETE", `/api/admin/adventures/db/${encodeURIComponent(a.id)}`);
    if (!res.ok) {
      show("error", serverDetail(res), "Failed to delete adventure");
      return;
    }
    if (editing !== "new" && editing?.id === a.id) close();
    show("success", `"${a.title}" deleted.`);
  };

  return (
    <>
      <PageHeader
        title="Enhanced Adventures Management"
        description="The adventures in the database, in the simple form. They are the same adventures the Professional manager edits and visitors see."
        actions={
          <Button variant="primary" onClick={() => open("new")}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add New Adventure
          </Button>
        }
      />
      {dialog}
      <div className="space-y-5">
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        <FlashAlert flash={flash} onDismiss={clear} />

        {editing ? (
          <Card
            title={isNew ? "Add New Adventure" : `Edit: ${editing.title}`}
            actions={<CloseFormButton onClick={close} />}
          >
            <SimpleAdventureForm
              key={opened?.key}
              initial={opened?.initial ?? blankSimpleForm()}
              isNew={isNew}
              onSave={save}
              onCancel={close}
            />
          </Card>
        ) : null}

        {items.length === 0 && !loadError ? (
          <Card>
            <EmptyState
              icon={<Database className="h-6 w-6" />}
              title="No adventures found in database. Create your first adventure above."
            />
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Adventures in the database">
            {items.map((a) => (
              <SimpleAdventureCard
                key={a.id}
                adventure={a}
                onEdit={() => open(a)}
                onDelete={() => remove(a)}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
