import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LlmReply = { status: number; body: unknown };
export type LlmRequest = { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };

/** A chat-completions answer whose message is `content` (a JSON text, or not). */
export const completion = (content: string): LlmReply => ({
  status: 200,
  body: {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  },
});

/**
 * A small OpenAI-compatible server on a real port: each request to /v1/chat/completions takes
 * the next scripted reply and is kept for the test to read.
 */
export async function startFakeLlm() {
  const replies: LlmReply[] = [];
  const requests: LlmRequest[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(text || '{}') as Record<string, unknown>,
      });
      const reply =
        req.url === '/v1/chat/completions'
          ? (replies.shift() ?? { status: 500, body: { error: { message: 'no reply scripted' } } })
          : { status: 404, body: { error: { message: 'not found' } } };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    /** Scripts the next replies, in order; forgets earlier requests. */
    script(...next: LlmReply[]) {
      replies.splice(0, replies.length, ...next);
      requests.splice(0, requests.length);
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
