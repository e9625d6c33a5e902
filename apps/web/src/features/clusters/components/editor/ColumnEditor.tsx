import { ActionIcon, Alert, Box, Button, Group, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  modelling,
  type ClusterCategory,
  type ClusterCategoryResponse,
  type ClusterColumn,
  type WordGroup,
} from '@maya/contracts';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../../shared/api/ApiError';
import { IconAlert, IconArrowLeft, IconCheck } from '../../../../shared/ui/icons';
import type { ColumnDraft } from '../../api/clustering';
import { useSaveColumn } from '../../hooks/useColumnMutations';
import { useLeaveGuard } from '../../../../shared/hooks/useLeaveGuard';
import { clustersMessages as text, saveFailedMessage } from '../../messages';
import { newRuleSet, toEditorRuleSets, toRuleSets, type ColumnFormValues } from '../../model/rules';
import { columnValidator } from '../../model/validation';
import { clustersTabPath } from '../../navigation';
import { showToast } from '../../../../shared/ui/toast';
import { LeaveConfirm } from '../../../../shared/ui/LeaveConfirm';
import { PreviewPanel } from '../preview/PreviewPanel';
import { RuleSetList } from './RuleSetList';
import classes from './ColumnEditor.module.css';

type ColumnEditorProps = {
  organizationId: string;
  slug: string;
  category: ClusterCategory;
  columnId: string;
  /** Null for a column not saved yet. */
  column: ClusterColumn | null;
  list: ClusterCategoryResponse;
  wordGroups: WordGroup[];
  /** A demo organization's clusters are shown, not edited (decision 289). */
  readOnly: boolean;
};

const draftOf = (id: string, values: ColumnFormValues): ColumnDraft => ({
  id,
  name: values.name.trim(),
  values: toRuleSets(values.values),
});

/** A 422's issues at the inputs they name (`['body', 'values', 0, 'rules', 1, 'value']`). */
function issueErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.issues === null) return {};
  return Object.fromEntries(
    error.issues.map((issue) => [issue.loc.filter((part) => part !== 'body').join('.'), issue.msg]),
  );
}

/**
 * The editor: back arrow, name, rule sets and Save, beside the collapsible preview. 'Saved' while
 * nothing changed since the last save, 'Save' after any edit; leaving with changes asks first
 * (spec 001 §4, §5).
 */
export function ColumnEditor({
  organizationId,
  slug,
  category,
  columnId,
  column,
  list,
  wordGroups,
  readOnly,
}: ColumnEditorProps) {
  const fields = column?.fields ?? list.fields;
  const validate = useMemo(
    () =>
      columnValidator(
        column?.fields ?? list.fields,
        list.columns.filter((other) => other.id !== columnId).map((other) => other.name),
      ),
    [column, list, columnId],
  );
  const form = useForm<ColumnFormValues>({
    mode: 'controlled',
    initialValues: {
      name: column?.name ?? '',
      values:
        column === null
          ? [
              newRuleSet(
                fields,
                wordGroups.map((group) => group.id),
              ),
            ]
          : toEditorRuleSets(column.values),
    },
    validate,
  });
  const save = useSaveColumn(organizationId, category);
  const [exists, setExists] = useState(column !== null);
  const [dirty, setDirty] = useState(false);
  const edits = useRef(0);
  const [snapshot, setSnapshot] = useState<ColumnDraft>(() => draftOf(columnId, form.getValues()));
  const [stale, setStale] = useState(false);
  const blocker = useLeaveGuard(dirty);
  const fixed = column?.is_fixed ?? false;

  const edit = (next: Partial<ColumnFormValues>) => {
    form.setValues(next);
    form.validate();
    edits.current += 1;
    setDirty(true);
    setStale(true);
  };

  const onSave = () => {
    if (form.validate().hasErrors) return;
    const draft = draftOf(columnId, form.getValues());
    const at = edits.current;
    const done = () => {
      setExists(true);
      if (edits.current === at) setDirty(false);
      setSnapshot(draft);
      setStale(edits.current !== at);
    };
    save.mutate(draft, {
      onSuccess: done,
      onError: (error) => {
        // spec 001 §4: an error whose detail says it was saved counts as saved.
        if (isApiError(error) && error.detail?.saved === true) done();
        form.setErrors({ ...form.errors, ...issueErrors(error) });
        showToast('error', saveFailedMessage(error), { durationMs: modelling.toastMs });
      },
    });
  };

  const clean = exists && !dirty;
  const hasErrors = Object.keys(form.errors).length > 0;
  return (
    <Box p={{ base: 'md', sm: 'xl' }} className={classes.page}>
      <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.header}>
        <Tooltip label={text.back}>
          <ActionIcon
            component={Link}
            to={clustersTabPath(slug, category)}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={text.back}
            mt={4}
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
        </Tooltip>
        <TextInput
          className={classes.name}
          aria-label={text.name}
          placeholder={text.name}
          size="md"
          readOnly={fixed || readOnly}
          description={fixed ? text.fixedName : undefined}
          {...form.getInputProps('name')}
          onChange={(event) => edit({ name: event.currentTarget.value })}
        />
        {!readOnly && (
          <Button
            size="md"
            onClick={onSave}
            loading={save.isPending}
            disabled={clean || hasErrors}
            leftSection={clean ? <IconCheck size={16} /> : undefined}
            variant={clean ? 'light' : 'filled'}
            className={classes.save}
          >
            {clean ? text.saved : text.save}
          </Button>
        )}
      </Group>
      {hasErrors && (
        <Alert color="red" variant="light" icon={<IconAlert size={18} />} mb="md" role="alert">
          {text.fixRuleErrors}
        </Alert>
      )}
      <div className={classes.columns}>
        <section className={classes.rules} aria-label={text.ruleSets}>
          <Group justify="space-between" mb="xs">
            <span className={classes.sectionTitle}>{text.ruleSets}</span>
          </Group>
          <p className={classes.hint}>{text.ruleSetsHint}</p>
          <RuleSetList
            ruleSets={form.values.values}
            fields={fields}
            wordGroups={wordGroups}
            errors={form.errors}
            readOnly={readOnly}
            onChange={(values) => edit({ values })}
          />
        </section>
        <PreviewPanel
          organizationId={organizationId}
          category={category}
          snapshot={snapshot}
          stale={stale}
          onRefresh={() => {
            setSnapshot(draftOf(columnId, form.getValues()));
            setStale(false);
          }}
        />
      </div>
      <LeaveConfirm blocker={blocker} />
    </Box>
  );
}
