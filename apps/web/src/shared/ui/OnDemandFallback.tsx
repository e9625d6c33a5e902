import { Loader } from '@mantine/core';
import classes from './OnDemandFallback.module.css';

/**
 * What an on-demand dialog shows while its code is still on its way (it is usually fetched on
 * hover first): a spinner over the page, after a short delay so that a quick load shows nothing.
 */
export function DialogFallback() {
  return (
    <div className={classes.dialog}>
      <Loader aria-label="Loading" />
    </div>
  );
}

/** The same for a pane or a panel: a spinner in its place. */
export function InlineFallback() {
  return (
    <div className={classes.inline}>
      <Loader size="sm" aria-label="Loading" />
    </div>
  );
}
