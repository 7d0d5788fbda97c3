import { Compass } from "lucide-react";
import { Link } from "react-router";
import { buttonClass, EmptyState, PageHeader } from "../../components/admin";

export default function AdminNotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <EmptyState
          icon={<Compass className="h-6 w-6" />}
          title="There is no admin screen at this address."
          action={
            <Link to="/admin/pro-dashboard" className={buttonClass("primary")}>
              Go to the dashboard
            </Link>
          }
        >
          Pick a screen from the menu, or go back to the dashboard.
        </EmptyState>
      </div>
    </>
  );
}
