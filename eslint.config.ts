// ESLint for the TypeScript of the tooling and the tests (`npm run lint:code`): typescript-eslint's
// recommended rules, no disable comment that no longer disables anything, and no function over 60
// lines in scripts/, none of complexity over 15 in the contract and what it holds a description to.
// Import cycles are madge's (`npm run lint:cycles`, run by lint:code).
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
    // Small and legible: no function over 60 lines in the toolchain (blank lines and comments not counted).
    files: ['scripts/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The faithfulness contract stays easy to change: no function with more than 15 paths through it.
    files: ['scripts/lint/contract/**/*.ts', 'scripts/stated/**/*.ts'],
    rules: { complexity: ['error', 15] },
  },
  {
    // The command entries are CommonJS in the JavaScript subset of TypeScript, so that an older Node
    // can read them and say which Node to use (scripts/cli/main.ts): they load modules with require.
    files: ['scripts/cli/**/*.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
