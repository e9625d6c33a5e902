import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpCaller, McpDeps } from './context';
import { registerTools } from './tools';

const BEARER = /^Bearer\s+(\S+)$/i;

function challenge(deps: McpDeps, extra: string): string {
  const metadata = `${deps.appUrl}/.well-known/oauth-protected-resource/api/mcp`;
  return `Bearer ${extra}${extra === '' ? '' : ', '}resource_metadata="${metadata}"`;
}

/**
 * The bearer check of every MCP request: a 401 with the protected-resource metadata for a missing,
 * unknown, expired or revoked token (a main-API session token among them), a 403
 * insufficient_scope when the request names a dataset the token was not granted.
 */
async function authorizeRequest(
  deps: McpDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<McpCaller | null> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  const unauthorized = (extra: string, description: string) => {
    void reply
      .status(401)
      .header('www-authenticate', challenge(deps, extra))
      .send({
        detail: { type: extra === '' ? 'unauthorized' : 'invalid_token', message: description },
        error: extra === '' ? 'unauthorized' : 'invalid_token',
        error_description: description,
      });
    return null;
  };
  const token = match?.[1];
  if (token === undefined) return unauthorized('', 'an access token for this server is required');
  const grant = await deps.oauth.verify(token);
  if (grant === null)
    return unauthorized('error="invalid_token"', 'the access token is unknown, expired or revoked');
  const named = (request.query as { dataset_id?: unknown } | undefined)?.dataset_id;
  if (named !== undefined && named !== grant.datasetId) {
    const scope = typeof named === 'string' ? named.replace(/[^0-9a-zA-Z-]/g, '') : 'another';
    void reply
      .status(403)
      .header('www-authenticate', challenge(deps, `error="insufficient_scope", scope="dataset:${scope}"`))
      .send({
        detail: { type: 'insufficient_scope', message: 'the token was granted another dataset' },
        error: 'insufficient_scope',
        error_description: 'the token was granted another dataset',
      });
    return null;
  }
  const caller = await deps.caller(grant);
  if (caller === null) return unauthorized('error="invalid_token"', 'the user is no longer a member');
  return caller;
}

/**
 * The MCP server (Streamable HTTP, stateless: a server and transport per request, so that any
 * API process answers any request) at /api/mcp.
 */
export async function mcpRoutes(api: FastifyInstance, deps: McpDeps): Promise<void> {
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await authorizeRequest(deps, request, reply);
    if (caller === null) return reply;
    if (request.method !== 'POST') {
      return reply
        .status(405)
        .header('allow', 'POST')
        .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
    }
    const server = new McpServer({ name: 'maya-analytics', version: '1.0.0' });
    registerTools(server, deps, caller);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
    return reply;
  };
  const options = {
    config: { guard: 'public' as const },
    schema: { hide: true },
  };
  api.post('/mcp', options, handle);
  api.get('/mcp', options, handle);
  api.delete('/mcp', options, handle);
}
