import { Button, Paper, Stack, Text } from '@mantine/core';
import type { ClusterField, WordGroup } from '@maya/contracts';
import { useState } from 'react';
import { IconPlus } from '../../../../shared/ui/icons';
import { clustersMessages as text } from '../../messages';
import { readCollapsed, writeCollapsed } from '../../model/collapsed';
import { duplicateRuleSet, move, newRuleSet, type EditorRuleSet } from '../../model/rules';
import { SortableItem, SortableList } from '../common/Sortable';
import { RuleSetCard } from './RuleSetCard';

type RuleSetListProps = {
  ruleSets: EditorRuleSet[];
  fields: readonly ClusterField[];
  wordGroups: readonly WordGroup[];
  /** The form's errors by path (`values.0.rules.1.value`). */
  errors: Record<string, unknown>;
  readOnly: boolean;
  onChange: (ruleSets: EditorRuleSet[]) => void;
};

function ruleErrors(errors: Record<string, unknown>, setIndex: number): Record<number, string> {
  const prefix = `values.${setIndex}.rules.`;
  const found: Record<number, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (!path.startsWith(prefix) || typeof message !== 'string') continue;
    const ruleIndex = Number(path.slice(prefix.length).split('.')[0]);
    if (Number.isInteger(ruleIndex)) found[ruleIndex] = message;
  }
  return found;
}

/** The column's rule sets in order: added, duplicated, deleted, dragged, collapsed (remembered). */
export function RuleSetList({ ruleSets, fields, wordGroups, errors, readOnly, onChange }: RuleSetListProps) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const groupIds = wordGroups.map((group) => group.id);
  const replace = (index: number, next: EditorRuleSet[]) =>
    onChange([...ruleSets.slice(0, index), ...next, ...ruleSets.slice(index + 1)]);

  return (
    <Stack gap="sm">
      {ruleSets.length === 0 && (
        <Paper withBorder radius="md" p="lg" bg="gray.0">
          <Text size="sm" c="dimmed" ta="center">
            {text.noRuleSets}
          </Text>
        </Paper>
      )}
      <SortableList
        ids={ruleSets.map((set) => set.id)}
        onMove={(from, to) => {
          if (!readOnly) onChange(move(ruleSets, from, to));
        }}
      >
        <Stack gap="sm" role="list" aria-label={text.ruleSets}>
          {ruleSets.map((set, index) => (
            <SortableItem key={set.id} id={set.id} disabled={readOnly}>
              {() => (
                <RuleSetCard
                  set={set}
                  index={index}
                  fields={fields}
                  wordGroups={wordGroups}
                  errors={ruleErrors(errors, index)}
                  collapsed={collapsed.has(set.id)}
                  draggable={!readOnly}
                  readOnly={readOnly}
                  onChange={(next) => replace(index, [next])}
                  onDuplicate={() => replace(index, [set, duplicateRuleSet(set)])}
                  onDelete={() => replace(index, [])}
                  onToggle={() => setCollapsed(writeCollapsed(set.id, !collapsed.has(set.id)))}
                />
              )}
            </SortableItem>
          ))}
        </Stack>
      </SortableList>
      {!readOnly && (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange([...ruleSets, newRuleSet(fields, groupIds)])}
        >
          {text.addRuleSet}
        </Button>
      )}
    </Stack>
  );
}
