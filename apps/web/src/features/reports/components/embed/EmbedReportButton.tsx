import { encodeReportState } from '@maya/contracts';
import { useState } from 'react';
import { IconExternal } from '../../../../shared/ui/icons';
import { DialogFallback } from '../../../../shared/ui/OnDemandFallback';
import { onDemand, preloadOnIntent } from '../../../../shared/ui/onDemand';
import { reportLabel } from '../../model/names';
import { useReportView } from '../../../../shared/report-view';
import { ToolbarButton } from '../../../../shared/report-view';
import { embedMessages as text } from './messages';
import { useCreateEmbedToken } from './useCreateEmbedToken';

const EmbedReportDialog = onDemand(
  () => import('./EmbedReportDialog').then((m) => m.EmbedReportDialog),
  <DialogFallback />,
);

/**
 * 'Embed' (owners and admins; not in an embedded report): opens the report's embed links, where a
 * new one for the view on screen is made (nothing is made by opening it: a link may last for
 * ever) and older ones are revoked.
 */
export function EmbedReportButton() {
  const view = useReportView();
  const create = useCreateEmbedToken();
  const [open, setOpen] = useState(false);
  const { report } = view;
  if (view.readOnly || report === null || report.permission_level === 'member') return null;

  const makeToken = ({ expiresAt, allowFiltering }: { expiresAt: string | null; allowFiltering: boolean }) =>
    create.mutate({
      organizationId: view.organizationId,
      reportSlug: report.slug,
      state: view.state === null ? null : encodeReportState(view.state),
      expiresAt,
      allowFiltering,
    });

  return (
    <>
      <ToolbarButton
        label={text.button}
        icon={<IconExternal size={16} />}
        {...preloadOnIntent(EmbedReportDialog)}
        onClick={() => setOpen(true)}
      />
      {open && (
        <EmbedReportDialog
          organizationId={view.organizationId}
          reportSlug={report.slug}
          title={reportLabel(report.name)}
          document={view.document}
          created={create.data ?? null}
          pending={create.isPending}
          error={create.error}
          onCreate={makeToken}
          onClose={() => {
            setOpen(false);
            create.reset();
          }}
        />
      )}
    </>
  );
}
