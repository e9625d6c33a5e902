function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO date-time as the UI shows dates (spec 001 §9, DESIGN.md Conventions): DD/MM/YYYY, local time. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A calendar date (`YYYY-MM-DD`, no time zone) as DD/MM/YYYY, the same day everywhere. */
export function formatDay(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
