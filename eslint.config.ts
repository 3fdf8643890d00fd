// ESLint for the TypeScript of the tooling and the tests (`npm run lint:code`): typescript-eslint's
// recommended rules, and no disable comment that no longer disables anything.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['generated/', 'node_modules/', 'test-results/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The command entries are CommonJS in the JavaScript subset of TypeScript, so that an older Node
    // can read them and say which Node to use (scripts/cli/start.ts): they load modules with require.
    files: ['scripts/cli/**/*.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
