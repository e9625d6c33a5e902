import { Alert, Code, Skeleton, Stack, Text } from '@mantine/core';
import { SettingsCard } from '../../../shared/ui/SettingsCard';
import { useGa4Emails } from '../hooks/useSharedDataset';
import { developersMessages as m, loadErrorMessage } from '../messages';

/** Settings → Developers → GA4 (spec 002 §2): the e-mails to grant, with the fallback when none. */
export function Ga4Panel({ organizationId }: { organizationId: string }) {
  const emails = useGa4Emails(organizationId);
  const list = emails.data?.emails ?? [];
  return (
    <SettingsCard title={m.ga4Title} description={m.ga4Description}>
      {emails.isPending ? (
        <Skeleton height={40} radius="md" aria-label="Loading" />
      ) : emails.isError ? (
        <Alert color="red" variant="light">
          {loadErrorMessage('GA4 emails', emails.error)}
        </Alert>
      ) : list.length > 0 ? (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="GA4 emails">
          {list.map((email) => (
            <li key={email}>
              <Code style={{ overflowWrap: 'anywhere' }}>{email}</Code>
            </li>
          ))}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{m.ga4Fallback}</Text>
          {emails.data && <Code style={{ overflowWrap: 'anywhere' }}>{emails.data.fallback}</Code>}
        </Stack>
      )}
    </SettingsCard>
  );
}
