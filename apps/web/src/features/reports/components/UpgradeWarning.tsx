import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { organizationPath } from '../../organizations';
import { IconAlert } from '../../../shared/ui/icons';
import { reportMessages } from '../messages';

const { upgrade: text } = reportMessages;

/**
 * spec 002 §2: organizations whose data loads have expired (ETL disabled, or the plan lapsed; not
 * a demo) see an upgrade warning on dashboard and demo pages, with the way to the plans.
 */
export function UpgradeWarning({ organizationSlug }: { organizationSlug: string }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      icon={<IconAlert size={18} />}
      title={text.title}
      mb="md"
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{text.body}</Text>
        <Anchor
          component={Link}
          to={organizationPath(organizationSlug, 'billing/products')}
          size="sm"
          fw={600}
        >
          {text.action}
        </Anchor>
      </Group>
    </Alert>
  );
}
