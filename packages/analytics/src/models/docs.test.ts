import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CANONICAL_MODELS } from './catalog';
import { modelReads, modelTable } from './model';

const dataModel = readFileSync(
  fileURLToPath(new URL('../../../../docs/data-model.md', import.meta.url)),
  'utf8',
);

/** The section of docs/data-model.md about one table: from its heading to the next. */
function section(table: string): string {
  const start = dataModel.indexOf(`### \`analytics.${table}\``);
  expect(start, `docs/data-model.md has no section for analytics.${table}`).toBeGreaterThanOrEqual(0);
  const next = dataModel.indexOf('\n#', start + 4);
  return dataModel.slice(start, next === -1 ? undefined : next);
}

describe('docs/data-model.md', () => {
  it('documents every canonical table with its key, columns and types, and what it reads', () => {
    for (const model of CANONICAL_MODELS) {
      const text = section(model.name);
      const table = modelTable(model);
      expect(text, model.name).toContain(table.primaryKey.map((k) => `\`${k}\``).join(', '));
      for (const column of model.columns) {
        expect(text, `${model.name}.${column.name}`).toMatch(
          new RegExp(
            `\\| \`${column.name}\` +\\| ${column.type}${column.role === 'key' ? ', key' : ''} +\\|`,
          ),
        );
      }
      for (const raw of modelReads(model))
        expect(text, `${model.name} reads ${raw}`).toContain(`\`raw.${raw}\``);
      for (const dependency of model.dependsOn) expect(text).toContain(`\`analytics.${dependency}\``);
    }
  });
});
