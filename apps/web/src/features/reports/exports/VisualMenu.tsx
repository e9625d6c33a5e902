import { exportFileName, type Visual } from '@maya/contracts';
import { Loader, Menu } from '@mantine/core';
import { useState } from 'react';
import { IconDownload } from '../../../shared/ui/icons';
import type { OnDemandMenuProps } from '../../../shared/ui/MenuOnDemand';
import { useReportView } from '../../../shared/report-view';
import { useDashboard } from '../hooks/useDashboard';
import { reportLabel } from '../model/names';
import { adHocOf, sortOf } from '../model/state';
import { exportVisualCsv } from './api';
import { download } from './files';
import { exportMessages as text } from './messages';

type VisualMenuProps = OnDemandMenuProps & { visual: Visual };

/**
 * A visual's "more" menu: Export as CSV, the rows under the filters on screen (loaded on demand).
 */
export function VisualMenu({ target, defaultOpened, visual }: VisualMenuProps) {
  const { slug, state, filters, document } = useDashboard();
  const { organizationId } = useReportView();
  const [busy, setBusy] = useState(false);
  const adhoc = adHocOf(state);

  const exportCsv = async () => {
    setBusy(true);
    const request = {
      report: slug,
      page: state.page,
      visual_id: visual.id,
      filters,
      date_range: null,
      sort: sortOf(state, visual.id),
      ...(adhoc?.id === visual.id ? { visual: adhoc } : {}),
    };
    const name = exportFileName(reportLabel(document.name), visual.title ?? visual.id);
    await download(() => exportVisualCsv(organizationId, request), `${name}.csv`);
    setBusy(false);
  };

  return (
    <Menu position="bottom-end" shadow="md" width={200} defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          data-autofocus
          leftSection={busy ? <Loader size={14} aria-hidden /> : <IconDownload size={16} />}
          onClick={() => void exportCsv()}
        >
          {text.exportCsv}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
