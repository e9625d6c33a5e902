/** Every user-visible text of the dashboards (spec 002 §2 Dashboards, Filters; §8 Dashboards). */
export const reportMessages = {
  notReady: {
    title: 'Dashboard not ready',
    workspaceNotSetup: 'Data not yet available. Please try again later.',
    failed: 'Failed to load dashboard. Please try again later.',
    retry: 'Try again',
    invalidEmbed: 'This embedded report link is invalid or has expired.',
  },
  /** Before the first load reaches the reports (decision 172). */
  firstLoad: {
    label: 'Data load status',
    noSource: {
      title: 'Connect your first data source',
      body: 'This dashboard fills in with your marketing data once a data source is connected and its data has loaded.',
      action: 'Connect a data source',
    },
    loading: {
      title: 'Loading your data',
      body: 'The dashboard opens by itself as soon as the first data has loaded.',
      progress: (loaded: number, total: number) =>
        `${loaded} of ${total} ${total === 1 ? 'account' : 'accounts'} loaded`,
      running: (names: readonly string[]) => `Loading now: ${names.join(', ')}`,
      minutesLeft: (minutes: number) =>
        minutes === 1 ? 'About 1 minute left' : `About ${minutes} minutes left`,
      noEstimate: 'A first load usually takes a few minutes for each account.',
      preparing: 'Preparing your reports from the loaded data…',
      someFailed: 'Some accounts could not be loaded:',
    },
    failed: {
      title: 'The first data load failed',
      body: 'None of the connected accounts could be loaded, so there is nothing to show yet.',
      noReason: 'The load stopped without giving a reason.',
      reconnect: 'Access was revoked at the provider: reconnect the account on the Sources page.',
      fix: 'Check the account on the Sources page, then load the data again.',
      goToSources: 'Go to Sources',
      loadAgain: 'Load data again',
    },
    accountsFailed: 'The accounts could not be read.',
    failedAccounts: 'Accounts that failed to load',
    retry: 'Try again',
  },
  loading: 'Loading dashboard',
  /** The shell's sidebar lists the reports (spec 002 §2 "A Reports list, and a Custom Reports list"). */
  sidebar: {
    customReports: 'Custom Reports',
    loading: 'Loading reports…',
    failed: 'The reports could not be loaded.',
  },
  toolbar: {
    label: 'Report toolbar',
    activeFilters: (count: number) => `${count} changed`,
    reset: 'Reset',
    filters: 'Filters',
    pages: 'Pages',
    edit: 'Edit',
    doneEditing: 'Done',
    editing: 'Editing',
    demo: 'Demo',
    readOnly: 'Read only',
  },
  invalidLinkState: "This link's report view could not be read, so the report opens as saved.",
  upgrade: {
    title: 'Your data is no longer updated',
    body: "Daily data loads are paused on this organization's plan, so reports show the data of the last load.",
    action: 'See plans',
  },
  /** The AI Builder's visual above the page's own (decision 252). */
  adhoc: {
    label: 'Answer to your prompt',
    badge: 'AI Builder',
    note: 'Not part of the report: saved with the bookmark.',
    remove: 'Remove this visual',
  },
  visual: {
    loading: 'Loading visual',
    noData: 'No data',
    noTableData: 'No data for this table',
    error: (error: string) => `Something went wrong: ${error}`,
    dataThrough: (day: string) => `Data through ${day}`,
    /**
     * Under "Data through" when the report's accounts count days in different time zones (issue
     * 30): "Days are each account's own time zone: Europe/Athens (2 accounts), America/New_York (1)".
     */
    timeZones: (zones: readonly { time_zone: string; accounts: number }[]) =>
      `Days are each account's own time zone: ${zones
        .map(({ time_zone, accounts }, index) =>
          index === 0
            ? `${time_zone} (${accounts} ${accounts === 1 ? 'account' : 'accounts'})`
            : `${time_zone} (${accounts})`,
        )
        .join(', ')}`,
    sampled: 'Sampled to 2,000 points a series',
    truncated: 'Showing the first rows only',
    /** A week (month, ...) the range or the data cover only in part. */
    partialPeriod: (label: string) => `${label} (partial)`,
    /**
     * Under a line chart whose data has one period so far: drawn as columns (chartOption), the
     * largest series only when there are more than it draws (`cut`: how many of how many).
     */
    onePeriod: (grain: string | null, cut: { shown: number; of: number } | null = null) =>
      (grain === null
        ? 'One point so far: shown as columns until there is a second.'
        : `One ${grain} of data so far: shown as columns; the line starts with the next ${grain}.`) +
      (cut === null ? '' : ` The ${cut.shown} largest of ${cut.of.toLocaleString('en-US')} are shown.`),
    /** Under a table whose rows leave some out (the query answer's `partial`). */
    partial: {
      anonymized_queries:
        'Totals are below the KPIs: Google leaves anonymized queries out of query and page rows.',
    },
    /** A visual whose table lacks fields the filters in effect are on (the answer's `unfiltered`). */
    notFilteredBy: (labels: string) => `Not filtered by ${labels}`,
    ownFilters: (filters: readonly string[]) => `This visual's own filters: ${filters.join('; ')}`,
    notFilteredWhy: (labels: string) =>
      `This visual's data has no ${labels}, so the filter on it does not apply here: its numbers cover everything else the filters select.`,
    total: 'Total',
    previousPeriod: 'vs previous period',
    noComparison: 'No previous period',
    /** The days compared, in the change's tooltip. */
    comparedDays: (current: string, previous: string) => `${current} compared with ${previous}`,
    /** A source's data starts inside the previous period: no percentage, and why. */
    uncovered: (day: string) => `Not compared: data starts ${day}`,
    uncoveredWhy: (day: string, previous: string) =>
      `The previous period (${previous}) starts before the data does (${day}): a source was connected later, so a change would not compare like with like.`,
    sortBy: (label: string) => `Sort by ${label}`,
    /** A chart's text alternative: the table of its data, one toggle away (issue 23). */
    showTable: 'Show as table',
    showChart: 'Show as chart',
    asTable: (title: string) => `${title}, as a table`,
    /** A table's pager: the rows on screen, and the buttons that turn its pages. */
    rows: (first: number, last: number) =>
      `Rows ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')}`,
    noMoreRows: 'No more rows',
    pages: 'Table pages',
    previousPage: 'Previous page',
    nextPage: 'Next page',
  },
  slicer: {
    all: 'All',
    clear: 'Clear selection',
    loadFailed: 'Could not load the values.',
  },
  filters: {
    title: 'Filters',
    close: 'Close filters',
    empty: "There aren't any filters to display.",
    onAllPages: 'Filters on all pages',
    onThisPage: 'Filters on this page',
    all: 'All',
    blank: '(Blank)',
    /** A cluster column's value where no rule set matched (issue 24). */
    none: '(none)',
    excluding: 'Not',
    resetFilter: 'Reset filter',
    removeFilter: 'Remove filter',
    /** An embedded report's filter that its view sets: shown, not changed. */
    lockedByEmbed: 'Set by this embedded view',
    apply: 'Apply',
    filterType: 'Filter type',
    types: { basic: 'Basic', relative: 'Relative date', advanced: 'Advanced' },
    include: 'Include',
    exclude: 'Exclude',
    search: 'Search',
    noValues: 'No values',
    noMatches: 'No values match',
    loadingValues: 'Loading values',
    valuesFailed: 'Could not load the values.',
    loadMore: 'Load more values',
    selected: (count: number) => `${count.toLocaleString('en-US')} selected`,
    relativeOperators: { in_the_last: 'In the last', in_this: 'In this', in_the_next: 'In the next' },
    showItemsWhen: 'Show items when the value',
    count: 'Count',
    countPlaceholder: '1-10000',
    unit: 'Unit',
    countRequired: 'Enter a count',
    countRange: 'Enter a whole number from 1 to 10000',
    dateOperators: { is: 'Is', is_not: 'Is not', is_before: 'Is before', is_after: 'Is after' },
    /** The advanced date filter's second condition, as Power BI's advanced filter names it. */
    secondCondition: { joiner: 'and', label: 'And', add: 'Add condition', remove: 'Remove condition' },
    date: 'Date',
    time: 'Time',
    dateRequired: 'Pick a date',
    textOperators: {
      contains: 'Contains',
      does_not_contain: 'Does not contain',
      starts_with: 'Starts with',
      is: 'Is',
      is_not: 'Is not',
      is_blank: 'Is blank',
      is_not_blank: 'Is not blank',
    },
    text: 'Text',
    textRequired: 'Enter some text',
    operator: 'Operator',
    units: { day: 'Days', week: 'Weeks', month: 'Months', quarter: 'Quarters', year: 'Years' },
  },
} as const;
