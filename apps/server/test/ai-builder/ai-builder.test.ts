// The AI Builder over a real load: a sandbox Google Ads account loaded into the organization's
// warehouse, prompts answered by the built-in parser (values read from that data) and by a
// language model served over HTTP by a small OpenAI-compatible server started here.
import { decodeReportState, type ReportState, utcDay } from '@maya/contracts';
import { MAYA_REPORT } from '@maya/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, connectGoogleAds, organizationOwner } from '../support/sources';
import { startReportsApp, type ReportsApp } from '../reports/reports-app';
import { startAiBuilderApp } from './ai-builder-app';
import { completion, startFakeLlm } from './fake-llm';
import { REPORTS_TEST_HISTORY } from '../support/constants';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type AiBuilderApp = Awaited<ReturnType<typeof startAiBuilderApp>>;

const NOW = new Date();
let t: AccountsApp;
let reports: ReportsApp;
let owner: Owner;
let builtIn: AiBuilderApp;
let withLlm: AiBuilderApp;
let llm: Awaited<ReturnType<typeof startFakeLlm>>;

beforeAll(async () => {
  t = await startAccountsApp(REPORTS_TEST_HISTORY);
  reports = await startReportsApp(t, { now: NOW });
  owner = await organizationOwner(t, 'ai-builder-owner@example.com');
  const { accounts } = await connectGoogleAds(t, owner, 1);
  expect(await accountSettled(t, owner, accounts[0]!.uuid, 120_000)).toMatchObject({
    sync_status: 'finished',
  });
  llm = await startFakeLlm();
  builtIn = await startAiBuilderApp(t, reports, { now: NOW, llmUrl: null });
  withLlm = await startAiBuilderApp(t, reports, { now: NOW, llmUrl: llm.url });
}, 180_000);

afterAll(async () => {
  await withLlm?.close();
  await builtIn?.close();
  await llm?.close();
  await reports?.close();
  await t?.close();
});

const body = (prompt: string, organizationId = owner.organizationId) => ({
  organization_id: organizationId,
  prompt,
});

/** The distinct values of a -maya column in the loaded data, as the filters pane reads them. */
async function valuesOf(column: string): Promise<string[]> {
  const answer = await reports.call(
    'GET',
    `/reports/filter-values?organization_id=${owner.organizationId}&datasetId=marketing&table=performance&column=${column}`,
    owner.token,
  );
  expect(answer.status).toBe(200);
  return (answer.body.data as (string | null)[]).filter((v): v is string => typeof v === 'string');
}

/**
 * The calendar month before NOW's (UTC), what "last month" names: the days around it (the last
 * day of the month before it, the first of NOW's month) and its name.
 */
function lastMonth(): { after: string; before: string; name: string; short: string } {
  const first = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - 1, 1));
  const day = (date: Date) => utcDay(date);
  const month = (style: 'long' | 'short') =>
    first.toLocaleString('en-US', { month: style, year: 'numeric', timeZone: 'UTC' });
  return {
    after: day(new Date(first.getTime() - 86_400_000)),
    before: day(new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), 1))),
    name: month('long'),
    short: month('short'),
  };
}

describe('the built-in parser', () => {
  it('answers the e2e prompt with a bookmark that the report shows', async () => {
    const month = lastMonth();
    const { status, body: answer } = await builtIn.generate(
      '-maya',
      owner.token,
      body('  spend by campaign last month for Google Ads '),
    );
    expect(status, JSON.stringify(answer)).toBe(200);
    expect(answer).toMatchObject({
      success: true,
      bookmark: { name: `Spend by Campaign · ${month.short} · Google Ads` },
      // Rows of campaigns: the overview's campaigns table (the Campaigns page lists ad groups).
      text_response: `Here is Spend by Campaign on the Overview page, in ${month.name}, where Channel is “Google Ads”. The table is sorted by Spend, highest first.`,
    });
    const state = decodeReportState(answer.bookmark.state as string);
    expect(state).toEqual({
      version: 1,
      page: 'overview',
      filters: [
        // "Last month" is the calendar month before this one: after its eve, before the 1st.
        {
          id: 'date',
          table: 'performance',
          column: 'date',
          kind: 'advanced_date',
          operator: 'is_after',
          value: `${month.after}T12:00`,
          and: { operator: 'is_before', value: `${month.before}T12:00` },
        },
        {
          id: 'channel',
          table: 'performance',
          column: 'channel',
          kind: 'list',
          mode: 'include',
          values: ['Google Ads'],
        },
      ],
      slicers: [],
      sort: [{ visual_id: 'campaigns', sort: [{ field: 'spend', direction: 'desc' }] }],
    });
    // Applied: the page's table under the state's filters and sort.
    const shown = await reports.call('POST', '/reports/-maya/query', owner.token, {
      organization_id: owner.organizationId,
      report: '-maya',
      page: state.page,
      visual_id: 'campaigns',
      filters: state.filters,
      date_range: null,
      sort: state.sort[0]!.sort,
    });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const spends = (shown.body.rows as { spend: number | null }[]).map((r) => r.spend ?? 0);
    expect(spends.length).toBeGreaterThan(0);
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    // The month is a closed period: a KPI compares it with as many days before it.
    const kpi = await reports.call('POST', '/reports/-maya/query', owner.token, {
      organization_id: owner.organizationId,
      report: '-maya',
      page: 'overview',
      visual_id: 'kpi-spend',
      filters: state.filters,
      date_range: null,
      sort: null,
    });
    expect(kpi.status, JSON.stringify(kpi.body)).toBe(200);
    expect(kpi.body.comparison).toMatchObject({ to: month.after });
  });

  it('is the app’s own route: registered, guarded, answered', async () => {
    const answer = await call(t.base, 'POST', '/reports/-maya/generate-bookmark', {
      token: owner.token,
      body: body('spend by channel this year'),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(decodeReportState(answer.body.bookmark.state as string)).toMatchObject({ page: 'channels' });
  });

  it('matches values of the organization’s data: a slicer’s campaign type, a campaign', async () => {
    const [type] = await valuesOf('campaign_type');
    expect(type).toBeDefined();
    const typed = await builtIn.generate('-maya', owner.token, body(`roas of ${type} campaigns`));
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(decodeReportState(typed.body.bookmark.state as string).slicers).toEqual([
      {
        visual_id: 'campaign-type',
        filter: {
          id: 'campaign-type',
          table: 'performance',
          column: 'campaign_type',
          kind: 'list',
          mode: 'include',
          values: [type],
        },
      },
    ]);

    const [campaign] = await valuesOf('campaign');
    const named = await builtIn.generate('-maya', owner.token, body(`clicks of ${campaign} yesterday`));
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const state: ReportState = decodeReportState(named.body.bookmark.state as string);
    if (MAYA_REPORT.filters.some((f) => f.column === 'campaign')) {
      expect(state.filters).toContainEqual(
        expect.objectContaining({ column: 'campaign', values: [campaign] }),
      );
    } else {
      expect(named.body.text_response).toContain(
        `This report cannot filter by Campaign, so “${campaign}” is not applied.`,
      );
    }
  });

  it('refuses a prompt that names nothing of the report, and changes nothing', async () => {
    const answer = await builtIn.generate('-maya', owner.token, body('hello there'));
    expect(answer).toMatchObject({ status: 422, body: { detail: { type: 'invalid_prompt' } } });
    expect(answer.body.detail.message).toMatch(
      /^Nothing in the prompt matches the Marketing Performance report\. Not understood: “hello”\. Ask for a metric \(Spend/,
    );
  });

  it('resolves channels against the organization’s data: one it has by another name, one it has not', async () => {
    const google = await builtIn.generate('-maya', owner.token, body('adwords spned last wek'));
    expect(google.status, JSON.stringify(google.body)).toBe(200);
    expect(decodeReportState(google.body.bookmark.state as string).filters).toContainEqual(
      expect.objectContaining({ column: 'channel', mode: 'include', values: ['Google Ads'] }),
    );
    expect(google.body.text_response).toContain('Read “spned” as “spend” and “wek” as “week”.');
    // Only Google Ads is loaded here: Meta is a channel of the product, not of this organization.
    const meta = await builtIn.generate('-maya', owner.token, body('facebook spend last month'));
    expect(meta).toMatchObject({ status: 422, body: { detail: { type: 'invalid_prompt' } } });
    expect(meta.body.detail.message).toMatch(/^This organization has no Meta Ads data\./);
  });

  it('asks back, without a bookmark, when a word could mean two measures', async () => {
    const answer = await builtIn.generate('-maya', owner.token, body('rate by channel last month'));
    expect(answer).toEqual({
      status: 200,
      body: {
        success: false,
        bookmark: null,
        text_response:
          'Did you mean “CTR” or “Conversion rate” by “rate”? Write the prompt again with the one you mean.',
      },
    });
  });

  it('validates the prompt: not blank, at most 1,000 characters', async () => {
    const blank = await builtIn.generate('-maya', owner.token, body('   '));
    expect(blank.status).toBe(422);
    expect(blank.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'prompt'] })]);
    const long = await builtIn.generate('-maya', owner.token, body(`spend ${'x'.repeat(1_000)}`));
    expect(long.status).toBe(422);
  });

  it('answers 404 for an unknown report, and workspace_not_setup before a first load', async () => {
    const unknown = await builtIn.generate('-nope', owner.token, body('spend'));
    expect(unknown).toMatchObject({ status: 404, body: { detail: { type: 'report_not_found' } } });
    const newcomer = await organizationOwner(t, 'ai-builder-newcomer@example.com');
    const empty = await builtIn.generate('-maya', newcomer.token, body('spend', newcomer.organizationId));
    expect(empty).toMatchObject({ status: 404, body: { detail: { type: 'workspace_not_setup' } } });
  });

  it('needs a session, and a member of the organization', async () => {
    const anonymous = await builtIn.generate('-maya', null, body('spend'));
    expect(anonymous).toMatchObject({ status: 401, body: { detail: { type: 'unauthorized' } } });
    const stranger = await organizationOwner(t, 'ai-builder-stranger@example.com');
    const foreign = await builtIn.generate('-maya', stranger.token, body('spend'));
    expect(foreign.status).toBe(404);
  });
});

describe('a language model (LLM_BASE_URL)', () => {
  const valid: ReportState = {
    version: 1,
    page: 'channels',
    filters: [
      {
        id: 'channel',
        table: 'performance',
        column: 'channel',
        kind: 'list',
        mode: 'include',
        values: ['Google Ads'],
      },
    ],
    slicers: [],
    sort: [],
  };
  const answer = (state: unknown, extra: object = {}) =>
    completion(
      JSON.stringify({
        state,
        name: 'Google Ads channels',
        text_response: 'Here are the channels for Google Ads.',
        ...extra,
      }),
    );

  it('asks again once with the reason when the first answer is invalid, then succeeds', async () => {
    llm.script(answer({ ...valid, page: 'nowhere' }), answer(valid));
    const prompt = 'google ads by channel';
    const result = await withLlm.generate('-maya', owner.token, body(prompt));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({
      success: true,
      bookmark: { name: 'Google Ads channels' },
      text_response: 'Here are the channels for Google Ads.',
    });
    expect(decodeReportState(result.body.bookmark.state as string)).toEqual(valid);

    expect(llm.requests).toHaveLength(2);
    const [first, second] = llm.requests;
    expect(first).toMatchObject({
      path: '/v1/chat/completions',
      headers: { authorization: 'Bearer test-key' },
      body: { model: 'test-model', response_format: { type: 'json_object' }, temperature: 0 },
    });
    const messages = first!.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]!.content).toBe(prompt);
    // The report as the model is told it: pages, filters, and values from the loaded data.
    expect(messages[0]!.content).toContain('- campaigns "Campaigns"');
    expect(messages[0]!.content).toContain(
      '- channel: list on performance.channel (report), now no values chosen',
    );
    expect(messages[0]!.content).toContain('"Google Ads"');
    // A closed period is one advanced date filter with a second condition.
    expect(messages[0]!.content).toContain('"and": {"operator": "is_before", "value": "2025-10-01T12:00"}');
    const retry = second!.body.messages as { role: string; content: string }[];
    expect(retry.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[3]!.content).toBe(
      'That answer is not valid: the report has no page nowhere. Answer again with the JSON object only.',
    );
  });

  it('fails with invalid_prompt after a second invalid answer', async () => {
    llm.script(
      completion('Sure! Here is your view.'),
      answer({
        ...valid,
        sort: [{ visual_id: 'channel-matrix', sort: [{ field: 'clicks', direction: 'desc' }] }],
      }),
    );
    const result = await withLlm.generate('-maya', owner.token, body('clicks by channel'));
    expect(result).toMatchObject({ status: 422, body: { detail: { type: 'invalid_prompt' } } });
    expect(result.body.detail.message).toContain('visual channel-matrix shows no field clicks to sort by');
    expect(llm.requests).toHaveLength(2);
    expect((llm.requests[1]!.body.messages as { content: string }[])[3]!.content).toContain(
      'it is not a JSON object',
    );
  });

  it('passes on the model’s reply when the report cannot show the request', async () => {
    llm.script(
      completion(JSON.stringify({ state: null, text_response: 'This report has no weather data.' })),
    );
    const result = await withLlm.generate('-maya', owner.token, body('weather in Paris'));
    expect(result).toMatchObject({
      status: 200,
      body: { success: false, bookmark: null, text_response: 'This report has no weather data.' },
    });
  });

  it('answers generator_unavailable when the model fails or is down', async () => {
    llm.script({ status: 500, body: { error: { message: 'overloaded' } } });
    const failed = await withLlm.generate('-maya', owner.token, body('spend'));
    expect(failed).toMatchObject({ status: 502, body: { detail: { type: 'generator_unavailable' } } });

    llm.script({ status: 200, body: { unexpected: true } });
    const garbled = await withLlm.generate('-maya', owner.token, body('spend'));
    expect(garbled).toMatchObject({ status: 502, body: { detail: { type: 'generator_unavailable' } } });

    const gone = await startFakeLlm();
    await gone.close();
    const down = await startAiBuilderApp(t, reports, { now: NOW, llmUrl: gone.url });
    try {
      const result = await down.generate('-maya', owner.token, body('spend'));
      expect(result).toMatchObject({
        status: 502,
        body: {
          detail: {
            type: 'generator_unavailable',
            message: 'The AI Builder could not reach its language model. Please try again later.',
          },
        },
      });
    } finally {
      await down.close();
    }
  });
});
