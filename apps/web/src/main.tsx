// Mantine's base styles; each component's own come with it (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The theme's CSS variables, written at build time (vite.config.ts, decision 701).
import 'virtual:maya-theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRoutes, preloadMatchedRoutes } from './app/router';

// zod and its messages, beside the first page's code rather than before it (decision 410).
void import('./shared/lib/zodMessages');

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const routes = createAppRoutes();
// The first page's code starts loading now, beside the session refresh, not once it is done.
preloadMatchedRoutes(routes, window.location);

createRoot(container).render(
  <StrictMode>
    <App routes={routes} />
  </StrictMode>,
);
