import { Square, SquareCheck } from "lucide-react";
import { Button } from "./ui/button";

/**
 * One person's check-in on the trip-day manifest: a large toggle button.
 * Its label stays "Checked in" in both states (a toggle's label must not
 * change with its state; the ticked box and aria-pressed say which it is),
 * and its accessible name starts with that label, so speaking what is on
 * the button finds it (voice control), then names whose it is.
 */
export function CheckInButton({
  checkedIn,
  name,
  busy,
  onToggle,
}: {
  checkedIn: boolean;
  /** The participant's name, or "Participant N" while it is missing. */
  name: string;
  busy: boolean;
  onToggle: () => void;
}) {
  const Icon = checkedIn ? SquareCheck : Square;
  return (
    <Button
      variant={checkedIn ? "teal" : "secondary"}
      onClick={onToggle}
      busy={busy}
      aria-pressed={checkedIn}
      aria-label={`Checked in: ${name}`}
      className="min-w-[8.5rem] shrink-0"
    >
      {busy ? null : <Icon aria-hidden="true" className="h-4 w-4" />}
      Checked in
    </Button>
  );
}
