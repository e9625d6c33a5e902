import { can, type Organization } from '@maya/contracts';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { organizationPath } from '../../organizations';
import { bannerMessages, daysLeftText, subscriptionBanner } from '../banner';
import { useEntitlements } from '../hooks/useEntitlements';

type SubscriptionBannerProps = {
  organization: Organization;
  isStaff: boolean;
  /** The clock the day count reads; injected by tests. */
  now?: () => number;
};

/**
 * The subscription banner above every page of an organization (spec 002 §4), read from the
 * entitlements answer; nothing while it loads or failed, nor for a demo organization.
 */
export function SubscriptionBanner({ organization, isStaff, now = Date.now }: SubscriptionBannerProps) {
  const entitlements = useEntitlements(organization.id);
  if (organization.is_demo || entitlements.data === undefined) return null;
  const canManage = can({ role: organization.role, isDemo: organization.is_demo, isStaff }, 'billing.manage');
  const banner = subscriptionBanner(entitlements.data, now(), canManage);
  if (banner === null) return null;
  return (
    <Alert
      color={banner.color}
      variant="light"
      role={banner.color === 'blue' ? 'status' : 'alert'}
      data-banner={banner.kind}
      py="xs"
      mb="md"
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {banner.message}
        </Text>
        {banner.daysLeft !== null && <Text size="sm">{daysLeftText(banner.daysLeft)}</Text>}
        {banner.link !== null ? (
          <Anchor
            component={Link}
            to={organizationPath(organization.slug, banner.link.page)}
            size="sm"
            fw={600}
            // The text colour, underlined: the primary colour on the alert's tinted background
            // reads below WCAG AA's 4.5:1 (4.03 on the blue one).
            c="var(--mantine-color-text)"
            underline="always"
          >
            {banner.link.label}
          </Anchor>
        ) : (
          banner.kind !== 'trial' && <Text size="sm">{bannerMessages.askAdministrator}</Text>
        )}
      </Group>
    </Alert>
  );
}
