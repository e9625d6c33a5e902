import type { Member } from './api/members';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO date-time as the UI shows dates (DESIGN.md Conventions): DD/MM/YYYY, local time. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** "First Last", or the e-mail when the member has no name. */
export function memberName(member: Pick<Member, 'first_name' | 'last_name' | 'email'>): string {
  const name = `${member.first_name} ${member.last_name}`.trim();
  return name === '' ? member.email : name;
}

/** Up to two initials for the avatar. */
export function memberInitials(member: Pick<Member, 'first_name' | 'last_name' | 'email'>): string {
  const initials = `${member.first_name.trim().charAt(0)}${member.last_name.trim().charAt(0)}`;
  return (initials === '' ? member.email.charAt(0) : initials).toUpperCase();
}
