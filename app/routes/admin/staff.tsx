import { MailPlus, ShieldCheck, UserCog } from "lucide-react";
import { useState } from "react";
import {
  Alert,
  Badge,
  Button,
  Card,
  CheckboxField,
  EmptyState,
  PageHeader,
  SelectField,
  TextField,
  useFlash,
} from "../../components/admin";
import { ConfirmDialog } from "../../components/admin/ConfirmDialog";
import { MemberSessions } from "../../components/admin/staff/MemberSessions";
import { FlashAlert } from "../../components/admin/ui/alert";
import { adminAction, adminGet, failureText, useAdminWrite } from "../../lib/admin-data";
import type { FormResult } from "../../lib/form-result";
import { INVITABLE_ROLES, type InvitableRole, ROLE_LABELS, ROLE_SUMMARIES } from "../../lib/staff-access";
import { INVITE_LINK_HOURS, STAFF_PATH, type StaffList, type StaffMember } from "../../lib/staff-api";
import type { Route } from "./+types/staff";

export async function clientLoader() {
  return { staff: await adminGet<StaffList>(STAFF_PATH) };
}
export const clientAction = adminAction;

const memberPath = (id: string) => `${STAFF_PATH}/${encodeURIComponent(id)}`;

/** A failed write's field messages, or its message under `fallback`. */
function errorsOf(result: FormResult<unknown>): Record<string, string> {
  return result.ok ? {} : (result.errors as Record<string, string>);
}

/** The owner's own sign-in email and the two-factor rule, asked before the first invitation. */
function OwnerCard({ list }: { list: StaffList }) {
  const write = useAdminWrite();
  const [email, setEmail] = useState(list.owner.email ?? "");
  const [everyone, setEveryone] = useState(list.require_two_factor);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const flash = useFlash();
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const result = await write("PUT", `${STAFF_PATH}/owner`, { email, require_two_factor: everyone });
    setBusy(false);
    setErrors(errorsOf(result));
    if (result.ok) flash.show("success", "Saved");
    else if (!Object.keys(errorsOf(result)).length) flash.show("error", failureText(result, result.detail));
  };
  return (
    <Card
      title="Your sign-in"
      description="Once anyone is invited, everyone signs in with an email and a password; you sign in with this email and the site's password."
    >
      <form onSubmit={save} noValidate className="space-y-4">
        <TextField
          label="Your email"
          name="owner_email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <CheckboxField
          label="Require two-factor sign-in for everyone"
          hint="Owner and managers always need it; this adds crew and bookkeepers (from their next invitation)."
          checked={everyone}
          onChange={(e) => setEveryone(e.target.checked)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" busy={busy}>
            Save
          </Button>
          <span className="inline-flex items-center gap-1.5 text-sm text-slate-600">
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            {list.owner.two_factor
              ? "Your two-factor sign-in is on."
              : "Turn on two-factor in Settings before inviting."}
          </span>
        </div>
        <FlashAlert flash={flash.flash} onDismiss={flash.clear} className="mt-3" />
      </form>
    </Card>
  );
}

function InviteCard() {
  const write = useAdminWrite();
  const [form, setForm] = useState({ email: "", name: "", role: "crew" as InvitableRole });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const flash = useFlash();
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const result = await write("POST", STAFF_PATH, form);
    setBusy(false);
    const fieldErrors = errorsOf(result);
    setErrors(fieldErrors);
    setProblem(!result.ok && !Object.keys(fieldErrors).length ? failureText(result, result.detail) : "");
    if (result.ok) {
      flash.show("success", `Invitation sent to ${form.email.trim()}`);
      setForm({ email: "", name: "", role: form.role });
    }
  };
  return (
    <Card
      title="Invite someone"
      description={`They get an email with a link to set their password; it works once, for ${INVITE_LINK_HOURS} hours.`}
    >
      <form onSubmit={send} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          error={errors.name}
          required
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          error={errors.email}
          required
        />
        <SelectField
          label="Role"
          name="role"
          value={form.role}
          onChange={(e) => setForm({ ...form, role: e.target.value as InvitableRole })}
          error={errors.role}
          hint={ROLE_SUMMARIES[form.role]}
          className="sm:col-span-2"
        >
          {INVITABLE_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          {problem ? (
            <Alert tone="error" className="mb-3">
              {problem}
            </Alert>
          ) : null}
          <Button type="submit" variant="primary" busy={busy}>
            <MailPlus aria-hidden="true" className="h-4 w-4" />
            Send invitation
          </Button>
          <FlashAlert flash={flash.flash} onDismiss={flash.clear} className="mt-3" />
        </div>
      </form>
    </Card>
  );
}

const STATUS_TONE = { invited: "amber", active: "green", suspended: "red" } as const;

function MemberRow({ member }: { member: StaffMember }) {
  const write = useAdminWrite();
  const [confirm, setConfirm] = useState<null | "remove" | "suspend" | "reset">(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const flash = useFlash();
  const run = async (method: "PATCH" | "DELETE" | "POST", path: string, body: unknown, done: string) => {
    setBusy(true);
    const result = await write(method, path, body);
    setBusy(false);
    setConfirm(null);
    setProblem(result.ok ? "" : failureText(result, result.detail));
    if (result.ok) flash.show("success", done);
  };
  const invited = member.status === "invited";
  return (
    <li className="px-4 py-4 sm:px-5" data-testid="staff-member">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{member.name}</p>
          <p className="truncate text-sm text-slate-600">{member.email}</p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <Badge tone={STATUS_TONE[member.status]}>
              {member.status === "invited"
                ? member.invite_expired
                  ? "Invitation expired"
                  : "Invited"
                : member.status === "active"
                  ? "Active"
                  : "Suspended"}
            </Badge>
            <Badge tone={member.two_factor ? "teal" : "slate"}>
              {member.two_factor ? "Two-factor on" : "No two-factor"}
            </Badge>
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label={`Role of ${member.name}`}
            className="w-40 [&_label]:sr-only"
            value={member.role}
            disabled={busy}
            onChange={(e) =>
              run(
                "PATCH",
                memberPath(member.id),
                { role: e.target.value },
                `Role changed to ${ROLE_LABELS[e.target.value as InvitableRole]}`,
              )
            }
          >
            {INVITABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </SelectField>
          {invited ? (
            <Button
              size="sm"
              busy={busy}
              onClick={() => run("POST", `${memberPath(member.id)}/invite`, {}, "New invitation sent")}
            >
              Send a new invitation
            </Button>
          ) : member.status === "active" ? (
            <Button size="sm" onClick={() => setConfirm("suspend")}>
              Suspend
            </Button>
          ) : (
            <Button
              size="sm"
              busy={busy}
              onClick={() => run("PATCH", memberPath(member.id), { status: "active" }, "Reinstated")}
            >
              Reinstate
            </Button>
          )}
          {member.two_factor ? (
            <Button size="sm" onClick={() => setConfirm("reset")}>
              Reset two-factor
            </Button>
          ) : null}
          {!invited ? (
            <Button
              size="sm"
              busy={busy}
              onClick={() =>
                run("DELETE", `${memberPath(member.id)}/sessions`, undefined, "Signed out everywhere")
              }
            >
              Sign out everywhere
            </Button>
          ) : null}
          <Button size="sm" variant="danger" onClick={() => setConfirm("remove")}>
            Remove
          </Button>
        </div>
      </div>
      {invited ? null : (
        <MemberSessions
          name={member.name}
          sessions={member.sessions}
          busy={busy}
          onSignOut={(s) =>
            run(
              "DELETE",
              `${memberPath(member.id)}/sessions/${encodeURIComponent(s.id)}`,
              undefined,
              `${s.device} (${s.address}) is signed out`,
            )
          }
        />
      )}
      {problem ? (
        <Alert tone="error" className="mt-3">
          {problem}
        </Alert>
      ) : null}
      <FlashAlert flash={flash.flash} onDismiss={flash.clear} className="mt-3" />
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm === "remove"
            ? "Remove this person?"
            : confirm === "suspend"
              ? "Suspend this person?"
              : "Reset their two-factor?"
        }
        message={
          confirm === "remove"
            ? `${member.name} loses access at once: their sessions end and their account is deleted.`
            : confirm === "suspend"
              ? `${member.name} is signed out everywhere at once and cannot sign in until you reinstate them.`
              : `${member.name}'s authenticator stops working and their sessions end; they set a new one up under Your sign-in after signing in.`
        }
        confirmLabel={confirm === "remove" ? "Remove" : confirm === "suspend" ? "Suspend" : "Reset"}
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === "remove") void run("DELETE", memberPath(member.id), undefined, "Removed");
          else if (confirm === "suspend")
            void run("PATCH", memberPath(member.id), { status: "suspended" }, "Suspended");
          else void run("PATCH", memberPath(member.id), { reset_two_factor: true }, "Two-factor reset");
        }}
      />
    </li>
  );
}

/** /admin/staff: the owner's people, their roles and access. */
export default function Staff({ loaderData }: Route.ComponentProps) {
  const { staff } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Staff"
        eyebrow="Set-up"
        description="Invite people with their own sign-in, choose what their role may do, and suspend or remove them. Changes apply at once."
      />
      {!staff.ok ? (
        <Alert tone="error">{failureText(staff, "Could not load the staff list.")}</Alert>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <OwnerCard list={staff.data} />
            {staff.data.owner.email && staff.data.owner.two_factor ? (
              <InviteCard />
            ) : (
              <Card title="Invite someone">
                <p className="text-sm text-slate-600">
                  First set your own sign-in email and turn on two-factor sign-in (Settings → Security): once
                  staff exist, your account signs in with both.
                </p>
              </Card>
            )}
          </div>
          <Card title="People" bodyClassName="">
            {staff.data.members.length ? (
              <ul className="divide-y divide-slate-100">
                {staff.data.members.map((m) => (
                  <MemberRow key={m.id} member={m} />
                ))}
              </ul>
            ) : (
              <EmptyState
                icon={<UserCog aria-hidden="true" className="h-6 w-6" />}
                title="No one invited yet"
              >
                Only you sign in to the console.
              </EmptyState>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
