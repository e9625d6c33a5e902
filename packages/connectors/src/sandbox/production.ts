// The sandbox is a development and test fake: every sandbox plugin (identity providers, data APIs,
// the marketplace) refuses to register when NODE_ENV=production.

export class SandboxInProductionError extends Error {
  constructor() {
    super(
      'The sandbox providers are a development and test fake and are refused when ' +
        'NODE_ENV=production. Configure the real provider endpoints instead.',
    );
    this.name = 'SandboxInProductionError';
  }
}

export function assertSandboxAllowed(env: Record<string, string | undefined> = process.env): void {
  if (env.NODE_ENV === 'production') throw new SandboxInProductionError();
}
