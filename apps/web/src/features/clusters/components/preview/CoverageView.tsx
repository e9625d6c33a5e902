import { Badge, Group, Progress, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { clusterMessages, type ClusterCoverageResponse } from '@maya/contracts';
import { hasEnoughData, useCoverage, type PreviewSnapshot } from '../../hooks/usePreviews';
import { clustersMessages as text } from '../../messages';
import { formatCount, formatSpend } from '../../model/format';
import { coverageError } from './previewErrors';
import { PreviewState } from './PreviewState';
import classes from './PreviewTables.module.css';

type CoverageViewProps = { query: PreviewSnapshot; onOpenValue: (value: string | null) => void };

const share = (rows: number, total: number) => (total === 0 ? 0 : (rows / total) * 100);
const percent = (rows: number, total: number) =>
  `${share(rows, total).toFixed(share(rows, total) < 10 ? 1 : 0)}%`;

/**
 * Beyond the spec: before saving, how many rows and how much spend each rule set gives its value
 * to (earlier rule sets win), and the most frequent values no rule set matches.
 */
export function CoverageView({ query, onOpenValue }: CoverageViewProps) {
  const coverage = useCoverage(query);
  if (!hasEnoughData(query.draft)) return <PreviewState message={clusterMessages.notEnoughDataPreview} />;
  if (coverage.isError) return <PreviewState message={coverageError(coverage.error)} failed />;
  if (coverage.data === undefined) return <PreviewState message={null} />;
  return <Coverage data={coverage.data} onOpenValue={onOpenValue} />;
}

function Coverage({
  data,
  onOpenValue,
}: {
  data: ClusterCoverageResponse;
  onOpenValue: (value: string | null) => void;
}) {
  const total = data.total_rows;
  if (total === 0) return <PreviewState message={clusterMessages.noData} />;
  const hasSpend = data.rule_sets.some((set) => set.spend !== null) || data.unmatched.spend !== null;
  const rows = [
    ...data.rule_sets.map((set) => ({
      key: set.id,
      label: set.name,
      value: set.name,
      rows: set.rows,
      spend: set.spend,
    })),
    {
      key: 'unmatched',
      label: text.unmatched,
      value: null,
      rows: data.unmatched.rows,
      spend: data.unmatched.spend,
    },
  ];
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {text.coverageTotal(formatCount(total))}
      </Text>
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing={6} className={classes.table} aria-label={text.coverageTab}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="46%">{text.coverageRuleSet}</Table.Th>
              <Table.Th ta="right">{text.coverageRows}</Table.Th>
              {hasSpend && <Table.Th ta="right">{text.coverageSpend}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} data-unmatched={row.value === null || undefined}>
                <Table.Td>
                  <UnstyledButton className={classes.valueLink} onClick={() => onOpenValue(row.value)}>
                    {row.value === null ? (
                      <Text span size="sm" c="dimmed" fs="italic">
                        {row.label}
                      </Text>
                    ) : (
                      row.label || text.noneValue
                    )}
                  </UnstyledButton>
                  <Progress
                    value={share(row.rows, total)}
                    size={4}
                    mt={4}
                    color={row.value === null ? 'gray.5' : 'indigo'}
                    aria-label={`${row.label}: ${percent(row.rows, total)} of rows`}
                  />
                </Table.Td>
                <Table.Td ta="right" className={classes.number}>
                  {formatCount(row.rows)}
                  <Text size="xs" c="dimmed">
                    {percent(row.rows, total)}
                  </Text>
                </Table.Td>
                {hasSpend && (
                  <Table.Td ta="right" className={classes.number}>
                    {formatSpend(row.spend)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {text.unmatchedTop}
        </Text>
        {data.unmatched.top_values.length === 0 ? (
          <Text size="sm" c="dimmed">
            {text.allMatched}
          </Text>
        ) : (
          <Group gap={6} component="ul" className={classes.chips} aria-label={text.unmatchedTop}>
            {data.unmatched.top_values.map((entry) => (
              <Badge
                key={entry.value ?? '∅'}
                component="li"
                variant="outline"
                color="gray"
                tt="none"
                size="lg"
                fw={500}
              >
                {entry.value ?? text.noneValue}
                <Text span size="xs" c="dimmed" ml={6}>
                  {formatCount(entry.rows)}
                </Text>
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
