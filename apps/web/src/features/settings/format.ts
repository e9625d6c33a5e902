import type { Member } from '../organizations';

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
