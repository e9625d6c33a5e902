// Email campaigns (Moosend): each campaign with its totals to date.
import { MOOSEND } from './channels';
import { ACCOUNT_ID, SOURCE_SERVICE, attribute, fixed, key, summed } from './columns';
import { cast, literal } from './dialect';
import { rawTable, type CanonicalModel } from './model';

const CAMPAIGNS = rawTable(MOOSEND, 'campaigns');
const STATS = rawTable(MOOSEND, 'campaign_stats');

const STATS_METRICS = [
  ['sent', 'Emails sent.'],
  ['unique_opens', 'Recipients who opened.'],
  ['total_opens', 'Opens.'],
  ['unique_link_clicks', 'Recipients who clicked a link.'],
  ['total_link_clicks', 'Link clicks.'],
  ['bounces', 'Bounces.'],
  ['unsubscribes', 'Unsubscribes.'],
  ['complaints', 'Spam complaints.'],
  ['forwards', 'Forwards.'],
] as const;

export const EMAIL_CAMPAIGNS: CanonicalModel = {
  name: 'email_campaigns',
  description:
    'Every email campaign (drafts included) with its totals to date, dated by its delivery day. ' +
    'The provider reports totals, not daily figures: the numbers of a campaign grow until it leaves the load window.',
  columns: [
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('campaign_id', 'string', "The campaign's provider id."),
    attribute('date', 'date', 'The delivery day in the account time zone; NULL when not sent.'),
    attribute('name', 'string', "The campaign's name."),
    attribute('subject', 'string', 'The subject line.'),
    attribute('status', 'string', 'draft, queued, sending, sent, ...'),
    fixed('is_transactional', 'boolean', 'Whether it is a transactional campaign.'),
    attribute('created_at', 'timestamp', 'When it was created.'),
    attribute('delivered_at', 'timestamp', 'When it was delivered.'),
    summed('recipients', 'bigint', 'Recipients of its mailing lists.'),
    ...STATS_METRICS.map(([name, description]) =>
      summed(name, 'bigint', `${description} NULL when not sent.`),
    ),
    attribute('measured_until', 'timestamp', 'The end of the period the totals cover.'),
  ],
  dependsOn: [],
  sources: [
    {
      origin: MOOSEND,
      reads: [CAMPAIGNS],
      optional: [STATS],
      sql: (ctx) => {
        const stats = ctx.has(STATS);
        const stat = (name: string) => (stats ? `{t.${name}}` : cast(ctx.dialect, 'NULL', 'bigint'));
        return ctx.sql(`SELECT ${literal(MOOSEND)} AS {source_service}, {c.account_id} AS {account_id},
  {c.campaign_id} AS {campaign_id}, ${stats ? 'COALESCE({t.date}, {c.delivered_on})' : '{c.delivered_on}'} AS {date},
  {c.name} AS {name}, {c.subject} AS {subject}, {c.status} AS {status}, {c.is_transactional} AS {is_transactional},
  {c.created_at} AS {created_at}, {c.delivered_at} AS {delivered_at}, {c.recipients} AS {recipients},
  ${STATS_METRICS.map(([m]) => `${stat(m)} AS {${m}}`).join(', ')},
  ${stats ? '{t.measured_until}' : cast(ctx.dialect, 'NULL', 'timestamp')} AS {measured_until}
FROM ${ctx.raw(CAMPAIGNS)} AS {c}${
          stats
            ? ` LEFT JOIN ${ctx.raw(STATS)} AS {t} ON {t.account_id} = {c.account_id} AND {t.campaign_id} = {c.campaign_id}`
            : ''
        }`);
      },
    },
  ],
};
