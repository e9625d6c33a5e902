// Keywords and search terms of the paid-search services (Google Ads, Microsoft Advertising,
// Apple Ads; Meta has neither).
import { adMetricsSql } from './ad-metrics';
import type { AdService } from './channels';
import { AD_METRICS, ACCOUNT_ID, CHANNEL, DATE, SOURCE_SERVICE, attribute, key } from './columns';
import { serviceColumns } from './conversions';
import { cast } from './dialect';
import { rawTable, type CanonicalModel, type ModelContext, type ModelSource } from './model';

const SEARCH_SERVICES = ['google_ads', 'microsoft_ads', 'apple_ads'] as const satisfies readonly AdService[];

function source(service: AdService, stream: string, columns: (ctx: ModelContext) => string): ModelSource {
  const table = rawTable(service, stream);
  return {
    origin: service,
    reads: [table],
    sql: (ctx) =>
      ctx.sql(`SELECT {x.date} AS {date}, ${serviceColumns(ctx, service)}, {x.account_id} AS {account_id},
  {x.campaign_id} AS {campaign_id}, {x.ad_group_id} AS {ad_group_id}, ${columns(ctx)},
  ${adMetricsSql(ctx, service, 'x')}
FROM ${ctx.raw(table)} AS {x}`),
  };
}

const nullString = (ctx: ModelContext) => cast(ctx.dialect, 'NULL', 'string');

export const KEYWORDS: CanonicalModel = {
  name: 'keywords',
  description: 'Performance of bidded keywords per day, service, account, campaign, ad group and keyword.',
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('campaign_id', 'string', "The campaign's provider id."),
    key('ad_group_id', 'string', "The ad group's provider id."),
    key('keyword_id', 'string', "The keyword's provider id."),
    CHANNEL,
    attribute('keyword_text', 'string', 'The keyword as bidded.'),
    attribute(
      'match_type',
      'string',
      "The keyword's match type as the provider names it (EXACT, PHRASE, BROAD, ...).",
    ),
    attribute('keyword_status', 'string', "The keyword's status; NULL for Apple Ads."),
    ...AD_METRICS,
  ],
  dependsOn: [],
  sources: SEARCH_SERVICES.map((service) =>
    source(service, 'keywords', (ctx) =>
      service === 'apple_ads'
        ? `{x.keyword_id} AS {keyword_id}, {x.keyword} AS {keyword_text}, {x.match_type} AS {match_type},
  ${nullString(ctx)} AS {keyword_status}`
        : `{x.keyword_id} AS {keyword_id}, {x.keyword_text} AS {keyword_text}, {x.match_type} AS {match_type},
  {x.keyword_status} AS {keyword_status}`,
    ),
  ),
};

export const SEARCH_TERMS: CanonicalModel = {
  name: 'search_terms',
  description:
    'What people searched for when the ads showed, per day, service, account, campaign, ad group, ' +
    'matched keyword, search term and match type.',
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('campaign_id', 'string', "The campaign's provider id."),
    key('ad_group_id', 'string', "The ad group's provider id."),
    key(
      'keyword_id',
      'string',
      "The keyword the term matched (Apple Ads); '' when not reported (Google, Microsoft) or for Apple's Search Match.",
    ),
    key('search_term', 'string', 'The search as typed.'),
    key(
      'match_type',
      'string',
      "How the term matched (Google, Microsoft) or the keyword's match type (Apple); '' if none.",
    ),
    CHANNEL,
    attribute('keyword_text', 'string', 'The matched keyword (Apple Ads); NULL otherwise.'),
    ...AD_METRICS,
  ],
  dependsOn: [],
  sources: SEARCH_SERVICES.map((service) =>
    source(service, 'search_terms', (ctx) =>
      service === 'apple_ads'
        ? `{x.keyword_id} AS {keyword_id}, {x.search_term} AS {search_term},
  COALESCE({x.match_type}, '') AS {match_type}, {x.keyword} AS {keyword_text}`
        : `'' AS {keyword_id}, {x.search_term} AS {search_term}, {x.match_type} AS {match_type},
  ${nullString(ctx)} AS {keyword_text}`,
    ),
  ),
};
