import { Button, EmptyState, Group } from '@mantine/core';
import { Link } from 'react-router';
import { IconExternal, IconRefresh, IconSearch } from '../../../../shared/ui/icons';
import { sourcesMessages } from '../../messages';
import { FACEBOOK_AD_ACCOUNTS_URL } from '../../navigation';

/**
 * No account came back (spec 001 §2): Facebook Ads offers reconnecting or adding an ad account
 * in the Business Manager; other services say 'No accounts to select from'.
 */
export function EmptyAccounts({ facebook, reconnectTo }: { facebook: boolean; reconnectTo: string }) {
  if (!facebook) {
    return (
      <EmptyState
        icon={<IconSearch size={26} />}
        withIndicatorBackground
        title={sourcesMessages.noAccounts}
      />
    );
  }
  return (
    <EmptyState
      icon={<IconSearch size={26} />}
      withIndicatorBackground
      title={sourcesMessages.facebookEmptyTitle}
      description={sourcesMessages.facebookEmptyDescription}
    >
      <EmptyState.Actions>
        <Group justify="center" gap="sm">
          <Button component={Link} to={reconnectTo} variant="light" leftSection={<IconRefresh size={16} />}>
            {sourcesMessages.reconnect}
          </Button>
          <Button
            component="a"
            href={FACEBOOK_AD_ACCOUNTS_URL}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            rightSection={<IconExternal size={14} />}
          >
            {sourcesMessages.facebookAddAdAccount}
          </Button>
        </Group>
      </EmptyState.Actions>
    </EmptyState>
  );
}
