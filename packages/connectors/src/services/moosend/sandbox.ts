// The sandbox Moosend API v3 (api.moosend.com/v3): senders, campaigns by page and a campaign's
// summary, authenticated by the `apikey` query parameter. Moosend answers failures inside its
// `{Code, Error, Context}` envelope with HTTP 200 (rate limiting is `Code: 429`), so the sandbox does
// too; only server failures keep their 5xx status.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { utcDay } from '@maya/contracts';
import { SandboxApiError, installSandboxApi } from '../../sandbox/apis/api';
import type { ApiErrorKind } from '../../sandbox/apis/api';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { STATUS, accountForKey, campaignsOf, moosendDate, totalsOf } from './sandbox-data';
import type { MoosendAccount, MoosendCampaign } from './sandbox-data';
import { MOOSEND_API_VERSION } from '../../core/api-versions';

/** Where the sandbox Moosend API is mounted (sandboxEndpoints().moosend). */
export const MOOSEND_SANDBOX_PREFIX = '/sandbox/moosend';

/** Moosend's answer to a missing or unknown API key. */
export const MOOSEND_INVALID_KEY = { code: 102, message: 'The API key is not valid.' } as const;

const MAX_PAGE_SIZE = 100;

const CODES: Record<ApiErrorKind, { code: number; error: (message: string) => string }> = {
  unauthenticated: { code: MOOSEND_INVALID_KEY.code, error: () => MOOSEND_INVALID_KEY.message },
  rate_limited: { code: 429, error: () => 'RATE-LIMITING' },
  server_error: { code: 500, error: (message) => message },
  permission_denied: { code: 403, error: (message) => message },
  not_found: { code: 404, error: (message) => message },
  invalid_argument: { code: 400, error: (message) => message },
};

const envelope = (context: unknown) => ({ Code: 0, Error: null, Context: context });

declare module 'fastify' {
  interface FastifyRequest {
    moosendAccount: MoosendAccount | null;
  }
}

type CampaignParams = { Params: { id: string } };
type PageParams = { Params: { page: string; pageSizeJson: string }; Querystring: Record<string, unknown> };

const SORTS: Record<string, (c: MoosendCampaign) => string | number> = {
  CreatedOn: (c) => c.createdOn,
  DeliveredOn: (c) => c.deliveredOn ?? Number.MAX_SAFE_INTEGER,
  Name: (c) => c.name,
  Subject: (c) => c.subject,
  Status: (c) => c.status,
};

export const moosendSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const { lateConversions } = installSandboxApi(app, {
    faults: options.faults,
    render: (kind, message) => {
      const { code, error } = CODES[kind];
      return { Code: code, Error: error(message), Context: null };
    },
    store: null,
  });
  // Everything but a server failure is HTTP 200 with the outcome in the envelope.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && reply.statusCode < 500) reply.code(200);
    return payload;
  });
  app.decorateRequest('moosendAccount', null);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.url.includes('/_sandbox/')) return;
    const apiKey = (request.query as Record<string, unknown>).apikey;
    const account = typeof apiKey === 'string' ? accountForKey(apiKey) : null;
    if (!account) throw new SandboxApiError('unauthenticated', MOOSEND_INVALID_KEY.message);
    request.moosendAccount = account;
  });

  const accountOf = (request: FastifyRequest): MoosendAccount => {
    if (!request.moosendAccount) throw new SandboxApiError('unauthenticated', MOOSEND_INVALID_KEY.message);
    return request.moosendAccount;
  };

  const campaignOf = (request: FastifyRequest<CampaignParams>) => {
    const account = accountOf(request);
    const campaign = campaignsOf(account, now()).find((c) => c.id === request.params.id);
    if (!campaign) throw new SandboxApiError('not_found', `Campaign ${request.params.id} was not found.`);
    return { account, campaign };
  };

  app.get(`/${MOOSEND_API_VERSION}/senders/find_all.json`, async (request) =>
    envelope(
      accountOf(request).senders.map((sender) => ({
        ID: sender.id,
        Name: sender.name,
        Email: sender.email,
        CreatedOn: moosendDate(sender.createdOn, accountOf(request).timezone.offsetMinutes),
        IsEnabled: true,
        SpfVerified: true,
        DkimVerified: true,
        DkimPublic: null,
      })),
    ),
  );

  app.get<PageParams>(`/${MOOSEND_API_VERSION}/campaigns/:page/:pageSizeJson`, async (request) => {
    const account = accountOf(request);
    const page = Number(request.params.page);
    const size = /^(\d+)\.json$/.exec(request.params.pageSizeJson)?.[1];
    if (!Number.isInteger(page) || page < 1 || size === undefined || Number(size) < 1) {
      throw new SandboxApiError('invalid_argument', 'Page and PageSize must be positive integers.');
    }
    const pageSize = Math.min(Number(size), MAX_PAGE_SIZE);
    const sortBy = typeof request.query.SortBy === 'string' ? request.query.SortBy : 'CreatedOn';
    const key = SORTS[sortBy];
    if (!key)
      throw new SandboxApiError(
        'invalid_argument',
        `SortBy must be one of ${Object.keys(SORTS).join(', ')}.`,
      );
    const ascending = request.query.SortMethod !== 'DESC';
    const all = [...campaignsOf(account, now())].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return (x < y ? -1 : x > y ? 1 : 0) * (ascending ? 1 : -1);
    });
    const slice = all.slice((page - 1) * pageSize, page * pageSize);
    return envelope({
      Paging: {
        PageSize: pageSize,
        CurrentPage: page,
        TotalResults: all.length,
        TotalPageCount: Math.ceil(all.length / pageSize),
        SortExpression: sortBy,
        SortIsAscending: ascending,
      },
      Campaigns: slice.map((campaign) => campaignItem(account, campaign, now())),
    });
  });

  app.get<CampaignParams>(`/${MOOSEND_API_VERSION}/campaigns/:id/view.json`, async (request) => {
    const { account, campaign } = campaignOf(request);
    const date = (ms: number | null) =>
      ms === null ? null : moosendDate(ms, account.timezone.offsetMinutes);
    return envelope({
      ID: campaign.id,
      Name: campaign.name,
      Subject: campaign.subject,
      WebLocation: null,
      HTMLContent: `<html><body><h1>${campaign.subject}</h1></body></html>`,
      PlainContent: campaign.subject,
      Sender: { ID: campaign.sender.id, Name: campaign.sender.name, Email: campaign.sender.email },
      DeliveredOn: date(campaign.deliveredOn),
      ReplyToEmail: { ID: campaign.sender.id, Name: campaign.sender.name, Email: campaign.sender.email },
      CreatedOn: date(campaign.createdOn),
      UpdatedOn: date(campaign.deliveredOn ?? campaign.createdOn),
      ScheduledFor: null,
      Timezone: account.timezone.name,
      FormatType: 0,
      ABCampaignData: null,
      MailingLists: [{ MailingListID: campaign.list.id, SegmentID: 0 }],
      ConfirmationTo: campaign.sender.email,
      Status: campaign.status,
      IsTransactional: false,
    });
  });

  app.get<CampaignParams>(`/${MOOSEND_API_VERSION}/campaigns/:id/view_summary.json`, async (request) => {
    const { account, campaign } = campaignOf(request);
    if (campaign.status !== STATUS.sent || campaign.deliveredOn === null) {
      throw new SandboxApiError('invalid_argument', 'The campaign has not been sent yet.');
    }
    // Restated by the delivery day on the account's calendar (the day the connector dates it by).
    const delivered = utcDay(campaign.deliveredOn + account.timezone.offsetMinutes * 60_000);
    const totals = totalsOf(campaign, now(), lateConversions.factor(delivered));
    const date = (ms: number) => moosendDate(ms, account.timezone.offsetMinutes);
    return envelope({
      CampaignID: campaign.id,
      ABVersion: null,
      CampaignName: campaign.name,
      CampaignSubject: campaign.subject,
      MailingLists: [{ MailingListID: campaign.list.id, SegmentID: 0 }],
      CampaignDeliveredOn: date(campaign.deliveredOn),
      To: date(now()),
      From: date(campaign.deliveredOn),
      TotalOpens: totals.totalOpens,
      UniqueOpens: totals.uniqueOpens,
      TotalBounces: totals.bounces,
      TotalComplaints: totals.complaints,
      TotalForwards: totals.forwards,
      UniqueForwards: totals.uniqueForwards,
      TotalUnsubscribes: totals.unsubscribes,
      TotalLinkClicks: totals.totalLinkClicks,
      UniqueLinkClicks: totals.uniqueLinkClicks,
      Sent: totals.sent,
      // Moosend archives campaigns older than three months (only high-level data stays).
      CampaignIsArchived: now() - campaign.deliveredOn > 90 * 86_400_000,
    });
  });

  app.setNotFoundHandler((request, reply: FastifyReply) =>
    reply.code(404).send({
      Code: 404,
      Error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      Context: null,
    }),
  );
};

function campaignItem(account: MoosendAccount, campaign: MoosendCampaign, nowMs: number) {
  const totals = totalsOf(campaign, nowMs);
  const date = (ms: number | null) => (ms === null ? null : moosendDate(ms, account.timezone.offsetMinutes));
  return {
    ID: campaign.id,
    Name: campaign.name,
    Subject: campaign.subject,
    SiteName: account.siteName,
    ConfirmationTo: campaign.sender.email,
    CreatedOn: date(campaign.createdOn),
    ABHoursToTest: null,
    ABCampaignType: null,
    ABWinner: null,
    ABWinnerSelectionType: null,
    Status: campaign.status,
    DeliveredOn: date(campaign.deliveredOn),
    ScheduledFor: null,
    ScheduledForTimezone: account.timezone.name,
    MailingLists: [
      {
        Campaign: null,
        MailingList: {
          ID: campaign.list.id,
          Name: campaign.list.name,
          ActiveMemberCount: campaign.list.members,
        },
        Segment: null,
      },
    ],
    TotalSent: totals.sent,
    TotalOpens: totals.totalOpens,
    UniqueOpens: totals.uniqueOpens,
    TotalBounces: totals.bounces,
    TotalForwards: totals.forwards,
    UniqueForwards: totals.uniqueForwards,
    TotalLinkClicks: totals.totalLinkClicks,
    UniqueLinkClicks: totals.uniqueLinkClicks,
    RecipientsCount: campaign.recipients,
    IsTransactional: false,
    TotalComplaints: totals.complaints,
    TotalUnsubscribes: totals.unsubscribes,
  };
}
