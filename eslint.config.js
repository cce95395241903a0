// ESLint for the whole project: JavaScript's and TypeScript's recommended rules, the type-aware
// rules that catch a promise nobody awaits or handles, and React's rules of hooks for web/.
// The React Compiler's rules (react-hooks' "recommended" beyond these two) are left out: the
// client is not compiled with it, and its rules forbid patterns that are correct without it.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'test-artifacts/**', 'shared/api-types.ts', 'server/api/contract/client-types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      // The server's project and the browser's (web/, its tests and the browser-test harness).
      parserOptions: { project: ['./tsconfig.json', './web/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}', 'test/e2e/harness/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests read wire answers and SDK internals loosely; the code they test may not.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Build scripts and plain JavaScript belong to no TypeScript project: syntax rules only.
    files: ['**/*.{js,mjs,cjs}', 'scripts/**/*.ts', 'vite.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { parserOptions: { project: null } },
  },
);
