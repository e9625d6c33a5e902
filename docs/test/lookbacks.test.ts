import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalog, connectorFor } from '@maya/connectors';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('docs/connectors.md look-back windows', () => {
  it("lists every connector's default look-back, as the connector declares it", () => {
    const markdown = readFileSync(path.join(root, 'docs/connectors.md'), 'utf8');
    const start = markdown.indexOf('## Look-back windows');
    expect(start).toBeGreaterThanOrEqual(0);
    const table = markdown.slice(start, markdown.indexOf('\n## ', start + 3));
    const documented = Object.fromEntries(
      [...table.matchAll(/^\| ([^|]+?) +\| (\d+) +\|/gm)].map(([, name, days]) => [name, Number(days)]),
    );
    const declared = Object.fromEntries(
      catalog.flatMap((service) => {
        const connector = connectorFor(service.id);
        return connector ? [[service.name, connector.lookbackDays]] : [];
      }),
    );
    expect(documented).toEqual(declared);
  });
});
