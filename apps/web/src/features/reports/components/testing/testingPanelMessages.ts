/**
 * The hidden testing panel's texts (spec 002 §2: "not described further", decision 139). Apart
 * from the area's messages.ts because they load with the panel, not with every dashboard.
 */
export const testingPanelMessages = {
  title: 'Testing panel',
  report: 'Report',
  page: 'Page',
  mode: 'Mode',
  organization: 'Organization',
  dataset: 'Dataset',
  dataThrough: 'Data through',
  state: 'View in the address',
  savedView: 'The report as saved (nothing changed).',
  visuals: 'Visual queries',
  visual: 'Visual',
  status: 'Status',
  rows: 'Rows',
  time: 'Time',
  ms: (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`,
  notAsked: 'not asked',
  fetching: 'fetching',
  truncated: 'truncated',
  sampled: 'sampled',
  notShown: 'not on screen',
  refetch: 'Refetch visuals',
  copy: 'Copy diagnostics',
  copied: 'Copied',
} as const;
