// ESLint flat config for the whole monorepo (`npm run lint` runs `eslint . --max-warnings=0`).
// The style rules below are DESIGN.md's "Style" section made mechanical; see the comments on each.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const JS_FILES = ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx'];
const TEST_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.spec.ts',
  '**/*.spec.tsx',
  '**/test/**/*.ts',
  '**/test/**/*.tsx',
];
// Files whose tool loads them through a default export (Vite, Vitest, Drizzle Kit, Playwright, ...).
const FRAMEWORK_DEFAULT_EXPORT_FILES = [
  '**/*.config.ts',
  '**/*.config.mts',
  '**/*.config.js',
  '**/*.config.mjs',
];

/** DESIGN.md style 7: `type` unions instead of enums (const enums included). */
const NO_ENUMS = {
  selector: 'TSEnumDeclaration',
  message: 'Use a type union (DESIGN.md style 7)',
};
/** DESIGN.md style 7: named exports only. */
const NO_DEFAULT_EXPORTS = [
  {
    selector: 'ExportDefaultDeclaration',
    message: 'Use a named export (DESIGN.md style 7); default exports only where a framework requires one.',
  },
  {
    selector: 'ExportNamedDeclaration > ExportSpecifier[exported.name="default"]',
    message: 'Use a named export (DESIGN.md style 7); default exports only where a framework requires one.',
  },
];

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/.data/',
    '**/coverage/',
    'e2e/artifacts/',
    'bench/results/',
    'apps/server/drizzle/meta/**',
    // Generated code: checked for staleness by `npm run check:generated`, never edited by hand.
    '**/*.generated.*',
    '**/generated/**',
    '**/*.tsbuildinfo',
  ]),

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  // Every JS and TS file.
  {
    files: [...JS_FILES, ...TS_FILES],
    extends: [js.configs.recommended],
    rules: {
      'no-restricted-syntax': ['error', NO_ENUMS, ...NO_DEFAULT_EXPORTS],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      // DESIGN.md Style: files under about 400 lines, tests included. Every line counts, blank
      // lines and comments too (what `wc -l` says), so a file cannot grow by thinning its comments.
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },

  // TypeScript: type-aware rules through the project service (each workspace's tsconfig.json).
  {
    files: TS_FILES,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Loose .ts files that no workspace tsconfig.json includes (the root vitest.config.ts,
          // docs/vitest.config.ts) are type-checked against the base compiler options.
          allowDefaultProject: ['*.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // DESIGN.md style 7: exhaustive `switch` with an unreachable default. A `default` does not
      // excuse a missing union member; a switch over a non-union value must have a default.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        {
          allowDefaultCaseForExhaustiveSwitch: true,
          considerDefaultExhaustiveForUnions: false,
          requireDefaultForNonUnion: true,
        },
      ],
      // Pairs with `verbatimModuleSyntax` in tsconfig.base.json: type-only imports are `import type`.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports', disallowTypeAnnotations: true },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // No @ts-ignore / @ts-nocheck; @ts-expect-error only with a reason.
      '@typescript-eslint/ban-ts-comment': [
        'error',
        {
          'ts-ignore': true,
          'ts-nocheck': true,
          'ts-check': false,
          'ts-expect-error': 'allow-with-description',
          minimumDescriptionLength: 5,
        },
      ],
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      // Fastify plugins and handlers are `async` by convention even without an `await`; promise
      // misuse is covered by no-floating-promises, no-misused-promises and await-thenable.
      '@typescript-eslint/require-await': 'off',
      // `_`-prefixed names are intentionally unused, e.g. `const _exhaustive: never = value`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // Plain JavaScript (build/dev scripts, bench, this file): linted without type information.
  {
    files: JS_FILES,
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },

  // Tests: same rules, plus the conveniences assertions need.
  {
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `expect(service.method).toHaveBeenCalled()` is not a detached `this` call.
      '@typescript-eslint/unbound-method': 'off',
      // Tests read JSON answers (`response.json()` is `any`) and assert their shape directly.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },

  // Default exports where a framework loads them, and in ambient declarations (`declare module '*.svg'`).
  {
    files: [...FRAMEWORK_DEFAULT_EXPORT_FILES, '**/*.d.ts'],
    rules: {
      'no-restricted-syntax': ['error', NO_ENUMS],
    },
  },

  // Node.js code.
  {
    files: [
      'apps/server/**',
      'packages/analytics/**',
      'packages/connectors/**',
      'packages/warehouse/**',
      'scripts/**',
      'e2e/**',
      'bench/**',
      'docs/**',
      '**/*.mjs',
      '**/*.cjs',
      '*.js',
      ...FRAMEWORK_DEFAULT_EXPORT_FILES,
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  // The browser bundle.
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // One toast helper (issue 25): the app shows toasts through shared/ui/toast.ts's `showToast`.
    files: ['apps/web/src/**'],
    ignores: ['apps/web/src/shared/ui/toast.ts', 'apps/web/src/test/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/notifications',
              importNames: ['notifications'],
              message:
                "Show toasts with showToast from 'shared/ui/toast' (one kind, colour and duration rule).",
            },
          ],
        },
      ],
    },
  },
  {
    // Components (.tsx) and hooks kept in plain .ts files (features/<area>/hooks).
    files: ['apps/web/**/*.tsx', 'apps/web/src/**/*.ts'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // React ignores what an event handler returns, so `onClick={() => navigate('/')}` or an async
      // submit handler is fine; promises elsewhere are still checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
);
