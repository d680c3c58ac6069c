// A Swahili visitor's page loads only its parts of the catalog (src/i18n/catalog-parts.ts,
// scripts/split-catalog.mjs): every text of each sign-in and public page must be in them, or
// it would show in English. The sign-in pages come first, with nothing but what the router
// loads for them; the signed-in part is never loaded here.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../src/i18n/i18n';
import { renderApp } from './helpers/render-app';

const missing = new Set<string>();
i18n.on('missing', ({ id }) => missing.add(id));

const pages = [
  '/login',
  '/recover-password',
  '/otp-reset-password?verification=v',
  '/reset-password?verification=v',
  '/',
  '/help',
  '/help/FAQs',
  '/help/privacy-policy',
  '/help/license-agreement',
  '/contact-us',
  '/a-page-that-does-not-exist',
];

describe("a Swahili visitor's pages", () => {
  for (const path of pages) {
    it(`show ${path} in Swahili with the parts of the catalog the router loads`, async () => {
      missing.clear();
      await renderApp(path, 'sw', []);
      await screen.findAllByRole('heading', { level: 1 });
      expect([...missing]).toEqual([]);
    });
  }
});
