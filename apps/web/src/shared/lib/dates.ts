function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO date-time as the UI shows dates (spec 001 §9, DESIGN.md Conventions): DD/MM/YYYY, local time. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
