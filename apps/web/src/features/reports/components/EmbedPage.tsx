import { EmbedErrorType } from '@maya/contracts';
import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/ApiError';
import { embedReportSource } from '../api/embed';
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

/**
 * `/embed/{token}` (public, no shell): a report embedded in another site, read through its token.
 * Read-only: pages of visibility 1 are hidden, nothing can be saved, the view is not written to
 * the address; the token may carry the state to open with.
 */
export function EmbedPage() {
  const { token = '' } = useParams();
  const source = useMemo(() => embedReportSource(token), [token]);
  return (
    <ReportSourceContext value={source}>
      <Box component="main" mih="100dvh" bg="gray.0" p={{ base: 'sm', sm: 'lg' }}>
        <Dashboard
          key={token}
          slug="embedded"
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
