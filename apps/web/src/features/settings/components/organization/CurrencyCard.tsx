import { Button, Group, Select, Text } from '@mantine/core';
import { CURRENCIES, type Organization } from '@maya/contracts';
import { useState } from 'react';
import { IconShield } from '../../../../shared/ui/icons';
import { useUpdateCurrency } from '../../hooks/useUpdateCurrency';
import { settingsMessages } from '../../messages';
import { SettingsCard } from '../../../../shared/ui/SettingsCard';

const messages = settingsMessages.currency;
const OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name} (${c.symbol})` }));
const labelOf = (code: string) => OPTIONS.find((o) => o.value === code)?.label ?? code;

/**
 * The organization's currency (spec 002 §3 currency_id): owners and admins choose it, members
 * read it. Every amount on the dashboards is shown converted into it.
 */
export function CurrencyCard({ organization }: { organization: Organization }) {
  const canManage = organization.role !== 'member' && !organization.is_demo;
  const [chosen, setChosen] = useState<string | null>(null);
  const update = useUpdateCurrency(organization.id);
  const value = chosen ?? organization.currency_id;
  const changed = value !== organization.currency_id;

  return (
    <SettingsCard title={messages.title} description={messages.description}>
      {canManage ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (changed) update.mutate(value, { onSuccess: () => setChosen(null) });
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={messages.label}
              data={OPTIONS}
              value={value}
              onChange={(next) => {
                update.reset();
                setChosen(next);
              }}
              searchable
              allowDeselect={false}
              nothingFoundMessage="No currency found"
              w={{ base: '100%', xs: 340 }}
            />
            <Button type="submit" disabled={!changed} loading={update.isPending}>
              {messages.save}
            </Button>
          </Group>
          {update.isError && (
            <Text size="sm" c="red" mt="xs" role="alert">
              {messages.failed}
            </Text>
          )}
          {update.isSuccess && !changed && (
            <Text size="sm" c="teal" mt="xs" role="status">
              {messages.saved}
            </Text>
          )}
        </form>
      ) : (
        <Group gap="lg" wrap="wrap">
          <Text fw={600} aria-label={messages.label}>
            {labelOf(organization.currency_id)}
          </Text>
          <Group gap="xs" wrap="nowrap" c="dimmed">
            <IconShield size={18} />
            <Text size="sm">{messages.readOnlyNote}</Text>
          </Group>
        </Group>
      )}
    </SettingsCard>
  );
}
