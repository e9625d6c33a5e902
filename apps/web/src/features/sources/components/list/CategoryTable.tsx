import { Paper, Table, Title, VisuallyHidden } from '@mantine/core';
import { CONVERSION_SETTINGS_SERVICES, type ServiceAccount, type ServiceCategory } from '@maya/contracts';
import type { ServiceWithAccounts } from '../../grouping';
import { categoryLabels, sourcesMessages } from '../../messages';
import { ServiceRows } from './ServiceRows';
import classes from './SourcesTable.module.css';

type CategoryTableProps = {
  category: ServiceCategory;
  entries: ServiceWithAccounts[];
  actions: {
    onReconnect: (entry: ServiceWithAccounts) => void;
    onDelete: (account: ServiceAccount) => void;
    /** Opens the service's conversion settings (services that have them). */
    onConversions: (entry: ServiceWithAccounts) => void;
  } | null;
};

const hasConversionSettings = (serviceId: string) =>
  (CONVERSION_SETTINGS_SERVICES as readonly string[]).includes(serviceId);

/** One category of connected services (spec 001 §2): a heading and the services' table. */
export function CategoryTable({ category, entries, actions }: CategoryTableProps) {
  const headingId = `sources-category-${category}`;
  const { columns } = sourcesMessages;
  return (
    <Paper component="section" withBorder aria-labelledby={headingId} style={{ overflow: 'hidden' }}>
      <Title order={2} fz="md" px={{ base: 'sm', sm: 'lg' }} pt="md" pb="sm" id={headingId}>
        {categoryLabels[category]}
      </Title>
      <Table layout="fixed" verticalSpacing="sm" className={classes.table} aria-labelledby={headingId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.account}</Table.Th>
            <Table.Th className={classes.status}>{columns.status}</Table.Th>
            <Table.Th className={classes.date}>{columns.date}</Table.Th>
            <Table.Th className={classes.actions}>
              <VisuallyHidden>{columns.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <ServiceRows
              key={entry.service.uuid}
              entry={entry}
              actions={
                actions === null
                  ? null
                  : {
                      onReconnect: () => actions.onReconnect(entry),
                      onDelete: actions.onDelete,
                      onConversions: hasConversionSettings(entry.service.id)
                        ? () => actions.onConversions(entry)
                        : null,
                    }
              }
            />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
