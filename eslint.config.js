// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@microsoft/fetch-event-source',
              message: 'Only src/lib/sse may import the SSE library (the tests’ reference reader).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/sse/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: [
      'server/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.{ts,js,mjs}',
      'scripts/**/*.{js,mjs,ts}',
      '*.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // scripts the benchmark injects into pages
    files: ['bench/page/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The interaction observer injected into session pages (interaction-script.ts): a classic
    // script in the page's browser, whose empty catch blocks are deliberate (the page must never
    // see an error of ours).
    files: ['server/reference/browser/in-page/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
    rules: { 'no-empty': ['error', { allowEmptyCatch: true }] },
  },
  {
    // Playwright fixtures that need no other fixture are declared with an empty pattern.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
);
