/** The hour of a day as the dialog shows it: 08:00. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** The IANA time zones the browser knows (UTC first), for the schedule's zone. */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return [...new Set(['UTC', own, ...known])];
}

/** An instant as the recipients read it: "Mon 1 Dec, 08:00" in the schedule's zone. */
export function formatInZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
