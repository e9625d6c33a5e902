import { formatDate } from '../../shared/lib/dates';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * How long ago, as the notification lists show it (spec 002 §9): Just now, minutes, hours, days,
 * 'more than 1 year ago' from 365 to 729 days, then years. A date in the future (a clock ahead
 * of ours) is "Just now".
 */
export function relativeTime(iso: string, now: Date): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return plural(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return plural(Math.floor(elapsed / HOUR_MS), 'hour');
  const days = Math.floor(elapsed / DAY_MS);
  if (days < 365) return plural(days, 'day');
  if (days < 730) return 'more than 1 year ago';
  return plural(Math.floor(days / 365), 'year');
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The full date and time a notification was sent: DD/MM/YYYY HH:mm, local time. */
export function formatSentOn(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
