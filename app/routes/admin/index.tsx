import { redirect } from "react-router";

/** /admin and /admin/ land on the professional dashboard. */
export function loader() {
  return redirect("/admin/pro-dashboard");
}

export default function AdminIndex() {
  return null;
}
