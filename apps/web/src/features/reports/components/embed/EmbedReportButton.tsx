import { encodeReportState } from '@maya/contracts';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { IconExternal } from '../../../../shared/ui/icons';
import { DialogFallback } from '../../../../shared/ui/OnDemandFallback';
import { onDemand, preloadOnIntent } from '../../../../shared/ui/onDemand';
import { reportLabel } from '../../model/names';
import { useReportView } from '../../view/ReportViewContext';
import { embedMessages as text } from './messages';
import { useCreateEmbedToken } from './useCreateEmbedToken';

const EmbedReportDialog = onDemand(
  () => import('./EmbedReportDialog').then((m) => m.EmbedReportDialog),
  <DialogFallback />,
);

/**
 * 'Embed' (owners and admins; not in an embedded report): makes a signed, one-hour embed token for
 * the report under the view on screen and shows the iframe code to paste into another site.
 */
export function EmbedReportButton() {
  const view = useReportView();
  const create = useCreateEmbedToken();
  const [open, setOpen] = useState(false);
  const { report } = view;
  if (view.readOnly || report === null || report.permission_level === 'member') return null;

  const makeToken = () =>
    create.mutate({
      organizationId: view.organizationId,
      reportSlug: report.slug,
      state: view.state === null ? null : encodeReportState(view.state),
    });

  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconExternal size={16} />}
        {...preloadOnIntent(EmbedReportDialog)}
        onClick={() => {
          setOpen(true);
          makeToken();
        }}
      >
        {text.button}
      </Button>
      {open && (
        <EmbedReportDialog
          title={reportLabel(report.name)}
          token={create.data ?? null}
          pending={create.isPending}
          error={create.error}
          onNewLink={makeToken}
          onClose={() => {
            setOpen(false);
            create.reset();
          }}
        />
      )}
    </>
  );
}
