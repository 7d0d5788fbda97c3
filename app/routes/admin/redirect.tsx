import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

/** Dashboard quick actions name routes the spec never registers; each goes to the screen for that job. */
const TARGETS: Record<string, string> = {
  "calendar-pro": "/admin/calendar",
  "media-pro": "/admin/media",
  "website-pro": "/admin/website-editor",
  "bookings-pro": "/admin/bookings",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const name = url.pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  return redirect(TARGETS[name] ?? "/admin/pro-dashboard");
}

export default function AdminRedirect() {
  return null;
}
