import {
  clusterMessages,
  ClusterErrorType,
  ClusterIssueType,
  cantMoveColumnMessage,
  type ClusterCategory,
  type ClusterCategoryResponse,
  type ClusterColumn,
  type ClusterColumnInput,
} from '@maya/contracts';
import { AppError, ValidationError } from '../../platform/errors';
import { CATEGORY_LABELS, categoryTables, categoryTabs } from './categories';
import { columnsRead, fieldsAt, normalizedRuleSets, presentColumns, toColumn } from './columns';
import { applySaved, categoryFields, inClusters, type ClustersDeps } from './deps';
import { freeDbName } from './db-names';
import { clustersRepository as repository, nameKey, type ColumnRow } from './repository';
import { ruleIssues } from './validate';
import { domainWordGroups } from './word-groups';

export type { ClustersDeps } from './deps';
export type ClustersService = ReturnType<typeof createClustersService>;

const columnNotFound = () =>
  new AppError(404, ClusterErrorType.columnNotFound, { message: 'There is no such cluster column.' });

const refused = (type: string, message: string, extra: Record<string, unknown> = {}) =>
  new AppError(422, type, { message, ...extra });

/** Cluster columns per category (spec 001 §2 clusters/{clusterCategory}, §5, §6, §7). */
export function createClustersService(deps: ClustersDeps) {
  const max = () => deps.platform.config.maxClusterColumns;

  async function category(organizationId: string, name: ClusterCategory): Promise<ClusterCategoryResponse> {
    const base = await categoryFields(deps, organizationId, name);
    const rows = await inClusters(deps, organizationId, { write: false }, (tx) =>
      repository.columns(tx, organizationId, name),
    );
    return present(name, base, rows);
  }

  function present(
    name: ClusterCategory,
    base: Awaited<ReturnType<typeof categoryFields>>,
    rows: ColumnRow[],
  ): ClusterCategoryResponse {
    return {
      category: name,
      label: CATEGORY_LABELS[name],
      columns: presentColumns(base, rows),
      fields: fieldsAt(base, rows, rows.length),
      max_columns: max(),
    };
  }

  async function column(organizationId: string, name: ClusterCategory, id: string): Promise<ClusterColumn> {
    const base = await categoryFields(deps, organizationId, name);
    const rows = await inClusters(deps, organizationId, { write: false }, (tx) =>
      repository.columns(tx, organizationId, name),
    );
    const index = rows.findIndex((row) => row.id === id);
    const row = rows[index];
    if (!row) throw columnNotFound();
    return toColumn(row, fieldsAt(base, rows, index));
  }

  /** PUT /clustering/{category}/columns/{id}: creates the column (last) or updates it. */
  async function save(
    organizationId: string,
    name: ClusterCategory,
    id: string,
    input: ClusterColumnInput,
  ): Promise<ClusterColumn> {
    const base = await categoryFields(deps, organizationId, name);
    const saved = await inClusters(deps, organizationId, { write: true }, async (tx) => {
      const rows = await repository.columns(tx, organizationId, name);
      const elsewhere = await repository.findColumn(tx, id);
      if (elsewhere && elsewhere.category !== name) throw columnNotFound();
      const index = elsewhere ? rows.findIndex((row) => row.id === id) : rows.length;
      const existing = rows[index] ?? null;
      if (!existing && rows.length >= max()) {
        throw refused(ClusterErrorType.tooManyColumns, `A category holds at most ${max()} clusters.`, {
          max: max(),
        });
      }
      if (existing?.isFixed && existing.name !== input.name) {
        throw refused(ClusterErrorType.notRenamable, `'${existing.name}' is fixed: it cannot be renamed.`);
      }
      const fields = fieldsAt(base, rows, index);
      const wordGroups = domainWordGroups(await repository.wordGroups(tx, organizationId));
      const issues = ruleIssues(input.values, { fields, wordGroups });
      if (rows.some((row) => row.id !== id && row.nameKey === nameKey(input.name))) {
        issues.unshift({
          loc: ['body', 'name'],
          msg: clusterMessages.duplicateColumnName,
          type: ClusterIssueType.duplicateName,
        });
      }
      if (issues.length > 0) throw new ValidationError(issues);
      const ruleSets = normalizedRuleSets(input.values);
      if (existing) {
        await repository.updateColumn(tx, id, { name: input.name, ruleSets });
      } else {
        const taken = new Set([...rows.map((row) => row.dbName), ...base.map((field) => field.id)]);
        await repository.insertColumn(tx, {
          organizationId,
          id,
          category: name,
          name: input.name,
          nameKey: nameKey(input.name),
          dbName: freeDbName(input.name, taken),
          position: rows.reduce((last, row) => Math.max(last, row.position), -1) + 1,
          ruleSets,
        });
      }
      const row = await repository.findColumn(tx, id);
      if (!row) throw new Error('the saved cluster column is not there');
      return toColumn(row, fields);
    });
    await applySaved(deps, organizationId, categoryTables(name));
    return saved;
  }

  async function remove(organizationId: string, name: ClusterCategory, id: string): Promise<void> {
    await inClusters(deps, organizationId, { write: true }, async (tx) => {
      const rows = await repository.columns(tx, organizationId, name);
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) throw columnNotFound();
      if (row.isFixed || row.isPlaceholder) {
        throw refused(ClusterErrorType.notDeletable, `'${row.name}' cannot be deleted.`);
      }
      const readers = rows.filter((other) => columnsRead(other.ruleSets, new Set([row.dbName])).size > 0);
      if (readers.length > 0) {
        throw new AppError(409, ClusterErrorType.columnReferenced, {
          message: `'${row.name}' is read by ${readers.map((r) => `'${r.name}'`).join(', ')}.`,
          columns: readers.map((reader) => ({ id: reader.id, name: reader.name })),
        });
      }
      await repository.deleteColumn(tx, id);
    });
    await applySaved(deps, organizationId, categoryTables(name));
  }

  /** PUT /clustering/{category}/columns, updateType 'reorder': all the category's columns, in order. */
  async function reorder(
    organizationId: string,
    name: ClusterCategory,
    columnIds: readonly string[],
  ): Promise<ClusterCategoryResponse> {
    const base = await categoryFields(deps, organizationId, name);
    const rows = await inClusters(deps, organizationId, { write: true }, async (tx) => {
      const current = await repository.columns(tx, organizationId, name);
      const byId = new Map(current.map((row) => [row.id, row]));
      const ordered = columnIds.map((id) => byId.get(id));
      if (new Set(columnIds).size !== current.length || ordered.some((row) => row === undefined)) {
        throw refused(
          ClusterErrorType.reorderMismatch,
          "The order must list each of the category's columns once.",
        );
      }
      const next = ordered as ColumnRow[];
      checkOrder(current, next);
      await repository.setPositions(tx, name, columnIds);
      return repository.columns(tx, organizationId, name);
    });
    await applySaved(deps, organizationId, categoryTables(name));
    return present(name, base, rows);
  }

  return {
    categories: () => ({ categories: categoryTabs(), max_columns: max() }),
    category,
    column,
    save,
    remove,
    reorder,
  };
}

/** spec 001 §6 and §8: fixed columns keep their place; no column moves above a column it reads. */
function checkOrder(current: readonly ColumnRow[], next: readonly ColumnRow[]): void {
  next.forEach((row, index) => {
    if (row.isFixed && current[index]?.id !== row.id) {
      throw refused(ClusterErrorType.notMovable, `'${row.name}' is fixed: it cannot be moved.`);
    }
  });
  const seen = new Map<string, ColumnRow>();
  const all = new Set(next.map((row) => row.dbName));
  for (const row of next) {
    for (const dbName of columnsRead(row.ruleSets, all)) {
      if (seen.has(dbName)) continue;
      const referenced = next.find((other) => other.dbName === dbName);
      if (!referenced) continue;
      throw refused(
        ClusterErrorType.invalidFieldReference,
        cantMoveColumnMessage(row.name, referenced.name),
        {
          column: { id: row.id, name: row.name },
          referenced_column: { id: referenced.id, name: referenced.name },
        },
      );
    }
    seen.set(row.dbName, row);
  }
}
