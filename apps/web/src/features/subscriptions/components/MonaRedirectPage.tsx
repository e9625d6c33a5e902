import type { ErrorDetail } from '@maya/contracts';
import { accounts, unreachable } from '@maya/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/ApiError';
import { mergeAccountUrl, providerTokenFromDetail, providerTokenState } from '../../auth';
import { useCreateMonaSubscription } from '../hooks/useCreateMonaSubscription';
import { redirectErrorToast, subscriptionErrorMessage, subscriptionMessages } from '../messages';
import { MonaFailure, MonaProgress } from './MonaCard';
import { showToast } from '../../../shared/ui/toast';

/** Where a marketplace buyer without an account goes; the sign-up page shows the toast. */
export const MONA_SIGN_UP_URL = '/sign-up?redirect_error=no_such_user';

/** The merge screen for a marketplace purchase: the sign-in detail, provider microsoft, is_mona=1. */
export function monaMergeUrl(detail: ErrorDetail | null): string {
  const [path = '/merge-account', query = ''] = mergeAccountUrl(detail, '').split('?');
  const params = new URLSearchParams(query);
  if (!params.has('provider')) params.set('provider', 'microsoft');
  params.set('is_mona', '1');
  return `${path}?${params.toString()}`;
}

/** What the return from Microsoft asks for. */
type RedirectQuery =
  | { kind: 'create'; code: string; state: string }
  | { kind: 'sign-up' }
  | { kind: 'failed'; type: string | null };

function readRedirectQuery(search: URLSearchParams): RedirectQuery {
  const error = search.get('error');
  const code = search.get('code') ?? '';
  const state = search.get('state') ?? '';
  if (error === 'no_such_user') return { kind: 'sign-up' };
  if (error !== null || code === '' || state === '') return { kind: 'failed', type: error };
  return { kind: 'create', code, state };
}

function showRedirectError(type: string | null) {
  showToast('error', redirectErrorToast(type), { durationMs: accounts.marketplaceToastMs });
}

/**
 * /microsoft/mona/redirect: Microsoft returns here with `code` and `state` (the marketplace
 * token), or `error`. POST /subscriptions/mona/create resolves the purchase once; success starts
 * the buyer's session and goes to / (spec 000 §2 Marketplace redirects, §8).
 */
export function MonaRedirectPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useCreateMonaSubscription();
  const started = useRef(false);
  const [createFailure, setCreateFailure] = useState<string | null>(null);
  const query = readRedirectQuery(searchParams);
  const failure = query.kind === 'failed' ? redirectErrorToast(query.type) : createFailure;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const redirect = readRedirectQuery(searchParams);
    switch (redirect.kind) {
      case 'sign-up':
        void navigate(MONA_SIGN_UP_URL, { replace: true });
        return;
      case 'failed':
        showRedirectError(redirect.type);
        return;
      case 'create':
        break;
      default: {
        return unreachable(redirect);
      }
    }
    mutate(
      { state: redirect.state, code: redirect.code },
      {
        onSuccess: () => void navigate('/', { replace: true }),
        onError: (createError) => {
          const type = isApiError(createError) ? createError.type : null;
          const detail = isApiError(createError) ? createError.detail : null;
          if (type === 'merge_required') {
            const providerToken = providerTokenFromDetail('microsoft', detail);
            showToast('info', subscriptionMessages.mergeRequired);
            void navigate(monaMergeUrl(detail), {
              replace: true,
              state: providerToken === null ? null : providerTokenState(providerToken),
            });
          } else if (type === 'no_such_user') {
            void navigate(MONA_SIGN_UP_URL, { replace: true });
          } else {
            showRedirectError(type);
            setCreateFailure(subscriptionErrorMessage('create', createError));
          }
        },
      },
    );
  }, [mutate, navigate, searchParams]);

  if (failure !== null) {
    return <MonaFailure title={subscriptionMessages.createFailedTitle} message={failure} />;
  }
  return <MonaProgress title={subscriptionMessages.finishing} />;
}
