import { Alert, Anchor, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import {
  COMPETITORS_REPORT_SLUG,
  competitorLimits,
  competitorOrderBy,
  type CompetitionReport,
  type CompetitorFilterColumn,
  type GoogleSearchCountriesResponse,
  type ServiceAccount,
} from '@maya/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { dashboardPath } from '../../../shared/organizations';
import { NotFoundPage } from '../../../shared/ui/NotFoundPage';
import { IconArrowLeft, IconCheck } from '../../../shared/ui/icons';
import { fuzzyOptionsFilter } from '../../auth';
import { useCurrentOrganization } from '../../organizations';
import { useServiceAccounts } from '../../sources';
import {
  useCompetitionReport,
  useCompetitionReports,
  useCountries,
  useRunCompetitionReport,
  useSaveCompetitionReport,
} from '../hooks/useCompetitors';
import {
  competitorsText as text,
  countriesFailure,
  listFailure,
  reportFailure,
  saveFailure,
} from '../messages';
import { initialForm, isComplete, selectableAccounts, toSave, type CompetitorForm } from '../model/editor';
import { competitorsPath, isCompetitorsId } from '../navigation';
import { PageLayout } from '../../../shared/ui/PageLayout';

/**
 * /competitors/{competitorsId} (spec 001 §2): the editor of the report at that UUID; an id no
 * report has yet is a new one (the list's Add report opens a fresh UUID), a malformed one the 404 page.
 */
export function CompetitorEditorPage() {
  const { competitorsId } = useParams();
  const organization = useCurrentOrganization();
  if (!isCompetitorsId(competitorsId)) return <NotFoundPage embedded />;
  if (organization === null) return null;
  return (
    <EditorLoader
      key={`${organization.id}/${competitorsId}`}
      organizationId={organization.id}
      slug={organization.slug}
      id={competitorsId}
      readOnly={organization.is_demo}
    />
  );
}

type LoaderProps = { organizationId: string; slug: string; id: string; readOnly: boolean };

function EditorLoader({ organizationId, slug, id, readOnly }: LoaderProps) {
  const report = useCompetitionReport(organizationId, id);
  const list = useCompetitionReports(organizationId);
  const accounts = useServiceAccounts(organizationId);
  const countries = useCountries();
  const back = (
    <Anchor component={Link} to={competitorsPath(slug)} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {text.back}
      </Group>
    </Anchor>
  );
  const title = report.data === null ? text.editorTitleNew : text.editorTitleEdit;
  const failure =
    report.error !== null
      ? reportFailure(report.error)
      : list.error !== null
        ? listFailure(list.error)
        : accounts.error !== null
          ? reportFailure(accounts.error)
          : null;

  let content;
  if (failure !== null) {
    content = <Alert color="red" variant="light" title={failure} />;
  } else if (report.data === undefined || list.data === undefined || accounts.data === undefined) {
    content = (
      <Stack gap="md" maw={560} aria-label="Loading competition report">
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  } else {
    content = (
      <CompetitorEditor
        organizationId={organizationId}
        slug={slug}
        id={id}
        readOnly={readOnly}
        report={report.data}
        accounts={accounts.data}
        columns={list.data.filter_columns}
        countries={countries.data?.countries ?? null}
        countriesError={countries.error === null ? null : countriesFailure(countries.error)}
      />
    );
  }
  return (
    <PageLayout maw={960} title={title}>
      <Stack gap="md">
        {back}
        {content}
      </Stack>
    </PageLayout>
  );
}

type EditorProps = {
  organizationId: string;
  slug: string;
  id: string;
  readOnly: boolean;
  report: CompetitionReport | null;
  accounts: ServiceAccount[];
  columns: CompetitorFilterColumn[];
  countries: GoogleSearchCountriesResponse['countries'] | null;
  countriesError: string | null;
};

function CompetitorEditor(props: EditorProps) {
  const { organizationId, slug, id, readOnly, report, accounts, columns, countries } = props;
  const [form, setForm] = useState<CompetitorForm>(() => initialForm(report, accounts));
  const [saved, setSaved] = useState(report !== null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCompetitionReport(organizationId);
  const run = useRunCompetitionReport(organizationId);
  const selectable = selectableAccounts(accounts);
  const column = columns.find((c) => c.id === form.columnId);
  const values = column?.values ?? [];
  const service = accounts.find((a) => a.uuid === form.accountUuid)?.service ?? '';
  const change = (patch: Partial<CompetitorForm>) => {
    setForm((now) => ({ ...now, ...patch }));
    setSaved(false);
    setProblem(null);
  };

  const onSave = () => {
    // spec 001 §5: country, account, column and value are needed.
    if (!isComplete(form)) return setProblem(text.couldNotSave);
    save.mutate(toSave(organizationId, id, form, accounts), {
      onSuccess: () => setSaved(true),
      onError: (error) => setProblem(saveFailure(error)),
    });
  };

  return (
    <Stack gap="lg" maw={640}>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Select
            label={text.account}
            description={text.accountDescription}
            withAsterisk
            searchable
            filter={fuzzyOptionsFilter}
            disabled={readOnly}
            data={selectable.map((a) => ({ value: a.uuid, label: `${a.name} (${serviceName(a.service)})` }))}
            nothingFoundMessage={text.noAccounts}
            error={selectable.length === 0 ? text.noAccounts : undefined}
            value={form.accountUuid === '' ? null : form.accountUuid}
            onChange={(value) => change({ accountUuid: value ?? '' })}
          />
          <Select
            label={text.country}
            withAsterisk
            searchable
            filter={fuzzyOptionsFilter}
            disabled={readOnly}
            data={(countries ?? []).map((c) => ({ value: c.code, label: c.name }))}
            error={props.countriesError ?? undefined}
            value={form.countryCode === '' ? null : form.countryCode}
            onChange={(value) => change({ countryCode: value ?? '' })}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={text.filterColumn}
              withAsterisk
              searchable
              filter={fuzzyOptionsFilter}
              disabled={readOnly}
              miw={200}
              data={columns.map((c) => ({ value: c.id, label: c.name }))}
              value={form.columnId === '' ? null : form.columnId}
              onChange={(value) => change({ columnId: value ?? '', value: '' })}
            />
            <Select
              label={text.filterValue}
              withAsterisk
              disabled={readOnly}
              miw={160}
              data={values.map((v) => ({ value: v.value, label: v.label }))}
              nothingFoundMessage={text.noValues}
              error={column !== undefined && values.length === 0 ? text.noValues : undefined}
              value={form.value === '' ? null : form.value}
              onChange={(value) => change({ value: value ?? '' })}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {text.orderedBy(competitorOrderBy(service), competitorLimits.searchTermsNumber)}
          </Text>
          {problem !== null && (
            <Text size="sm" c="red.8" role="alert">
              {problem}
            </Text>
          )}
          {!readOnly && (
            <Group justify="flex-end">
              <Button
                onClick={onSave}
                loading={save.isPending}
                disabled={saved}
                variant={saved ? 'light' : 'filled'}
                leftSection={saved ? <IconCheck size={16} /> : undefined}
              >
                {saved ? text.saved : text.save}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {report !== null && (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Text size="sm" c={report.last_run?.status === 'failed' ? 'red.8' : undefined} aria-live="polite">
              {text.status(report.last_run)}
            </Text>
            <Group gap="sm">
              {!readOnly && (
                <Button
                  variant="default"
                  loading={run.isPending}
                  disabled={report.last_run?.status === 'queued' || report.last_run?.status === 'running'}
                  onClick={() => run.mutate(id, { onError: (error) => setProblem(saveFailure(error)) })}
                >
                  {text.computeNow}
                </Button>
              )}
              {report.last_run?.status === 'finished' && (
                <Button component={Link} to={dashboardPath(slug, COMPETITORS_REPORT_SLUG)} variant="light">
                  {text.openReport}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

const serviceName = (service: string) => (service === 'google_ads' ? 'Google Ads' : 'Search Console');
