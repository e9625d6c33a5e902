import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from '../../apps/server/src/platform/config';

/** Docs that drift from the code mislead the next person; these checks keep the two together. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`## ${heading}`);
  expect(start, `missing section "## ${heading}"`).toBeGreaterThanOrEqual(0);
  const next = markdown.indexOf('\n## ', start + 3);
  return markdown.slice(start, next === -1 ? undefined : next);
}

describe('docs match the code', () => {
  it("the README's configuration table lists exactly the variables the server reads", () => {
    const table = section(read('README.md'), 'Configuration');
    const documented = [...table.matchAll(/^\|\s*`([A-Z_]+)`\s*\|/gm)].map((m) => m[1]);
    expect([...documented].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
  });

  it('the README has a Quick start of exactly two commands', () => {
    const quickStart = section(read('README.md'), 'Quick start');
    const commands = [...quickStart.matchAll(/^```(?:sh|bash)\n([\s\S]*?)```/gm)].flatMap((m) =>
      m[1]!.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#')),
    );
    expect(commands).toEqual(['npm ci && npm start', 'npm ci && npm test']);
  });

  it('docs/architecture.md names every server module and every web feature area', () => {
    const architecture = read('docs/architecture.md');
    const dirs = (dir: string) =>
      readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
    for (const area of [...dirs('apps/server/src/modules'), ...dirs('apps/web/src/features')]) {
      expect(architecture, `docs/architecture.md does not mention "${area}"`).toContain(`\`${area}\``);
    }
  });

  it('every workspace has a README', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) expect(() => read(`${workspace}/README.md`), workspace).not.toThrow();
  });

  it('every test docs/security.md names exists, with that title, in that file', () => {
    const security = read('docs/security.md');
    const rows = security.split('\n').filter((line) => /^\| .* \| `[^`]+` — /.test(line));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const [, file, titles] = /\| `([^`]+)` — (.*) \|$/.exec(row) ?? [];
      const source = read(file!);
      for (const [, title] of titles!.matchAll(/"([^"]+)"/g)) {
        expect(source, `${file} has no test "${title}"`).toContain(title);
      }
    }
  });
});
