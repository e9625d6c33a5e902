export { CompetitorsPage } from './components/CompetitorsPage';
export { CompetitorEditorPage } from './components/CompetitorEditorPage';
