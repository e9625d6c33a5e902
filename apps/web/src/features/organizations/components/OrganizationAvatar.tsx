import { Avatar } from '@mantine/core';
import { Initials } from '../../../shared/ui/Initials';

const COLORS = ['indigo', 'violet', 'teal', 'cyan', 'grape', 'orange', 'pink', 'blue'] as const;

function colorFor(slug: string): (typeof COLORS)[number] {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? 'indigo';
}

/** The organization's initial on a colour derived from its slug, so each one is recognisable. */
export function OrganizationAvatar({ name, slug, size = 28 }: { name: string; slug: string; size?: number }) {
  return (
    <Avatar size={size} radius="md" color={colorFor(slug)} variant="filled" aria-hidden="true">
      <Initials letters={name.trim().charAt(0).toUpperCase() || '?'} />
    </Avatar>
  );
}
