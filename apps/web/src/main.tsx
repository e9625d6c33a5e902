// Mantine's base styles; each component's own come with it (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRoutes } from './app/router';
import { createQueryClient } from './shared/api/queryClient';

// zod and its messages, beside the first page's code rather than before it (decision 410).
void import('./shared/lib/zodMessages');

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const routes = createAppRoutes();

createRoot(container).render(
  <StrictMode>
    <App routes={routes} queryClient={queryClient} />
  </StrictMode>,
);
