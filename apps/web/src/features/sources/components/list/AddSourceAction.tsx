import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import { IconPlus } from '../../../../shared/ui/icons';
import { sourcesMessages } from '../../messages';
import { addSourcePath, billingProductsPath } from '../../navigation';

/**
 * The Add source button, or the 'Upgrade plan for more accounts' link to billing products when
 * the plan allows no more accounts (spec 001 §2, §6).
 */
export function AddSourceAction({ slug, canAddAccounts }: { slug: string; canAddAccounts: boolean }) {
  if (!canAddAccounts) {
    return (
      <Anchor component={Link} to={billingProductsPath(slug)} fw={600} size="sm">
        {sourcesMessages.upgradeForMoreAccounts}
      </Anchor>
    );
  }
  return (
    <Button component={Link} to={addSourcePath(slug)} leftSection={<IconPlus size={18} />}>
      {sourcesMessages.addSource}
    </Button>
  );
}
