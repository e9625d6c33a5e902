import type { User } from '@maya/contracts';
import { Avatar, UnstyledButton } from '@mantine/core';
import { Initials } from '../../shared/ui/Initials';
import { menuOnDemand } from '../../shared/ui/MenuOnDemand';
import { shellMessages as messages } from './messages';

function initials(user: User): string {
  const { first_name: first, last_name: last } = user.profile;
  const letters = `${first.trim().charAt(0)}${last.trim().charAt(0)}`;
  return (letters === '' ? user.email.charAt(0) : letters).toUpperCase();
}

export const AccountMenuOnDemand = menuOnDemand(() =>
  import('./AccountMenuDropdown').then((m) => m.AccountMenuDropdown),
);

/**
 * The account menu (spec 002 §2): Account, Documentation, Legal (Privacy Policy, Terms of
 * Service) as external links, and Logout. Its avatar button is drawn at once; the menu's code
 * loads on demand (`menuOnDemand`).
 */
export function AccountMenu({ user, organizationSlug }: { user: User; organizationSlug: string }) {
  return (
    <AccountMenuOnDemand
      user={user}
      organizationSlug={organizationSlug}
      target={
        <UnstyledButton aria-label={messages.accountMenu} style={{ borderRadius: '50%' }}>
          <Avatar radius="xl" color="indigo" variant="light" size={36}>
            <Initials letters={initials(user)} />
          </Avatar>
        </UnstyledButton>
      }
    />
  );
}
