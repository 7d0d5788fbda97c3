/** The schedules API's answers as the screen reads them (type-only imports: no server code reaches the browser). */
import type { SchedulePlan } from "../../../../server/domain/bookings/schedules.server";

export type { LeftDeparture, SchedulePlan } from "../../../../server/domain/bookings/schedules.server";

export interface AdminSchedule {
  id: string;
  adventure_id: string;
  adventure_title?: string;
  weekdays: number[];
  from: string;
  to: string;
  available_spots: number;
  price_override: number | null;
  notes: string;
  weather_dependent: boolean;
  exceptions: string[];
  /** "HH:MM" each; empty: one departure a date without a time of its own. */
  start_times: string[];
  created_at: string;
  upcoming_dates?: number;
  booked_dates?: number;
}

export interface SchedulePreview {
  plan: SchedulePlan;
  available_spots: number | null;
}

export interface ScheduleAdventure {
  id: string;
  title: string;
  group_size_min: number;
  group_size_max: number;
}
