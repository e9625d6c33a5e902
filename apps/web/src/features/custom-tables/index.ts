export { CustomTableEditPage, CustomTableSetupPage } from './components/CustomTablePage';
export { CustomTablesSection } from './components/CustomTablesSection';
