import {
  competitorLimits,
  competitorOrderBy,
  COMPETITOR_SERVICES,
  IS_BRAND_COLUMN_ID,
  type CompetitionReport,
  type SaveCompetitionReportRequest,
  type ServiceAccount,
} from '@maya/contracts';

/** The editor's fields; '' while not chosen. */
export type CompetitorForm = { accountUuid: string; countryCode: string; columnId: string; value: string };

/** A new report: the spec's defaults (country 'gr', filter 'Is Brand'), the account when only one fits. */
export function initialForm(
  report: CompetitionReport | null,
  accounts: readonly ServiceAccount[],
): CompetitorForm {
  if (report !== null) {
    return {
      accountUuid: report.account_uuid,
      countryCode: report.country_code,
      columnId: report.filter_column,
      value: report.filter_value,
    };
  }
  const selectable = selectableAccounts(accounts);
  return {
    accountUuid: selectable.length === 1 ? (selectable[0]?.uuid ?? '') : '',
    countryCode: competitorLimits.defaultCountry,
    columnId: IS_BRAND_COLUMN_ID,
    value: '',
  };
}

/** spec 001 §9: only Google Search Console and Google Ads accounts are selectable. */
export const selectableAccounts = (accounts: readonly ServiceAccount[]) =>
  accounts.filter((a) => (COMPETITOR_SERVICES as readonly string[]).includes(a.service));

/** spec 001 §5: country, account, column and value are needed, else 'Could not save'. */
export const isComplete = (form: CompetitorForm) =>
  form.accountUuid !== '' && form.countryCode !== '' && form.columnId !== '' && form.value !== '';

/** The PUT body of a complete form. */
export function toSave(
  organizationId: string,
  uuid: string,
  form: CompetitorForm,
  accounts: readonly ServiceAccount[],
): SaveCompetitionReportRequest {
  const service = accounts.find((a) => a.uuid === form.accountUuid)?.service ?? '';
  return {
    organization_id: organizationId,
    uuid,
    country_code: form.countryCode,
    account_uuid: form.accountUuid,
    column_id: form.columnId,
    value: form.value,
    order_by: competitorOrderBy(service),
  };
}
