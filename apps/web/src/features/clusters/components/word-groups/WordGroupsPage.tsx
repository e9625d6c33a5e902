import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modelling, WORD_GROUPS_TAB, type WordGroup } from '@maya/contracts';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { IconCheck, IconFileText, IconPlus } from '../../../../shared/ui/icons';
import { useCurrentOrganization } from '../../../organizations';
import { useWordGroups } from '../../hooks/useClusterQueries';
import { useLeaveGuard } from '../../../../shared/hooks/useLeaveGuard';
import { useSaveWordGroups } from '../../hooks/useSaveWordGroups';
import { clustersMessages as text, detailTypeOr, saveFailedMessage } from '../../messages';
import {
  defaultNames,
  newWordGroup,
  toWordGroupInputs,
  validateWordGroups,
  type EditableWordGroup,
  type WordGroupsFormValues,
} from '../../model/wordGroups';
import { showToast } from '../../../../shared/ui/toast';
import { ClustersLayout } from '../common/ClustersLayout';
import { LeaveConfirm } from '../../../../shared/ui/LeaveConfirm';
import { WordGroupCard } from './WordGroupCard';

/** /clusters/word-groups (spec 001 §2): the word groups editor, the last tab of the clusters pages. */
export function WordGroupsPage() {
  const organization = useCurrentOrganization();
  if (organization === null) return null;
  return (
    <WordGroupsLoader
      organizationId={organization.id}
      slug={organization.slug}
      readOnly={organization.is_demo}
    />
  );
}

function WordGroupsLoader({
  organizationId,
  slug,
  readOnly,
}: {
  organizationId: string;
  slug: string;
  readOnly: boolean;
}) {
  const groups = useWordGroups(organizationId);
  let content;
  if (groups.isError) {
    content = (
      <Alert color="red" variant="light" title={detailTypeOr(groups.error, text.wordGroupsLoadFailed)}>
        <Button size="xs" variant="white" color="red" onClick={() => void groups.refetch()}>
          {text.retry}
        </Button>
      </Alert>
    );
  } else if (groups.data === undefined) {
    content = (
      <Stack gap="sm" aria-label="Loading word groups">
        <Skeleton height={88} radius="md" />
        <Skeleton height={88} radius="md" />
      </Stack>
    );
  } else {
    return (
      <WordGroupsEditor
        organizationId={organizationId}
        slug={slug}
        initial={groups.data}
        readOnly={readOnly}
      />
    );
  }
  return (
    <ClustersLayout organizationId={organizationId} slug={slug} active={WORD_GROUPS_TAB}>
      {content}
    </ClustersLayout>
  );
}

const editable = (groups: WordGroup[]): EditableWordGroup[] =>
  groups.map((group) => ({ ...group, isNew: false }));

type EditorProps = { organizationId: string; slug: string; initial: WordGroup[]; readOnly: boolean };

/**
 * The groups, edited in place and saved together. New groups start in edit mode; a save shows
 * 'Saved' until the next change; names must be unique; deleting a group rules read asks first.
 */
function WordGroupsEditor({ organizationId, slug, initial, readOnly }: EditorProps) {
  const form = useForm<WordGroupsFormValues>({
    mode: 'controlled',
    initialValues: { groups: editable(initial) },
    validate: validateWordGroups,
  });
  const save = useSaveWordGroups(organizationId);
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState<EditableWordGroup | null>(null);
  const deletesReferenced = useRef(false);
  const edits = useRef(0);
  const blocker = useLeaveGuard(dirty);
  const groups = form.values.groups;
  const names = defaultNames(groups);

  const update = (next: EditableWordGroup[]) => {
    form.setValues({ groups: next });
    form.validate();
    edits.current += 1;
    setDirty(true);
  };
  const setEditingOf = (id: string, on: boolean) =>
    setEditing((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const removeGroup = (group: EditableWordGroup) => {
    if (group.has_references) deletesReferenced.current = true;
    update(groups.filter((candidate) => candidate.id !== group.id));
  };

  const onSave = () => {
    if (form.validate().hasErrors) return;
    const at = edits.current;
    save.mutate(
      { groups: toWordGroupInputs(groups), deleteReferences: deletesReferenced.current },
      {
        onSuccess: (saved) => {
          if (edits.current !== at) return;
          form.setValues({ groups: editable(saved) });
          deletesReferenced.current = false;
          setEditing(new Set());
          setDirty(false);
        },
        onError: (error) =>
          showToast('error', saveFailedMessage(error, text.wordGroupsSaveFailed), {
            durationMs: modelling.toastMs,
          }),
      },
    );
  };

  const hasErrors = Object.keys(form.errors).length > 0;
  const nameError = (index: number) => {
    const error = form.errors[`groups.${index}.name`];
    return typeof error === 'string' ? error : null;
  };
  const actions = (
    <Group gap="sm" wrap="nowrap">
      <Button
        variant="default"
        leftSection={<IconPlus size={16} />}
        onClick={() => {
          const group = newWordGroup();
          update([...groups, group]);
          setEditingOf(group.id, true);
        }}
      >
        {text.addWordGroup}
      </Button>
      <Button
        onClick={onSave}
        loading={save.isPending}
        disabled={!dirty || hasErrors}
        variant={dirty ? 'filled' : 'light'}
        leftSection={dirty ? undefined : <IconCheck size={16} />}
      >
        {dirty ? text.save : text.saved}
      </Button>
    </Group>
  );

  return (
    <ClustersLayout
      organizationId={organizationId}
      slug={slug}
      active={WORD_GROUPS_TAB}
      actions={readOnly ? undefined : actions}
    >
      <Stack gap="sm" maw={880}>
        {groups.length === 0 ? (
          <Paper withBorder py={56} px="lg" radius="lg">
            <EmptyState
              variant="light"
              icon={<IconFileText size={28} />}
              title={text.noWordGroupsTitle}
              description={text.noWordGroupsDescription}
            />
          </Paper>
        ) : (
          groups.map((group, index) => (
            <WordGroupCard
              key={group.id}
              group={group}
              defaultName={names.get(group.id) ?? `Word group #${index + 1}`}
              error={nameError(index)}
              editing={group.isNew || editing.has(group.id)}
              readOnly={readOnly}
              onEdit={(on) => {
                if (!on && group.isNew)
                  update(groups.map((g) => (g.id === group.id ? { ...g, isNew: false } : g)));
                setEditingOf(group.id, on);
              }}
              onChange={(next) => update(groups.map((g) => (g.id === group.id ? next : g)))}
              onDelete={() => (group.has_references ? setConfirming(group) : removeGroup(group))}
            />
          ))
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={text.deleteWordGroup(confirming === null ? '' : (names.get(confirming.id) ?? confirming.name))}
        message={text.deleteReferencedWordGroup}
        confirmLabel={text.delete}
        confirmColor="red"
        onConfirm={() => {
          if (confirming !== null) removeGroup(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
      <LeaveConfirm blocker={blocker} />
    </ClustersLayout>
  );
}
