export { SaveReportAsButton } from './SaveReportAsButton';
