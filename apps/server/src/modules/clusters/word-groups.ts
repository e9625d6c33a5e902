import type { WordGroup as DomainWordGroup } from '@maya/analytics';
import {
  clusterMessages,
  ClusterErrorType,
  ClusterIssueType,
  WORD_GROUP_OPERATORS,
  wordGroupDefaultName,
  type ClusterRuleSet,
  type SaveWordGroupsRequest,
  type ValidationIssue,
  type WordGroup,
} from '@maya/contracts';
import type { Transaction } from '../../platform/db/pool';
import { AppError, ValidationError } from '../../platform/errors';
import { wordGroupsRead } from './columns';
import { applySaved, inClusters, type ClustersDeps } from './deps';
import { clustersRepository as repository, nameKey, type ColumnRow, type WordGroupRow } from './repository';

export type WordGroupsService = ReturnType<typeof createWordGroupsService>;

export const domainWordGroups = (rows: readonly WordGroupRow[]): DomainWordGroup[] =>
  rows.map((row) => ({ id: row.id, name: row.name, terms: row.terms, excludeTerms: row.excludeTerms }));

/** Terms as stored: trimmed, blanks dropped, each once whatever its case (spec 001 §5 pasted keywords). */
export function cleanTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const term of terms.map((t) => t.trim())) {
    const key = term.toLowerCase();
    if (term === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(term);
  }
  return kept;
}

/** The rule sets without the rules that read any of `ids`; a new first rule loses its condition. */
export function withoutReferences(
  ruleSets: readonly ClusterRuleSet[],
  ids: ReadonlySet<string>,
): ClusterRuleSet[] {
  return ruleSets.map((set) => {
    const rules = set.rules.filter(
      (rule) => !(WORD_GROUP_OPERATORS.includes(rule.operator) && ids.has(rule.value)),
    );
    return {
      ...set,
      rules: rules.map((rule, index) => {
        if (index > 0) return rule;
        const { condition: _dropped, ...first } = rule;
        return first;
      }),
    };
  });
}

/**
 * Names as saved (spec 001 §5): an empty one becomes 'Word group #n' (n its place in the list,
 * the next free number when that name is taken); two equal names ignoring case are refused
 * ('Duplicate Name' on every one after the first).
 */
function namesOf(groups: SaveWordGroupsRequest['wordgroups']): string[] {
  const issues: ValidationIssue[] = [];
  const given = new Set(groups.map((g) => nameKey(g.name)).filter((key) => key !== ''));
  const seen = new Set<string>();
  const ids = new Set<string>();
  const names = groups.map((group, index) => {
    if (ids.has(group.id)) {
      issues.push({
        loc: ['body', 'wordgroups', index, 'id'],
        msg: 'The list names this word group twice',
        type: 'duplicate_id',
      });
    }
    ids.add(group.id);
    let name = group.name.trim();
    if (name === '') {
      for (let n = index + 1; ; n += 1) {
        name = wordGroupDefaultName(n);
        if (!given.has(nameKey(name)) && !seen.has(nameKey(name))) break;
      }
    } else if (seen.has(nameKey(name))) {
      issues.push({
        loc: ['body', 'wordgroups', index, 'name'],
        msg: clusterMessages.duplicateWordGroupName,
        type: ClusterIssueType.duplicateName,
      });
    }
    seen.add(nameKey(name));
    return name;
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return names;
}

/** spec 001 §2 clusters/word-groups, §5, §7 GET/PUT /clustering/wordgroups. */
export function createWordGroupsService(deps: ClustersDeps) {
  function present(rows: readonly WordGroupRow[], columns: readonly ColumnRow[]): WordGroup[] {
    const read = new Set(columns.flatMap((column) => [...wordGroupsRead(column.ruleSets)]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      deletion_protection: row.deletionProtection,
      has_references: read.has(row.id),
      terms: row.terms,
      excludeTerms: row.excludeTerms,
    }));
  }

  async function list(organizationId: string): Promise<WordGroup[]> {
    return inClusters(deps, organizationId, { write: false }, async (tx) =>
      present(
        await repository.wordGroups(tx, organizationId),
        await repository.columns(tx, organizationId, null),
      ),
    );
  }

  /** Deletes the rules that read the deleted groups; answers whether any column changed. */
  async function dropReferences(
    tx: Transaction,
    columns: readonly ColumnRow[],
    deleted: ReadonlySet<string>,
  ) {
    let changed = false;
    for (const column of columns) {
      if (![...wordGroupsRead(column.ruleSets)].some((id) => deleted.has(id))) continue;
      await repository.setRuleSets(tx, column.id, withoutReferences(column.ruleSets, deleted));
      changed = true;
    }
    return changed;
  }

  async function save(organizationId: string, request: SaveWordGroupsRequest): Promise<WordGroup[]> {
    const names = namesOf(request.wordgroups);
    const { answer, reapply } = await inClusters(deps, organizationId, { write: true }, async (tx) => {
      const existing = await repository.wordGroups(tx, organizationId);
      const columns = await repository.columns(tx, organizationId, null);
      const kept = new Set(request.wordgroups.map((group) => group.id));
      const removed = existing.filter((row) => !kept.has(row.id));
      const protectedOnes = removed.filter((row) => row.deletionProtection);
      if (protectedOnes.length > 0) {
        throw new AppError(422, ClusterErrorType.wordGroupProtected, {
          message: `${protectedOnes.map((row) => `'${row.name}'`).join(', ')} cannot be deleted.`,
          wordgroups: protectedOnes.map((row) => ({ id: row.id, name: row.name })),
        });
      }
      const read = new Set(columns.flatMap((column) => [...wordGroupsRead(column.ruleSets)]));
      const referenced = removed.filter((row) => read.has(row.id));
      if (referenced.length > 0 && request.delete_references !== true) {
        throw new AppError(409, ClusterErrorType.wordGroupReferenced, {
          message: clusterMessages.deleteReferencedWordGroup,
          wordgroups: referenced.map((row) => ({ id: row.id, name: row.name })),
        });
      }
      const protection = new Map(existing.map((row) => [row.id, row.deletionProtection]));
      await repository.replaceWordGroups(
        tx,
        organizationId,
        request.wordgroups.map((group, index) => ({
          organizationId,
          id: group.id,
          name: names[index] ?? group.name,
          nameKey: nameKey(names[index] ?? group.name),
          deletionProtection: protection.get(group.id) ?? false,
          position: index,
          terms: cleanTerms(group.terms),
          excludeTerms: cleanTerms(group.excludeTerms),
        })),
      );
      const droppedRules = await dropReferences(tx, columns, new Set(referenced.map((row) => row.id)));
      const after = await repository.columns(tx, organizationId, null);
      return {
        answer: present(await repository.wordGroups(tx, organizationId), after),
        // Terms only matter to the data through the rules that read them.
        reapply: droppedRules || read.size > 0,
      };
    });
    if (reapply) await applySaved(deps, organizationId, null);
    return answer;
  }

  return { list, save };
}
