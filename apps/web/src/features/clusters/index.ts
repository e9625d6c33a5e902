/** The clusters area, as the route table uses it. */
export { ClustersIndexRedirect } from './components/list/ClustersIndexRedirect';
export { ClusterListPage } from './components/list/ClusterListPage';
export { ColumnEditorPage } from './components/editor/ColumnEditorPage';
export { WordGroupsPage } from './components/word-groups/WordGroupsPage';
