import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { ClusterField, WordGroup } from '@maya/contracts';
import {
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconPlus,
  IconTrash,
} from '../../../../shared/ui/icons';
import { clustersMessages as text } from '../../messages';
import { addRule, deleteRule, type EditorRuleSet } from '../../model/rules';
import { DragHandleButton } from '../common/Sortable';
import { RuleRow } from './RuleRow';
import classes from './RuleSetCard.module.css';

type RuleSetCardProps = {
  set: EditorRuleSet;
  index: number;
  fields: readonly ClusterField[];
  wordGroups: readonly WordGroup[];
  /** Errors of its rules' values by rule index. */
  errors: Record<number, string>;
  collapsed: boolean;
  draggable: boolean;
  readOnly: boolean;
  onChange: (set: EditorRuleSet) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onToggle: () => void;
};

/** A rule set: the "then" value rows get when its rules hold, and the rules (spec 001 §3, §4). */
export function RuleSetCard(props: RuleSetCardProps) {
  const { set, index, fields, wordGroups, errors, collapsed, draggable, readOnly, onChange } = props;
  const label = set.name.trim() === '' ? `${text.untitledRuleSet} ${index + 1}` : set.name;
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Paper withBorder radius="md" className={classes.card} data-error={hasErrors || undefined}>
      <Group gap="xs" wrap="nowrap" className={classes.header}>
        {draggable && <DragHandleButton label={`${text.dragRuleSet} ${label}`} />}
        <Text size="sm" fw={700} c="dimmed" w={20} ta="center" aria-hidden="true">
          {index + 1}
        </Text>
        <Text size="xs" fw={700} tt="uppercase" c="indigo.7" className={classes.then}>
          {text.then}
        </Text>
        <TextInput
          className={classes.name}
          aria-label={`${text.then}, rule set ${index + 1}`}
          placeholder={text.thenPlaceholder}
          value={set.name}
          readOnly={readOnly}
          onChange={(event) => onChange({ ...set, name: event.currentTarget.value })}
        />
        {collapsed && (
          <Badge variant="light" color={hasErrors ? 'red' : 'gray'} className={classes.count}>
            {text.ruleCount(set.rules.length)}
          </Badge>
        )}
        <Group gap={2} wrap="nowrap">
          <Tooltip label={collapsed ? text.expand : text.collapse}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`${collapsed ? text.expand : text.collapse} ${label}`}
              aria-expanded={!collapsed}
              onClick={props.onToggle}
            >
              {collapsed ? <IconChevronRight size={18} /> : <IconChevronDown size={18} />}
            </ActionIcon>
          </Tooltip>
          {!readOnly && (
            <>
              <Tooltip label={text.duplicateRuleSet}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`${text.duplicateRuleSet} ${label}`}
                  onClick={props.onDuplicate}
                >
                  <IconCopy size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={text.deleteRuleSet}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${text.deleteRuleSet} ${label}`}
                  onClick={props.onDelete}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Group>
      {!collapsed && (
        <Stack gap="xs" className={classes.body}>
          {set.rules.length === 0 && (
            <Text size="sm" c="dimmed">
              {text.noRules}
            </Text>
          )}
          {set.rules.map((rule, ruleIndex) => (
            <RuleRow
              key={rule.uuid}
              rule={rule}
              index={ruleIndex}
              fields={fields}
              wordGroups={wordGroups}
              error={errors[ruleIndex] ?? null}
              readOnly={readOnly}
              onChange={(next) =>
                onChange({ ...set, rules: set.rules.map((r, i) => (i === ruleIndex ? next : r)) })
              }
              onDelete={() => onChange({ ...set, rules: deleteRule(set.rules, ruleIndex) })}
            />
          ))}
          {!readOnly && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              className={classes.addRule}
              onClick={() =>
                onChange({
                  ...set,
                  rules: addRule(
                    set.rules,
                    fields,
                    wordGroups.map((group) => group.id),
                  ),
                })
              }
            >
              {text.addRule}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
