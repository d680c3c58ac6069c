import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginLingui from 'eslint-plugin-lingui';
import globals from 'globals';

const uiNames =
  '^(className|classNames|to|href|type|variant|size|color|c|bg|fw|fz|ta|ff|lh|td|tt|key|id|name|mode|autoComplete|inputMode|pattern|justify|align|wrap|gap|p|px|py|pt|pb|pl|pr|m|mx|my|mt|mb|ml|mr|w|h|miw|maw|mih|mah|radius|shadow|position|component|target|rel|role|testId|layout|orientation|display|visibleFrom|hiddenFrom|src|method|accept|dir|lang|form|htmlFor|loading|decoding|direction|breakpoint|transition|placement|withinPortal|leftSection|rightSectionWidth|dataKey|locale|format|valueFormat|currency|status|kind|state|code|field|path|from|search|hash|params|icon|iconPosition|autoFocus|tabIndex|step|min|max|inputProps|style|styles|sx|order|span|cols|spacing|verticalSpacing|headerHeight|navbar|header|footer|aside|value|defaultValue|event|eventName|storageKey|queryKey|key|label[A-Z].*)$';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      'locales/*.ts',
      'src/routeTree.gen.ts',
      'server/db/migrations/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/server/**', '**/sw/**'],
              message: 'domain imports nothing of ours.',
            },
            {
              group: ['node:*', 'react', 'react-dom', 'dexie'],
              message: 'domain is pure: no I/O, no React.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, lingui: pluginLingui },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-expression-in-message': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'Nothing imports server.' }],
        },
      ],
    },
  },
  {
    // Untranslated UI text is an error. The lists below name what is not text for people:
    // props, attributes and call arguments that carry identifiers, paths, keys or CSS values.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    // The build's plugins (page preloads, Mantine's ids) write HTML and code, not text anyone
    // reads.
    ignores: [
      'src/db/**',
      'src/stores/**',
      'src/routeTree.gen.ts',
      'src/vite-env.d.ts',
      'src/app/page-preloads.ts',
      'src/app/stable-mantine-ids.ts',
      'src/app/signed-in-apart.ts',
    ],
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // no letters, or one lower-case token: keys, paths, CSS values, MIME types, ids
            '^[^A-Za-z]*$',
            '^[a-z0-9_.:/#?=&%@+\\-\\[\\]()*,;!~]+$',
            // CONSTANT_NAMES, HTTP header names, and dotted or camelCase keys
            '^[A-Z0-9_]+$',
            '^[A-Z][a-z]+(-[A-Z][a-z]+)+$',
            '^[a-z]+([A-Z][a-z0-9]*)+$',
            '^var\\(--[a-z0-9-]+\\)$',
            // Dexie compound indexes and keyed strings built in code
            '^\\[[A-Za-z]+(\\+[A-Za-z]+)+\\]$',
            '^[a-z]+([A-Z][a-z0-9]*)*[:=]$',
            '^Bearer\\b',
            // language tags and IANA time zones
            '^[a-z]{2}(-[A-Z]{2})?$',
            '^[A-Z][a-z]+/[A-Za-z_]+$',
            // names that are the same in every language
            '^(Tsh|TRA|TIN|VRN|VFD|EFD|USSD|QR|Risiti|Kiswahili|English|PDF|CSV|Excel)$',
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'TypeError',
            'DOMException',
            'URL',
            'URLSearchParams',
            'Headers',
            'Request',
            'Response',
            'localStorage.*',
            'sessionStorage.*',
            'navigate',
            'redirect',
            'createFileRoute',
            'createLazyFileRoute',
            'getRouteApi',
            'useNavigate',
            'useSearch',
            'document.*',
            'window.*',
            'new Intl.*',
            'Intl.*',
            '*.startsWith',
            '*.endsWith',
            '*.includes',
            '*.split',
            '*.join',
            '*.replace',
            '*.get',
            '*.set',
            '*.delete',
            '*.has',
            '*.addEventListener',
            '*.removeEventListener',
            '*.postMessage',
            '*.subscribe',
            '*.request',
            '*.getInputProps',
            '*.setFieldValue',
            '*.setFieldError',
            '*.isDirty',
            '*.where',
            '*.equals',
            'api.*',
            'publicApi.*',
            'ky.*',
          ],
          ignoreNames: [
            { regex: { pattern: uiNames } },
            { regex: { pattern: '^(fontFamily|primaryColor|cursorType|defaultRadius)$' } },
            { regex: { pattern: '^(authorization|headers)$' } },
            { regex: { pattern: '^(aria-(describedby|labelledby|controls|live)|data-[a-z-]+)$' } },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/db/**', 'src/stores/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dexie', message: 'Write through the repositories in src/db.' },
            { name: 'zustand', message: 'State stores live in src/stores.' },
          ],
          patterns: [{ group: ['**/server/**'], message: 'Nothing imports server.' }],
        },
      ],
    },
  },
  {
    files: ['tests/**', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
