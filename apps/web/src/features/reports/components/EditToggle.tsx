import { ActionIcon, Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { IconCheck } from '../../../shared/ui/icons';
import { TooltipOnDemand } from '../../../shared/ui/TooltipOnDemand';
import { useNarrowScreen } from '../../../shared/hooks/useNarrowScreen';
import { reportMessages } from '../messages';
import type { ReportViewMode } from '../../../shared/report-view';
import { IconPencil } from './icons';

/**
 * Between view and edit mode (spec 002 §2 `dashboard/{reportSlug}/edit`), the view kept. On a
 * phone it is an icon, so the toolbar keeps to fewer lines.
 */
export function EditToggle({ mode, basePath }: { mode: ReportViewMode; basePath: string }) {
  const { search } = useLocation();
  const narrow = useNarrowScreen();
  const editing = mode === 'edit';
  const to = editing ? `${basePath}${search}` : `${basePath}/edit${search}`;
  const label = editing ? reportMessages.toolbar.doneEditing : reportMessages.toolbar.edit;
  const Icon = editing ? IconCheck : IconPencil;
  if (narrow) {
    return (
      <TooltipOnDemand label={label} withArrow>
        <ActionIcon component={Link} to={to} variant="default" size={36} aria-label={label}>
          <Icon size={16} />
        </ActionIcon>
      </TooltipOnDemand>
    );
  }
  return (
    <Button component={Link} to={to} variant="default" size="sm" leftSection={<Icon size={16} />}>
      {label}
    </Button>
  );
}
