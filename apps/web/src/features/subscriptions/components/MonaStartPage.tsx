import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { navigateExternal } from '../../../shared/lib/browser';
import { useMonaAuthUri } from '../hooks/useMonaAuthUri';
import { monaAuthUriErrorMessage, subscriptionMessages } from '../messages';
import { MonaFailure, MonaProgress } from './MonaCard';

/** The marketplace token Partner Center appends to the landing page address. */
function readMarketplaceToken(search: URLSearchParams): string | null {
  const token = search.get('token')?.trim() ?? '';
  return token === '' ? null : token;
}

/**
 * /microsoft/mona/start?token=...: the landing page of a Microsoft marketplace purchase. It asks
 * for Microsoft's consent address with is_mona and the marketplace token as state, and leaves for
 * it; Microsoft returns to /microsoft/mona/redirect (spec 000 §2, §7).
 */
export function MonaStartPage() {
  const [searchParams] = useSearchParams();
  const token = readMarketplaceToken(searchParams);
  const authUri = useMonaAuthUri(token);
  const uri = authUri.data;

  useEffect(() => {
    if (uri !== undefined) navigateExternal(uri);
  }, [uri]);

  if (token === null) {
    return (
      <MonaFailure
        title={subscriptionMessages.startFailedTitle}
        message={subscriptionMessages.redirectSubscriptionDoesNotExist}
      />
    );
  }
  if (authUri.isError) {
    return (
      <MonaFailure
        title={subscriptionMessages.startFailedTitle}
        message={monaAuthUriErrorMessage(authUri.error)}
        onRetry={() => void authUri.refetch()}
      />
    );
  }
  return <MonaProgress title={subscriptionMessages.connecting} hint={subscriptionMessages.connectingHint} />;
}
