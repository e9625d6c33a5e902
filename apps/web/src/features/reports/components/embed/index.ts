export { EmbedReportButton } from './EmbedReportButton';
