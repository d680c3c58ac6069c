// The dashboard's sales trend: a period without a sale says so in words, in the reader's
// language, instead of drawing empty bars under an axis of a few shillings.
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../src/app/theme';
import { TrendChart } from '../../src/features/reports/SalesCharts';
import { activateLocale, i18n } from '../../src/i18n/i18n';

async function trend(days: Array<{ date: string; totalIncl: number }>, locale: 'en' | 'sw') {
  await activateLocale(locale);
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <TrendChart days={days} />
      </MantineProvider>
    </I18nProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

const week = ['2026-11-22', '2026-11-23', '2026-11-24'];

describe("the dashboard's sales trend", () => {
  it('says that nothing was sold when every day is zero', async () => {
    await trend(
      week.map((date) => ({ date, totalIncl: 0 })),
      'en',
    );
    expect(screen.getByTestId('trend-empty').textContent).toBe('Nothing sold in this period.');
    expect(screen.queryByTestId('trend-chart')).toBeNull();
  });

  it('says it in Swahili', async () => {
    await trend([{ date: week[0]!, totalIncl: 0 }], 'sw');
    expect(screen.getByTestId('trend-empty').textContent).toBe(
      'Hakuna kilichouzwa katika kipindi hiki.',
    );
  });

  it('draws the bars once a day has a sale', async () => {
    // jsdom lays nothing out, so the chart library warns that its box has no size.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await trend(
      week.map((date, i) => ({ date, totalIncl: i === 1 ? 620_000 : 0 })),
      'en',
    );
    expect(screen.getByTestId('trend-chart')).toBeTruthy();
    expect(screen.queryByTestId('trend-empty')).toBeNull();
  });
});
