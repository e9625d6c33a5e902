const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;
const MINUTES_PER_YEAR = 365 * MINUTES_PER_DAY;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A run's time: minutes with one decimal (spec 002: history run time is in minutes). */
export function formatRunMinutes(minutes: number): string {
  return `${minutes.toFixed(1)} min`;
}

/**
 * A total of minutes as years, days, hours and minutes (spec 002 Data load), the zero parts
 * left out: `1 day, 2 hours and 5 minutes`; `0 minutes` for nothing, and `less than a minute`
 * for runs that took some seconds (a 0.4 min run must not read as no time at all).
 */
export function formatTotal(totalMinutes: number): string {
  if (totalMinutes > 0 && totalMinutes < 0.5) return 'less than a minute';
  let rest = Math.round(totalMinutes);
  const years = Math.floor(rest / MINUTES_PER_YEAR);
  rest -= years * MINUTES_PER_YEAR;
  const days = Math.floor(rest / MINUTES_PER_DAY);
  rest -= days * MINUTES_PER_DAY;
  const hours = Math.floor(rest / MINUTES_PER_HOUR);
  const minutes = rest - hours * MINUTES_PER_HOUR;
  const parts = [
    years > 0 ? plural(years, 'year') : null,
    days > 0 ? plural(days, 'day') : null,
    hours > 0 ? plural(hours, 'hour') : null,
    minutes > 0 ? plural(minutes, 'minute') : null,
  ].filter((part): part is string => part !== null);
  const last = parts.pop();
  if (last === undefined) return plural(0, 'minute');
  return parts.length === 0 ? last : `${parts.join(', ')} and ${last}`;
}
