import { useIsFetching, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useIsDrawing } from '../../../shared/lib/drawing';
import { reportKeys } from '../api/keys';
import { visualErrorText } from '../model/errors';
import { Dashboard } from '../components/Dashboard';
import { ReportSourceContext } from '../hooks/useReportSource';
import { getRenderAccess, renderReportSource } from './api';
import { exportMessages as text } from './messages';
import classes from './RenderPage.module.css';

/** The slug the dashboard asks its access by; the token names the report. */
const RENDERED = 'rendered';

type RenderState = 'drawing' | 'ready' | 'failed';

/**
 * Whether everything on the page has answered and is drawn: no query of the source running, no
 * chart waiting to draw, no card showing its loader or the dashboard's skeleton, and at least one
 * visual's card. Checked on every change of the page (a MutationObserver) and of those counts.
 */
function useRenderState(
  root: HTMLElement | null,
  scope: string,
): { state: RenderState; error: string | null } {
  const fetching = useIsFetching({ queryKey: reportKeys.scope(scope) });
  const drawing = useIsDrawing();
  const [answer, setAnswer] = useState<{ state: RenderState; error: string | null }>({
    state: 'drawing',
    error: null,
  });
  useEffect(() => {
    if (root === null) return;
    let frame = 0;
    const check = () => {
      if (fetching > 0 || drawing) return;
      const failed = root.querySelector('[role="alert"]');
      if (failed !== null) {
        setAnswer({ state: 'failed', error: failed.textContent || text.render.failed });
        return;
      }
      const settled =
        root.querySelector('section[aria-label]') !== null &&
        root.querySelector('.mantine-Loader-root, [aria-busy="true"]') === null;
      if (!settled) return;
      // Said after the next frame, once what the last change drew is painted.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setAnswer({ state: 'ready', error: null }));
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, attributes: true });
    check();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [root, fetching, drawing]);
  return answer;
}

type RenderRootProps = { scope: string; failure: string | null; children: ReactNode };

function RenderRoot({ scope, failure, children }: RenderRootProps) {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const drawn = useRenderState(root, scope);
  const { state, error } = failure === null ? drawn : { state: 'failed' as const, error: failure };
  return (
    <main
      ref={setRoot}
      className={classes.page}
      data-render-state={state}
      data-render-error={error ?? undefined}
    >
      {children}
    </main>
  );
}

/**
 * `/render#{token}` (public, no shell): the page the server's Chromium draws for an export or a
 * scheduled delivery (apps/server reports/exports). The render token in the address's fragment
 * (never sent to a server in a URL) names one page of one report under one state; the page says
 * on its root (`data-render-state`) when every visual has answered and is drawn.
 */
export function RenderPage() {
  const token = useLocation().hash.slice(1);
  const tokenSource = useMemo(() => renderReportSource(token), [token]);
  // The dashboard's own access query (same key, so one request): read here for its currency.
  const access = useQuery({
    queryKey: reportKeys.access(tokenSource.scope, RENDERED),
    queryFn: () => getRenderAccess(token),
    retry: false,
    staleTime: Infinity,
  });
  const currency = access.data?.currency_id ?? tokenSource.currency;
  const source = useMemo(() => ({ ...tokenSource, currency }), [tokenSource, currency]);
  return (
    <ReportSourceContext value={source}>
      <RenderRoot scope={source.scope} failure={access.isError ? visualErrorText(access.error) : null}>
        <Dashboard
          slug={RENDERED}
          requestedMode="view"
          readOnly
          routeBookmark={null}
          organization={{ id: '', slug: '' }}
          syncUrl={false}
        />
      </RenderRoot>
    </ReportSourceContext>
  );
}
