import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { describeApiError } from '../../../shared/api/describeError';
import { useCurrentOrganization } from '../../organizations';
import { getPortalUrl } from '../api/billing';

/** billing/portal (spec 002 Billing): fetches the portal URL and redirects to it. */
export function PortalPage() {
  const organization = useCurrentOrganization();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (organization === null) return;
    let cancelled = false;
    getPortalUrl(organization.id).then(
      (url) => {
        if (!cancelled) window.location.assign(url);
      },
      (failure: unknown) => {
        if (!cancelled) setError(describeApiError(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [organization]);
  return (
    <Stack p="md" maw={640}>
      {error ? (
        <Alert color="red">{error}</Alert>
      ) : (
        <Stack align="center" mt="xl">
          <Loader />
          <Text c="dimmed">Opening the billing portal…</Text>
        </Stack>
      )}
    </Stack>
  );
}
