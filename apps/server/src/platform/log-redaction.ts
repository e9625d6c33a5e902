import type { FastifyRequest } from 'fastify';
import { databaseErrorFacts, databaseErrorOf } from './db/errors';

/**
 * Query parameters that carry a credential in some link or callback (reset and verification
 * links, OAuth returns, the assistant's authorization, tokens pasted by hand): their values never
 * reach a log line.
 */
const SECRET_PARAMETERS = new Set([
  'id',
  'request_id',
  'code',
  'state',
  'token',
  'mcp_auth_token',
  'access_token',
  'refresh_token',
  'id_token',
  'password',
  'nonce',
  'code_verifier',
  'client_secret',
]);

/** Paths whose last part is a credential: the signed embed token, an invitation's id. */
const SECRET_PATHS = [
  /^((?:\/api)?\/embed\/)[^/]+/,
  /^(\/api\/invitations\/)[^/]+/,
  /^(\/invitation\/[^/]+\/)[^/]+/,
  /^(\/organization\/[^/]+\/invite\/)[^/]+/,
];

export const REDACTED = '[redacted]';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** A request URL as it may be logged: credential path parts and parameter values replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  let path = mark === -1 ? url : url.slice(0, mark);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  db?: ReturnType<typeof databaseErrorFacts>;
  cause?: LoggedError;
};

/** Stack frames only: the stack's first lines repeat the message. */
const framesOf = (stack = '') =>
  stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * The `err` of a log line. A database error is told by its SQLSTATE and the names it concerns,
 * never by its message, detail or parameters (drizzle's message quotes the query's parameters:
 * a NUL in a sign-up logged the Argon2 hash). Other errors keep their message and stack.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const database = databaseErrorOf(error);
  if (database) {
    const facts = databaseErrorFacts(database);
    return {
      type: error.name,
      message: `database error ${facts.code}`,
      db: facts,
      stack: framesOf(error.stack),
    };
  }
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(code !== undefined ? { code } : {}),
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: errorForLog(error.cause, depth + 1) } : {}),
  };
}
