import { EmbedErrorType } from '@maya/contracts';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/ApiError';
import { embedReportSource, getEmbedAccess } from '../api/embed';
import { reportKeys } from '../api/keys';
import { ReportSourceContext } from '../hooks/useReportSource';
import { reportMessages } from '../messages';
import { dashboardErrorMessage } from '../model/errors';
import { Dashboard } from './Dashboard';

/** An invalid or expired token says so; other failures read as the dashboard's (spec 002 §8). */
function embedErrorMessage(error: unknown): string {
  return isApiError(error) && error.type === EmbedErrorType.invalidEmbedToken
    ? reportMessages.notReady.invalidEmbed
    : dashboardErrorMessage(error);
}

/** The slug the dashboard asks its access by; the token names the report. */
const EMBEDDED = 'embedded';

/**
 * `/embed/{token}` (public, no shell): a report embedded in another site, read through its token.
 * Read-only: pages of visibility 1 are hidden, nothing can be saved, the view is not written to
 * the address; the token may carry the state to open with. Amounts show in the organization's
 * currency, which the token's access names.
 */
export function EmbedPage() {
  const { token = '' } = useParams();
  const tokenSource = useMemo(() => embedReportSource(token), [token]);
  // The dashboard's own access query (same key, so one request): read here for its currency.
  const access = useQuery({
    queryKey: reportKeys.access(tokenSource.scope, EMBEDDED),
    queryFn: () => getEmbedAccess(token),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const currency = access.data?.currency_id ?? tokenSource.currency;
  const source = useMemo(() => ({ ...tokenSource, currency }), [tokenSource, currency]);
  return (
    <ReportSourceContext value={source}>
      <Box component="main" mih="100dvh" bg="gray.0" p={{ base: 'sm', sm: 'lg' }}>
        <Dashboard
          key={token}
          slug={EMBEDDED}
          requestedMode="view"
          readOnly
          routeBookmark={null}
          organization={{ id: '', slug: '' }}
          syncUrl={false}
          errorMessage={embedErrorMessage}
        />
      </Box>
    </ReportSourceContext>
  );
}
