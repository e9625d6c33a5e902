import { createContext, useContext } from 'react';
import type { ReportSource } from '../api/source';

export const ReportSourceContext = createContext<ReportSource | null>(null);

/** The source the open dashboard reads through (the app session or an embed token). */
export function useReportSource(): ReportSource {
  const source = useContext(ReportSourceContext);
  if (source === null) throw new Error('useReportSource is used outside a dashboard');
  return source;
}
