/** The report editor (issue 32): edit mode's draft with undo and redo, and its page (loaded on demand). */
import { onDemand } from '../../../shared/ui/onDemand';

export { useReportEditor, type ReportEditor } from './hooks/useReportEditor';
export const EditorSurface = onDemand(() =>
  import('./components/EditorSurface').then((m) => m.EditorSurface),
);
