// The part of autocannon's API that load-api.ts uses (autocannon ships no types).
declare module 'autocannon' {
  namespace autocannon {
    type Sent = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Request = Sent & {
      setupRequest?: (request: Sent, context: Record<string, unknown>) => Sent;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    };
    type Options = {
      url: string;
      connections: number;
      duration: number;
      overallRate?: number;
      timeout?: number;
      requests: Request[];
    };
    type Result = { errors: number; timeouts: number; non2xx: number };
    type Instance = PromiseLike<Result> & {
      on(
        event: 'response',
        listener: (client: unknown, status: number, bytes: number, responseTime: number) => void,
      ): void;
    };
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
