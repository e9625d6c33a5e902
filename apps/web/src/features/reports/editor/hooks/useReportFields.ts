import type { CalculatedMeasure, ReportFieldTable } from '@maya/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { reportKeys } from '../../api/keys';
import { getReportFields } from '../api/editor';

/**
 * GET /reports/{slug}/fields: the model's tables the editor offers, with the draft's calculated
 * metrics added to their tables as measures (they are the draft's, not the model's).
 */
export function useReportFields(
  organizationId: string,
  slug: string,
  metrics: readonly CalculatedMeasure[],
): { tables: ReportFieldTable[] | undefined; isError: boolean } {
  const query = useQuery({
    queryKey: reportKeys.fields(organizationId, slug),
    queryFn: () => getReportFields(organizationId, slug),
    staleTime: 5 * 60_000,
  });
  const tables = useMemo(
    () =>
      query.data?.tables.map((table) => ({
        ...table,
        measures: [
          ...table.measures,
          ...metrics
            .filter((m) => m.table === table.name)
            .map((m) => ({ name: m.name, label: m.label, format: m.format })),
        ],
      })),
    [query.data, metrics],
  );
  return { tables, isError: query.isError };
}
