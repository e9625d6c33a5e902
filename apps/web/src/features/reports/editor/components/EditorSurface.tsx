import type { ReportPage } from '@maya/contracts';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLeaveGuard } from '../../../../shared/hooks/useLeaveGuard';
import { LeaveConfirm } from '../../../../shared/ui/LeaveConfirm';
import type { ReportEditor } from '../hooks/useReportEditor';
import { EditableGrid } from './EditableGrid';
import { EditorBar } from './EditorBar';

type EditorSurfaceProps = {
  editor: ReportEditor;
  page: ReportPage | null;
  onPage: (name: string) => void;
  /** What the page shows above its visuals (the AI Builder's ad-hoc visual). */
  above?: ReactNode;
};

/**
 * Edit mode's page (issue 32): the editor's toolbar and panels, then the page's visuals on the
 * grid they are moved and resized on. A chunk of its own: only editors download it. Leaving it
 * with unsaved changes (Done editing, another page of the app, the browser's back button or
 * closing the tab) asks first, as the cluster editors do; another page of the report does not.
 */
export function EditorSurface({ editor, page, onPage, above }: EditorSurfaceProps) {
  const blocker = useLeaveGuard(editor.dirty);
  return (
    <Stack gap="md">
      <LeaveConfirm blocker={blocker} />
      <EditorBar editor={editor} page={page} onPage={onPage} />
      {above}
      {page !== null && <EditableGrid editor={editor} page={page} />}
    </Stack>
  );
}
