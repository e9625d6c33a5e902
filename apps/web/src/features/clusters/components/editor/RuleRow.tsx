import { ActionIcon, NativeSelect, TextInput } from '@mantine/core';
import {
  clusterOperatorLabels,
  type ClusterField,
  type ClusterOperator,
  type WordGroup,
} from '@maya/contracts';
import { IconX } from '../../../../shared/ui/icons';
import { clustersMessages as text } from '../../messages';
import { changeField, changeOperator, isWordGroupOperator, type EditorRule } from '../../model/rules';
import classes from './RuleSetCard.module.css';

type RuleRowProps = {
  rule: EditorRule;
  index: number;
  fields: readonly ClusterField[];
  wordGroups: readonly WordGroup[];
  error: string | null;
  readOnly: boolean;
  onChange: (rule: EditorRule) => void;
  onDelete: () => void;
};

/** The fields a rule may read: the category's, then the cluster columns before this one. */
function fieldOptions(fields: readonly ClusterField[]) {
  const own = fields.filter((field) => field.column_id === null);
  const clusters = fields.filter((field) => field.column_id !== null);
  const options = (list: ClusterField[]) => list.map((field) => ({ value: field.id, label: field.name }));
  return clusters.length === 0
    ? options(own)
    : [
        { group: 'Fields', items: options(own) },
        { group: 'Clusters', items: options(clusters) },
      ];
}

/**
 * One rule: and/or from the second rule on, the field, the operator the field allows, and the
 * value (text, a number for numeric fields, a word group, or nothing for 'is empty').
 */
export function RuleRow({
  rule,
  index,
  fields,
  wordGroups,
  error,
  readOnly,
  onChange,
  onDelete,
}: RuleRowProps) {
  const field = fields.find((candidate) => candidate.id === rule.field);
  const operators = field?.operators ?? [{ key: rule.operator, value: clusterOperatorLabels[rule.operator] }];
  const groupIds = wordGroups.map((group) => group.id);
  const position = `rule ${index + 1}`;

  let value;
  if (rule.operator === 'is_empty') {
    value = <div className={classes.value} />;
  } else if (isWordGroupOperator(rule.operator)) {
    value = (
      <NativeSelect
        className={classes.value}
        aria-label={`${text.value}, ${position}`}
        data={
          wordGroups.length === 0
            ? [{ value: '', label: text.noWordGroups }]
            : wordGroups.map((group) => ({ value: group.id, label: group.name }))
        }
        value={rule.value}
        disabled={readOnly || wordGroups.length === 0}
        error={error}
        onChange={(event) => onChange({ ...rule, value: event.currentTarget.value })}
      />
    );
  } else {
    value = (
      <TextInput
        className={classes.value}
        aria-label={`${text.value}, ${position}`}
        placeholder={text.value}
        inputMode={field !== undefined && field.type !== 'other' ? 'decimal' : undefined}
        value={rule.value}
        readOnly={readOnly}
        error={error}
        onChange={(event) => onChange({ ...rule, value: event.currentTarget.value })}
      />
    );
  }

  return (
    <div className={classes.rule}>
      <div className={classes.condition}>
        {index === 0 ? (
          <span className={classes.when}>{text.when}</span>
        ) : (
          <NativeSelect
            aria-label={`${text.condition}, ${position}`}
            data={[
              { value: 'and', label: text.and },
              { value: 'or', label: text.or },
            ]}
            value={rule.condition ?? 'and'}
            disabled={readOnly}
            onChange={(event) =>
              onChange({ ...rule, condition: event.currentTarget.value === 'or' ? 'or' : 'and' })
            }
          />
        )}
      </div>
      <NativeSelect
        className={classes.field}
        aria-label={`${text.field}, ${position}`}
        data={fieldOptions(fields)}
        value={rule.field}
        disabled={readOnly}
        onChange={(event) =>
          onChange(
            changeField(
              rule,
              fields.find((candidate) => candidate.id === event.currentTarget.value),
              groupIds,
            ),
          )
        }
      />
      <NativeSelect
        className={classes.operator}
        aria-label={`${text.operator}, ${position}`}
        data={operators.map((option) => ({ value: option.key, label: option.value }))}
        value={rule.operator}
        disabled={readOnly}
        onChange={(event) =>
          onChange(changeOperator(rule, event.currentTarget.value as ClusterOperator, groupIds))
        }
      />
      {value}
      {!readOnly && (
        <ActionIcon
          variant="subtle"
          color="gray"
          className={classes.remove}
          aria-label={`${text.deleteRule} ${index + 1}`}
          onClick={onDelete}
        >
          <IconX size={16} />
        </ActionIcon>
      )}
    </div>
  );
}
