/** The assistant-auth area, as other areas use it (Settings → Developers mounts the list). */
export { AuthorizedAssistants } from './components/AuthorizedAssistants';
export { assistantAuthKeys } from './api/authorizations';
