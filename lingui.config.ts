import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sw'],
  fallbackLocales: { default: 'en' },
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}',
      include: ['<rootDir>/domain', '<rootDir>/src', '<rootDir>/server', '<rootDir>/sw'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
});
