import type {
  CalculatedMeasure,
  ReportDocument,
  ReportFilter,
  ReportState,
  SourceWarning,
} from '@maya/contracts';
import { createContext, useContext } from 'react';

/**
 * What the visuals and the filters pane of the open dashboard share: its document, the state on
 * screen and how to change it. Internal to the dashboard; the features around it use
 * `ReportViewContext`.
 */
export type DashboardModel = {
  slug: string;
  /** The semantic model: the `datasetId` of filter values. */
  datasetId: string;
  document: ReportDocument;
  state: ReportState;
  /** The filters in effect on the state's page (report, page, slicers). */
  filters: ReportFilter[];
  readOnly: boolean;
  /**
   * Whether the viewer may not change this filter or slicer (by id): nothing in the app; in an
   * embedded report, the filters its view sets, or all of them when it may not be filtered.
   */
  locked: (id: string) => boolean;
  currency: string;
  /**
   * The report's last day with data, said once under its title: a visual says its own only when
   * it differs (a chart whose rows end earlier).
   */
  dataThrough: string | null;
  /** The access's source warnings (accounts failed or to reconnect) by the table they feed. */
  warnings: ReadonlyMap<string, readonly SourceWarning[]>;
  /** The names of the organization's own columns (clusters) by column; others are named from theirs. */
  labels: Readonly<Record<string, string>>;
  update: (change: (state: ReportState) => ReportState) => void;
  /**
   * Edit mode's draft metrics: each visual is then queried as the draft holds it (the saved
   * document may not have it yet); null outside the editor.
   */
  draftMetrics: readonly CalculatedMeasure[] | null;
};

/** The source warnings grouped by table. */
export function warningsByTable(
  warnings: readonly SourceWarning[] | undefined,
): Map<string, SourceWarning[]> {
  const byTable = new Map<string, SourceWarning[]>();
  for (const warning of warnings ?? [])
    byTable.set(warning.table, [...(byTable.get(warning.table) ?? []), warning]);
  return byTable;
}

export const DashboardContext = createContext<DashboardModel | null>(null);

export function useDashboard(): DashboardModel {
  const model = useContext(DashboardContext);
  if (model === null) throw new Error('useDashboard is used outside a dashboard');
  return model;
}
