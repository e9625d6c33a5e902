import type { Module } from '../module';
import type { McpDeps } from './context';
import { mcpRoutes } from './routes';

export type { McpCaller, McpDeps } from './context';

/**
 * The MCP server (issue 28): an AI assistant authorized through organization-select and
 * dataset-select (assistant-auth's OAuth) lists the dataset's tables and semantic model, runs
 * report queries through the report engine and read-only SQL, and reads and saves bookmarks.
 */
export function createMcpModule(deps: McpDeps) {
  const module: Module = {
    name: 'mcp',
    routes: (api) => mcpRoutes(api, deps),
  };
  return { module };
}
