/** Reads a calendar file as calendar apps do (ical.js: RFC 5545, its own VTIMEZONE applied). */
import ICAL from "ical.js";

export interface ReadEvent {
  summary: string;
  /** Wall-clock start and end in the event's zone ("2026-11-28T08:00:00"), and the zone's name. */
  start: string;
  end: string;
  zone: string;
  /** Length in seconds, as a calendar shows it. */
  seconds: number;
  /** The instants, for checks across the reader's own zone. */
  startUtc: Date;
  endUtc: Date;
}

export function readEvents(ics: string): ReadEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      zone: event.startDate.zone?.tzid ?? "",
      seconds: event.duration.toSeconds(),
      startUtc: event.startDate.toJSDate(),
      endUtc: event.endDate.toJSDate(),
    };
  });
}
