import { encodeReportState, exportFileName, type PageExportFormat } from '@maya/contracts';
import { Loader } from '@mantine/core';
import { useState } from 'react';
import { IconChevronDown, IconDownload } from '../../../shared/ui/icons';
import { menuOnDemand } from '../../../shared/ui/MenuOnDemand';
import { DialogFallback } from '../../../shared/ui/OnDemandFallback';
import { onDemand } from '../../../shared/ui/onDemand';
import { ToolbarButton, useReportView } from '../../../shared/report-view';
import { reportLabel } from '../model/names';
import { exportPage } from './api';
import { download } from './files';
import { exportMessages as text } from './messages';
import type { SchedulableBookmark } from '../schedules/ScheduleDialog';

export const ExportMenuOnDemand = menuOnDemand(() => import('./ExportMenu').then((m) => m.ExportMenu));
const ScheduleDialog = onDemand(
  () => import('../schedules/ScheduleDialog').then((m) => m.ScheduleDialog),
  <DialogFallback />,
);

/**
 * 'Export' in the dashboard's toolbar (not in an embedded report): the page on screen drawn by the
 * server as PNG or PDF, and the schedules dialog that mails it or one of `bookmarks`.
 */
export function ExportMenuButton({ bookmarks = [] }: { bookmarks?: readonly SchedulableBookmark[] }) {
  const view = useReportView();
  const [busy, setBusy] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const { report, state, document } = view;
  if (view.readOnly || report === null || state === null || document === null) return null;

  const exportAs = async (format: PageExportFormat) => {
    setBusy(true);
    const page = document.pages.find((p) => p.name === state.page);
    const name = exportFileName(reportLabel(report.name), page?.display_name ?? state.page);
    const request = { page: state.page, state: encodeReportState(state), format };
    await download(() => exportPage(view.organizationId, report.slug, request), `${name}.${format}`);
    setBusy(false);
  };

  return (
    <>
      <ExportMenuOnDemand
        onExport={(format) => void exportAs(format)}
        onSchedule={() => setScheduling(true)}
        target={
          <ToolbarButton
            label={busy ? text.preparing : text.toolbar}
            icon={busy ? <Loader size={14} aria-hidden /> : <IconDownload size={16} />}
            rightSection={<IconChevronDown size={14} />}
            disabled={busy}
          />
        }
      />
      {scheduling && (
        <ScheduleDialog
          organizationId={view.organizationId}
          reportSlug={report.slug}
          defaultName={reportLabel(report.name)}
          state={encodeReportState(state)}
          canSendOutside={report.permission_level !== 'member' && !report.demo}
          bookmarks={bookmarks}
          onClose={() => setScheduling(false)}
        />
      )}
    </>
  );
}
