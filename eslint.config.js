import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'src/core/protocol/generated/',
      '**/*.generated.ts',
      'storybook-static/',
      'bench/.out/',
      'test/frameworks/.out/',
      'demos/*/dist/',
      'demos/vitepress/.vitepress/cache/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
  {
    // Chai assertions such as `expect(x).to.exist` are expressions by design.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // The core is DOM-free and environment-free: it must run in Node and in any browser page.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
          'location',
          'fetch',
          'process',
          'HTMLElement',
          'customElements',
        ].map((name) => ({
          name,
          message: 'src/core is DOM-free and environment-free (SPEC §3).',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['lit', 'lit/*', '@lit/*'], message: 'src/core must not import Lit.' },
            { group: ['node:*'], message: 'src/core must run in browsers too.' },
            {
              group: ['../elements/*', '../data/*'],
              message: 'src/core depends on nothing outside it.',
            },
          ],
        },
      ],
    },
  },
);
