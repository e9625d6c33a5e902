// Sandbox identity providers: fake Google and Microsoft OpenID Connect servers for development and
// tests (DESIGN.md "Third-party services: the sandbox"). Never mounted in production.
export { sandboxIdentityPlugin, assertSandboxAllowed, SandboxInProductionError } from './plugin';
export {
  DEFAULT_ACCOUNTS as SANDBOX_TEST_ACCOUNTS,
  MICROSOFT_SANDBOX_TENANT_ID,
  MICROSOFT_SECOND_TENANT_ID,
  googleSubject,
  microsoftObjectId,
} from './accounts';
export type { TokenFault } from './store';
export type { SandboxAccountInput, SandboxClient, SandboxIdentityOptions, SandboxProvider } from './types';
export * from './marketplace';
