import {
  clusterMessages,
  wordGroupDefaultName,
  WordGroupInputSchema,
  type WordGroup,
  type WordGroupInput,
} from '@maya/contracts';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod/mini';

/** A word group as the screen holds it; `isNew` until it was saved once. */
export type EditableWordGroup = WordGroup & { isNew: boolean };

const key = (term: string) => term.trim().toLowerCase();

/** spec 001 §5: pasted text split on newlines and tabs, trimmed, blanks dropped, duplicates once. */
export function splitTerms(text: string): string[] {
  return addTerms([], text.split(/[\r\n\t]+/));
}

/** The terms with the new ones added after them, each term once (case-insensitive), blanks dropped. */
export function addTerms(terms: readonly string[], incoming: readonly string[]): string[] {
  const seen = new Set(terms.map(key));
  const next = [...terms];
  for (const raw of incoming) {
    const term = raw.trim();
    if (term === '' || seen.has(key(term))) continue;
    seen.add(key(term));
    next.push(term);
  }
  return next;
}

export function hasTerm(terms: readonly string[], term: string): boolean {
  return terms.some((known) => key(known) === key(term));
}

/** spec 001 §5: 'Duplicate Name' for every group whose name another has (case-insensitive). */
export function nameErrors(groups: readonly Pick<WordGroup, 'id' | 'name'>[]): Record<string, string> {
  const counts = new Map<string, number>();
  for (const group of groups) {
    if (key(group.name) !== '') counts.set(key(group.name), (counts.get(key(group.name)) ?? 0) + 1);
  }
  const errors: Record<string, string> = {};
  for (const group of groups) {
    if ((counts.get(key(group.name)) ?? 0) > 1) errors[group.id] = clusterMessages.duplicateWordGroupName;
  }
  return errors;
}

/**
 * The name a group without one is saved under (spec 001 §5): 'Word group #n', n its place in the
 * list, moved on past names the other groups have.
 */
export function defaultNames(groups: readonly Pick<WordGroup, 'id' | 'name'>[]): Map<string, string> {
  const taken = new Set(groups.map((group) => key(group.name)).filter((name) => name !== ''));
  const names = new Map<string, string>();
  groups.forEach((group, index) => {
    if (key(group.name) !== '') return;
    let n = index + 1;
    while (taken.has(key(wordGroupDefaultName(n)))) n += 1;
    taken.add(key(wordGroupDefaultName(n)));
    names.set(group.id, wordGroupDefaultName(n));
  });
  return names;
}

/** What PUT /clustering/wordgroups sends: empty names given their default. */
export function toWordGroupInputs(groups: readonly EditableWordGroup[]): WordGroupInput[] {
  const defaults = defaultNames(groups);
  return groups.map((group) => ({
    id: group.id,
    name: defaults.get(group.id) ?? group.name.trim(),
    terms: group.terms,
    excludeTerms: group.excludeTerms,
  }));
}

export function newWordGroup(): EditableWordGroup {
  return {
    id: crypto.randomUUID(),
    name: '',
    deletion_protection: false,
    has_references: false,
    terms: [],
    excludeTerms: [],
    isNew: true,
  };
}

/** The word groups form's rule (spec 001 §5): names unique case-insensitively, each error at its name. */
export function wordGroupsFormSchema() {
  return z.custom<WordGroupsFormValues>().check(
    z.superRefine(({ groups }, ctx) => {
      const errors = nameErrors(groups);
      groups.forEach((group, index) => {
        const message = errors[group.id];
        if (message !== undefined)
          ctx.addIssue({ code: 'custom', path: ['groups', index, 'name'], message, input: group.name });
        const name = WordGroupInputSchema.shape.name.safeParse(group.name);
        if (!name.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['groups', index, 'name'],
            message: name.error.issues[0]?.message ?? '',
            input: group.name,
          });
        }
      });
    }),
  );
}

export type WordGroupsFormValues = { groups: EditableWordGroup[] };

export const validateWordGroups: (values: WordGroupsFormValues) => FormErrors = zod4Resolver(
  wordGroupsFormSchema(),
  {
    errorPriority: 'first',
  },
);
