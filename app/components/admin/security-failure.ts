import type { FormFailure } from "../../lib/form-result";
import type { useFlash } from "./ui/alert";

/** A refused write as the security cards get it back from useAdminWrite. */
export type Failure = Pick<FormFailure, "network" | "detail" | "errors">;
type Show = ReturnType<typeof useFlash>["show"];

/** A refusal that names fields shows beside those fields; anything else (409, 429, network) as a banner. */
export function showFailure(res: Failure, setErrors: (errors: Record<string, string>) => void, show: Show) {
  setErrors(res.errors);
  if (res.network) show("error", "Connection error");
  else if (Object.keys(res.errors).length === 0) show("error", res.detail);
}
