// Mantine's base styles; each component's own come with it (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The theme's CSS variables, written at build time (vite.config.ts, decision 701).
import 'virtual:maya-theme.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { createAppRoutes, preloadMatchedRoutes } from './app/router';
import { mayHaveSession } from './shared/auth/session';

// zod and its messages, beside the first page's code rather than before it (decision 410).
void import('./shared/lib/zodMessages');

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const routes = createAppRoutes();
// The first page's code starts loading now, beside the session refresh, not once it is done.
preloadMatchedRoutes(routes, window.location);

const signedOut = !mayHaveSession();
const app = (
  <StrictMode>
    <App routes={routes} signedOut={signedOut} />
  </StrictMode>
);
// The first render is a transition, which React splits into short tasks: the browser paints and
// answers input meanwhile. A page the build drew (the sign-in page, decision 815) is hydrated: its
// markup stays on screen and becomes the app's. Not for a visitor who may be signed in: their
// first render waits for the session and replaces it.
startTransition(() => {
  if (signedOut && container.getAttribute(PRERENDERED_ATTRIBUTE) === window.location.pathname) {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
});
