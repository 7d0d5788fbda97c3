import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarPlus } from "lucide-react";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import type { useAdminWrite } from "../../../lib/admin-data";
import { availabilityCreateSchema, MAX_SPOTS, MIN_SPOTS } from "../../../lib/admin-forms";
import { departureText } from "../../../lib/departure";
import type { AvailabilityEntry } from "../types";
import { type AlertTone, Button, Card, CheckboxField, TextAreaField, TextField } from "../ui";

/** The Add Availability form: the create payload less the adventure, which is chosen above it. */
const formSchema = (today: string) => availabilityCreateSchema(today).omit({ adventure_id: true });

const emptyForm = () => ({
  date: "",
  start_time: "",
  available_spots: 6,
  price_override: "" as const,
  notes: "",
  is_available: true,
  weather_dependent: true,
});

/**
 * Opens one date (or one departure of it, at a start time) of the chosen
 * adventure for booking; the server's field errors land on their fields.
 */
export function AddAvailabilityForm({
  adventureId,
  adventureTitle,
  today,
  write,
  show,
}: {
  adventureId: string;
  adventureTitle: string | undefined;
  today: string;
  write: ReturnType<typeof useAdminWrite>;
  show: (tone: AlertTone, text: string) => void;
}) {
  const resolver = useMemo(() => zodResolver(formSchema(today)), [today]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: emptyForm() });

  const submit = handleSubmit(async (data) => {
    if (!adventureId) return;
    const res = await write<AvailabilityEntry>("POST", "/api/admin/availability", {
      adventure_id: adventureId,
      ...data,
    });
    if (res.ok) {
      show("success", `Availability added for ${departureText(res.data.date, res.data.start_time ?? "")}.`);
      reset(emptyForm());
      return;
    }
    for (const [key, message] of Object.entries(res.errors)) {
      if (key in emptyForm())
        setError(key as keyof ReturnType<typeof emptyForm>, { type: "server", message });
    }
    // Spec: the create alert shows the server's detail, else the generic text.
    show(
      "error",
      res.network
        ? "Connection error"
        : res.status >= 500
          ? "Failed to create availability"
          : res.detail || "Failed to create availability",
    );
  });

  return (
    <Card title="Add Availability" description={adventureTitle ?? "Choose an adventure first"}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Date"
          type="date"
          required
          min={today}
          error={errors.date?.message}
          {...register("date")}
        />
        <TextField
          label="Start time"
          hint="Optional: for a date run more than once, add each departure with its time"
          type="time"
          step={300}
          error={errors.start_time?.message}
          {...register("start_time")}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Available spots"
            type="number"
            required
            min={MIN_SPOTS}
            max={MAX_SPOTS}
            step={1}
            inputMode="numeric"
            error={errors.available_spots?.message}
            {...register("available_spots", { valueAsNumber: true })}
          />
          <TextField
            label="Price override"
            hint="AUD per person; empty = usual price"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            error={errors.price_override?.message}
            {...register("price_override", {
              // Empty means the usual price; anything else is a number for the schema to check.
              setValueAs: (v: unknown) => (v === "" || v === null ? null : Number(v)),
            })}
          />
        </div>
        <TextAreaField
          label="Notes"
          rows={2}
          error={errors.notes?.message}
          {...register("notes")}
          placeholder="e.g. Sunrise start, meet at 6:30 am"
        />
        <CheckboxField label="Available for booking" {...register("is_available")} />
        <CheckboxField
          label="Weather dependent"
          hint="May be moved or refunded if conditions are unsafe"
          {...register("weather_dependent")}
        />
        <Button
          type="submit"
          variant="primary"
          className="w-full"
          disabled={!adventureId}
          busy={isSubmitting}
        >
          <CalendarPlus aria-hidden="true" className="h-4 w-4" />
          Add Availability
        </Button>
      </form>
    </Card>
  );
}
