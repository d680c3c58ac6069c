// The expenses report's custom period as the address gives it: backwards or half-typed days are
// named under their field and no figures are shown for another period in their place. The days
// read and are typed as DD-MM-YYYY, as everywhere in the app, whatever the phone's date format.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from './helpers/fetch';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await signedOut();
});

async function owner() {
  const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
  stubServer({ 'GET /api/v2/user/me': () => json(200, user) });
}

/** The text the field's error says, as a screen reader reads it with the field ('' for none). */
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join('');

describe('the expenses report period', () => {
  it('says a backwards period is wrong instead of reporting this month', async () => {
    await owner();
    await renderApp('/expenses-report?preset=custom&from=2026-03-10&to=2026-03-01');
    await screen.findByText('Choose the first and last day of the period.');
    const to = screen.getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The end date must not be before the start date')).toBeTruthy();
    expect((to as HTMLInputElement).value).toBe('01-03-2026');
    expect(screen.queryByTestId('report-count')).toBeNull();
    expect(screen.queryByTestId('report-period')).toBeNull();
    expect((screen.getByTestId('download-pdf') as HTMLButtonElement).disabled).toBe(true);
  });

  it('reports the days asked for once they are right', async () => {
    await owner();
    await renderApp('/expenses-report?preset=custom&from=2026-03-01&to=2026-03-10');
    const period = await screen.findByTestId('report-period');
    expect(period.textContent).toBe('01-03-2026 – 10-03-2026');
    expect(within(await screen.findByTestId('report-count')).getByText('0')).toBeTruthy();
    expect(screen.queryByText('Choose the first and last day of the period.')).toBeNull();
  });

  it('takes days typed as DD-MM-YYYY, or as their eight digits, into the address', async () => {
    await owner();
    const { router } = await renderApp('/expenses-report?preset=custom');
    const from = await screen.findByLabelText('From');
    expect((from as HTMLInputElement).placeholder).toBe('DD-MM-YYYY');
    fireEvent.change(from, { target: { value: '01-03-2026' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '10032026' } });
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ from: '2026-03-01', to: '2026-03-10' }),
    );
    expect((await screen.findByTestId('report-period')).textContent).toBe(
      '01-03-2026 – 10-03-2026',
    );
    // Left, the eight digits read back as the day they name.
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect(to.value).toBe('10032026');
    fireEvent.blur(to);
    expect(to.value).toBe('10-03-2026');
  });

  it('names a day that does not exist once the field is left, and keeps the period asked for', async () => {
    await owner();
    const { router } = await renderApp(
      '/expenses-report?preset=custom&from=2026-03-01&to=2026-03-10',
    );
    const to = await screen.findByLabelText('To');
    const from = screen.getByLabelText('From');
    fireEvent.change(to, { target: { value: '31-02-2026' } });
    expect(errorOf(to)).toBe('');
    fireEvent.blur(to);
    await waitFor(() => expect(errorOf(to)).toBe('Enter the date as DD-MM-YYYY'));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toMatchObject({ from: '2026-03-01', to: '2026-03-10' });
    expect((to as HTMLInputElement).value).toBe('31-02-2026');
    // The day's form stays whole on a narrow phone: one unbroken piece, not "DD-" then "MM-YYYY".
    const describedBy = to.getAttribute('aria-describedby')!.split(' ');
    const error = describedBy.map((id) => document.getElementById(id)).find(Boolean)!;
    const whole = [...error.querySelectorAll('span')].find((s) => s.textContent === 'DD-MM-YYYY');
    expect(whole?.style.whiteSpace).toBe('nowrap');
    expect(errorOf(from)).toBe('');
    // Emptied, the field leaves the period without its last day, and the page asks for it.
    fireEvent.change(to, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('to'));
    expect(errorOf(to)).toBe('Enter a valid end date as DD-MM-YYYY');
    expect(await screen.findByText('Choose the first and last day of the period.')).toBeTruthy();
  });

  it('shows a day chosen on the calendar as DD-MM-YYYY', async () => {
    await owner();
    const { router } = await renderApp('/expenses-report?preset=custom');
    await screen.findByLabelText('From');
    const [calendar] = screen.getAllByRole('button', { name: 'Choose the day on a calendar' });
    fireEvent.click(calendar!);
    const picker = document.querySelector<HTMLInputElement>('input[type=date]')!;
    fireEvent.change(picker, { target: { value: '2026-02-14' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ from: '2026-02-14' }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('14-02-2026');
  });
});
