// What the landing page and the FAQ point a visitor to opens for a visitor: no sign-in page
// where a page promises an explanation, and a link where they name another page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from './helpers/fetch';
import { renderApp } from './helpers/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the public pages' promises", () => {
  it('explain USSD to a visitor from the landing page', async () => {
    stubServer({});
    const { router } = await renderApp('/', 'en', []);
    await userEvent.click(await screen.findByRole('link', { name: 'How USSD works' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
    expect(router.state.location.hash).toBe('ussd');
    const section = await screen.findByRole('heading', { name: 'Sales by USSD' });
    expect(section.closest('section')?.textContent).toContain('set a 4-digit USSD PIN');
  });

  it('link the privacy policy where the FAQ names it', async () => {
    stubServer({});
    await renderApp('/help/FAQs', 'en', []);
    await userEvent.click(await screen.findByRole('button', { name: 'Who can see my sales?' }));
    const link = await screen.findByRole('link', { name: 'privacy policy' });
    expect(link.getAttribute('href')).toBe('/help/privacy-policy');
  });
});
