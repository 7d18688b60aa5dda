// Lint: typescript-eslint with type-aware rules where promises matter, React hooks rules,
// and the import boundaries of the layout (protocol/ stays pure; web/ never reaches bridge/).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      // The one tsconfig that includes every TypeScript file, as one program: the project
      // service spent about 12 CPU-s more of the lint's 99 finding a project per file.
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Playwright fixtures must destructure their (unused) dependencies: `async ({}, use) =>`.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'protocol/ is isomorphic: no node: imports' },
            { group: ['react', 'react-dom', 'react/*'], message: 'protocol/ has no React' },
            { group: ['**/bridge/**', '**/web/**', '**/demo/**'], message: 'protocol/ depends on nothing in the repo' },
          ],
          paths: ['fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net', 'buffer', 'express', 'ws'],
        },
      ],
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'web/ runs in the browser' },
            { group: ['**/bridge/**', '**/demo/**'], message: 'web/ talks to the bridge over the socket only' },
          ],
        },
      ],
    },
  },
);
