import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidationIssue } from '@maya/contracts';
import { ValidationError } from './errors';

/** Half of a surrogate pair without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be kept as text, or null when it can. */
function textProblem(value: string): string | null {
  // U+0000: a PostgreSQL text column refuses it (SQLSTATE 22021), which answered 500.
  if (value.includes('\u0000')) return 'Must not contain the NUL character (U+0000)';
  // Not a character at all: the driver would store U+FFFD instead, changing what was sent.
  if (LONE_SURROGATE.test(value)) return 'Must be valid Unicode text';
  return null;
}

/** A value on the walk, with the way back to the root (the location is built only when needed). */
type Step = { value: unknown; key: string | number; parent: Step | null };

function locationOf(step: Step): (string | number)[] {
  const loc: (string | number)[] = [];
  for (let at: Step | null = step; at; at = at.parent) loc.push(at.key);
  return loc.reverse();
}

/**
 * The first string in `root` (values and keys, at any depth) that cannot be kept as text. The walk
 * keeps its own stack and builds no path on the way: a 64 kB body nests 30,000 levels deep, which
 * must neither overflow the call stack nor cost time quadratic in its depth.
 */
function firstProblem(root: unknown, where: string): ValidationIssue | null {
  const stack: Step[] = [{ value: root, key: where, parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { value } = step;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { loc: locationOf(step), msg: problem, type: 'invalid_text' };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], key: i, parent: step });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const problem = textProblem(key);
        if (problem) return { loc: [...locationOf(step), key], msg: problem, type: 'invalid_text' };
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}

function requestProblem(request: FastifyRequest): ValidationIssue | null {
  return (
    firstProblem(request.params, 'params') ??
    firstProblem(request.query, 'querystring') ??
    firstProblem(request.headers, 'headers') ??
    firstProblem(request.body, 'body')
  );
}

/**
 * Text no column can keep is refused for every route, before validation and before any guard,
 * service or query sees it: 422 with the issue's place, in the validation answer's shape. The
 * locations are the validation's own (`params`, `querystring`, `headers`, `body`).
 * A callback hook, not an async one: it runs on every request and allocates no promise.
 */
export function registerTextChecks(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const issue = requestProblem(request);
    done(issue ? new ValidationError([issue]) : undefined);
  });
}
