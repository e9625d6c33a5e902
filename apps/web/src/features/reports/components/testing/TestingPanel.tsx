import type { ReportDocument, ReportQueryResponse, ReportState } from '@maya/contracts';
import { Badge, Button, Code, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { reportKeys } from '../../api/keys';
import type { VisualQueryRequest } from '../../api/reports';
import { queryTime } from '../../model/queryTimes';
import { testingPanelMessages } from './testingPanelMessages';

const text = testingPanelMessages;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export type TestingPanelProps = {
  opened: boolean;
  onClose: () => void;
  organizationId: string;
  /** The report source's cache scope (`reportKeys`): the organization, or an embed token's. */
  scope: string;
  reportSlug: string;
  datasetId: string;
  dataThrough: string | null;
  document: ReportDocument;
  state: ReportState;
  mode: string;
  /**
   * The view as the address's `?state=` parameter, null for the report as saved (a function:
   * the encoding stays in the dashboard's code, not loaded again with the panel).
   */
  stateParam: () => string | null;
};

type VisualRow = {
  id: string;
  title: string;
  status: string;
  rows: number | null;
  ms: number | null;
  dataThrough: string | null;
  notes: string[];
  error: string | null;
};

/** The report's visual queries in this tab's cache, re-read whenever that cache changes. */
function useReportQueries(scope: string, slug: string): Query[] {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  // The cache hands out the same query objects; what changes is their state, so the snapshot
  // is the newest update time among them.
  const key = reportKeys.queries(scope, slug);
  useSyncExternalStore(subscribe, () =>
    cache
      .findAll({ queryKey: key })
      .reduce((latest, q) => Math.max(latest, q.state.dataUpdatedAt, q.state.errorUpdatedAt), 0),
  );
  return cache.findAll({ queryKey: key });
}

/** The latest query of each visual of the current page, in the page's order. */
function visualRows(queries: Query[], document: ReportDocument, state: ReportState): VisualRow[] {
  const page = document.pages.find((p) => p.name === state.page) ?? document.pages[0];
  if (page === undefined) return [];
  const latest = new Map<string, Query>();
  for (const query of queries) {
    const request = query.queryKey.at(-1) as VisualQueryRequest | undefined;
    if (request?.page !== page.name) continue;
    const known = latest.get(request.visual_id);
    const updated = Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt);
    if (known === undefined || updated >= Math.max(known.state.dataUpdatedAt, known.state.errorUpdatedAt))
      latest.set(request.visual_id, query);
  }
  return page.visuals.map((visual) => {
    const query = latest.get(visual.id);
    const answer = query?.state.data as ReportQueryResponse | undefined;
    const notes = [
      ...(answer?.truncated === true ? [text.truncated] : []),
      ...(answer?.sampled === true ? [text.sampled] : []),
      ...(query !== undefined && query.getObserversCount() === 0 ? [text.notShown] : []),
    ];
    return {
      id: visual.id,
      title: visual.title ?? visual.id,
      status:
        query === undefined
          ? text.notAsked
          : query.state.fetchStatus === 'fetching'
            ? text.fetching
            : query.state.status,
      rows: answer?.rows.length ?? null,
      ms: query === undefined ? null : queryTime(query.queryKey),
      dataThrough: answer?.data_through ?? null,
      notes,
      error: query?.state.error instanceof Error ? query.state.error.message : null,
    };
  });
}

/**
 * spec 002 §2: the hidden testing panel, opened by typing its string on the dashboard. What a
 * tester or support engineer needs to reproduce a view: the report and its state as a link
 * parameter, and each visual's last answer with how long it took; copied as JSON in one click.
 */
export function TestingPanel(props: TestingPanelProps) {
  const { opened, onClose, organizationId, reportSlug, datasetId, dataThrough, document, state } = props;
  const client = useQueryClient();
  const [copied, setCopied] = useState(false);
  const rows = visualRows(useReportQueries(props.scope, reportSlug), document, state);
  const stateParam = props.stateParam();
  const facts: [string, string][] = [
    [text.report, reportSlug],
    [text.page, state.page],
    [text.mode, props.mode],
    [text.organization, organizationId],
    [text.dataset, datasetId],
    [text.dataThrough, dataThrough ?? '—'],
  ];
  const diagnostics = () =>
    JSON.stringify(
      { ...Object.fromEntries(facts), state: stateParam, filters: state.filters, visuals: rows },
      null,
      2,
    );

  return (
    <Drawer
      // Above the AI Builder's bubble (z-index 250), which would cover the panel's last rows.
      zIndex={300}
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} fz="lg">
          {text.title}
        </Title>
      }
    >
      <Stack gap="md">
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {text.state}
          </Text>
          {stateParam === null ? (
            <Text size="sm" c="dimmed">
              {text.savedView}
            </Text>
          ) : (
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {`?state=${stateParam}`}
            </Code>
          )}
        </Stack>
        {/* On a phone the table scrolls sideways rather than breaking ids and days. */}
        <Table.ScrollContainer minWidth={520}>
          <Table striped fz="sm" aria-label={text.visuals}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.visual}</Table.Th>
                <Table.Th>{text.status}</Table.Th>
                <Table.Th ta="right">{text.rows}</Table.Th>
                <Table.Th ta="right">{text.time}</Table.Th>
                <Table.Th>{text.dataThrough}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Text size="sm" style={NO_WRAP}>
                      {row.title}
                    </Text>
                    {row.error !== null && (
                      <Text size="xs" c="red">
                        {row.error}
                      </Text>
                    )}
                    {row.notes.length > 0 && (
                      <Group gap={4} mt={2}>
                        {row.notes.map((note) => (
                          <Badge key={note} size="xs" variant="light" color="gray">
                            {note}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td style={NO_WRAP}>{row.status}</Table.Td>
                  <Table.Td ta="right">{row.rows ?? '—'}</Table.Td>
                  <Table.Td ta="right" style={NO_WRAP}>
                    {row.ms === null ? '—' : text.ms(row.ms)}
                  </Table.Td>
                  <Table.Td style={NO_WRAP}>{row.dataThrough ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group gap="sm">
          <Button
            variant="light"
            onClick={() =>
              void client.invalidateQueries({ queryKey: reportKeys.queries(props.scope, reportSlug) })
            }
          >
            {text.refetch}
          </Button>
          <Button
            variant="default"
            onClick={() => void navigator.clipboard.writeText(diagnostics()).then(() => setCopied(true))}
          >
            {copied ? text.copied : text.copy}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
