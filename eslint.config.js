import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Imports flow one way (STYLE.md rule 1): domain <- api, storage <- features <- app; server apart.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'data', '.test-data', 'bench-results', 'node_modules', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,cjs,mjs}', 'scripts/**', 'tests/**', 'src/server/**'],
    languageOptions: { globals: globals.node },
  },
  { files: ['src/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/domain/**'],
    rules: restrict([
      '**/api/**',
      '**/storage/**',
      '**/features/**',
      '**/app/**',
      '**/server/**',
      '**/components/**',
      'react',
      'react-dom',
    ]),
  },
  {
    files: ['src/api/**'],
    rules: restrict(['**/storage/**', '**/features/**', '**/app/**', '**/server/**', '**/components/**']),
  },
  {
    files: ['src/storage/**'],
    rules: restrict(['**/features/**', '**/app/**', '**/server/**', '**/components/**']),
  },
  { files: ['src/components/**'], rules: restrict(['**/features/**', '**/app/**', '**/server/**']) },
  { files: ['src/features/**'], rules: restrict(['**/app/**', '**/server/**']) },
  { files: ['src/app/**'], rules: restrict(['**/server/**']) },
  {
    files: ['src/server/**'],
    rules: restrict([
      '**/features/**',
      '**/app/**',
      '**/storage/**',
      '**/components/**',
      'react',
      'react-dom',
      '@mantine/*',
    ]),
  },
  {
    files: ['tests/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
