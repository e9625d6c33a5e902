import { useState } from 'react';
import { IconPlus } from '../../../../shared/ui/icons';
import { DialogFallback } from '../../../../shared/ui/OnDemandFallback';
import { onDemand, preloadOnIntent } from '../../../../shared/ui/onDemand';
import { useReportView } from '../../../../shared/report-view';
import { ToolbarButton } from '../../../../shared/report-view';
import { saveAsMessages as text } from './messages';

const SaveReportAsDialog = onDemand(
  () => import('./SaveReportAsDialog').then((m) => m.SaveReportAsDialog),
  <DialogFallback />,
);

/**
 * 'Save as' in edit mode (spec 002 §2, §4: edit mode needs access_level Edit): opens the report
 * save-as dialog for the view on screen. Nothing outside edit mode or in an embedded report.
 */
export function SaveReportAsButton() {
  const view = useReportView();
  const [open, setOpen] = useState(false);
  const { report } = view;
  if (view.mode !== 'edit' || view.readOnly || report === null || report.access_level !== 'Edit') return null;
  return (
    <>
      <ToolbarButton
        label={text.button}
        icon={<IconPlus size={16} />}
        onClick={() => setOpen(true)}
        {...preloadOnIntent(SaveReportAsDialog)}
      />
      {open && (
        <SaveReportAsDialog
          organizationId={view.organizationId}
          organizationSlug={view.organizationSlug}
          sourceSlug={report.slug}
          state={view.state}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
