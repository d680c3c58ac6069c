// The report's two charts, loaded only when a report is shown (recharts is heavy): sales by
// weekday and hour as a heatmap, and sales per tax group with the VAT over time. The same
// figures are in the tables and the PDF, for those who cannot see the charts.
import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart, MatrixChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { formatTsh, type Cents } from '../../../domain/money';
import { REPORT_TAX_GROUPS, type SalesReport } from '../../../domain/sales-report';
import { shillings } from './format';
import { calendarDateText } from '../../../domain/calendar-date';

const intlLocale = (locale: string) => (locale === 'sw' ? 'sw-TZ' : 'en-GB');

function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', timeZone: 'UTC' });
  // 2 March 2026 is a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2026, 2, 2 + i))));
}

export function SalesHeatmap({ report }: { report: SalesReport }) {
  const { t, i18n } = useLingui();
  const days = weekdayNames(i18n.locale);
  // Swahili has no short weekday names ("Jumatatu"): upright, they do not run into each other.
  const longNames = days.some((day) => day.length > 4);
  const busy = Array.from({ length: 24 }, (_, hour) =>
    report.heatmap.some((row) => row[hour]!.receipts > 0),
  );
  const first = Math.max(0, busy.indexOf(true));
  const last = busy.lastIndexOf(true) === -1 ? 23 : busy.lastIndexOf(true);
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  const data = report.heatmap.flatMap((row, weekday) =>
    hours.map((hour) => ({
      x: days[weekday]!,
      y: hourLabel(hour),
      value: row[hour]!.receipts || null,
    })),
  );
  const amountAt = (x: string, y: string) => {
    const weekday = days.indexOf(x);
    const hour = Number(y.slice(0, 2));
    return report.heatmap[weekday]?.[hour]?.amount ?? (0 as Cents);
  };
  return (
    // It scrolls sideways on a narrow phone: focusable, so the keyboard can scroll it too.
    <Stack gap={4} align="flex-start" style={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={0}>
      <MatrixChart
        data={data}
        xLabels={days}
        yLabels={hours.map(hourLabel)}
        withXLabels
        withYLabels
        xLabelsPosition="top"
        xLabelsRotation={longNames ? -90 : 0}
        xLabelsHeight={longNames ? 72 : 24}
        // Standing up from the top of their column rather than hanging into the cells.
        styles={longNames ? { xLabel: { textAnchor: 'start' } } : undefined}
        yLabelsWidth={48}
        cellSize={30}
        gap={3}
        withTooltip
        getTooltipLabel={(cell) => {
          const receipts = cell.value ?? 0;
          const amount = formatTsh(amountAt(cell.x, cell.y));
          const day = cell.x;
          const hour = cell.y;
          return t`${day} ${hour}: ${receipts} receipts, ${amount}`;
        }}
        aria-label={t`Receipts by weekday and hour`}
        data-testid="heatmap"
      />
      <Text size="xs" c="dimmed">
        {t`Darker: more receipts in that hour of that weekday.`}
      </Text>
    </Stack>
  );
}

type Bucket = { label: string; A: number; C: number; D: number; E: number; VAT: number };

/** Days for a month, weeks for up to half a year, months beyond. */
function buckets(report: SalesReport): Bucket[] {
  const n = report.days.length;
  const keyOf = (date: string, index: number) =>
    n <= 31 ? date : n <= 186 ? report.days[index - (index % 7)]!.date : date.slice(0, 7);
  const map = new Map<string, Bucket>();
  report.days.forEach((day, index) => {
    const key = keyOf(day.date, index);
    const label =
      n <= 186 ? calendarDateText(key).slice(0, 5) : `${key.slice(5, 7)}/${key.slice(0, 4)}`;
    const bucket = map.get(key) ?? { label, A: 0, C: 0, D: 0, E: 0, VAT: 0 };
    for (const group of REPORT_TAX_GROUPS) {
      bucket[group] += shillings(day.groups[group].net + day.groups[group].tax);
    }
    bucket.VAT += shillings(day.tax);
    map.set(key, bucket);
  });
  return [...map.values()];
}

export function TaxChart({ report }: { report: SalesReport }) {
  const { t } = useLingui();
  const data = buckets(report);
  const money = (value: number) => `Tsh ${Math.round(value).toLocaleString('en')}`;
  return (
    <Stack gap="md">
      <Text size="sm" fw={600}>
        {t`Sales per tax group over time`}
      </Text>
      <BarChart
        h={240}
        data={data}
        dataKey="label"
        type="stacked"
        withLegend
        valueFormatter={money}
        series={[
          { name: 'A', label: t`A: standard 18%`, color: 'risiti.6' },
          { name: 'C', label: t`C: zero rated`, color: 'blue.5' },
          { name: 'D', label: t`D: special relief`, color: 'orange.5' },
          { name: 'E', label: t`E: exempted`, color: 'grape.5' },
        ]}
        role="img"
        aria-label={t`Sales per tax group over time`}
        data-testid="tax-chart"
      />
      <Text size="sm" fw={600}>
        {t`VAT over time`}
      </Text>
      <LineChart
        h={160}
        data={data}
        dataKey="label"
        valueFormatter={money}
        series={[{ name: 'VAT', label: t`VAT collected`, color: 'red.6' }]}
        role="img"
        aria-label={t`VAT over time`}
      />
    </Stack>
  );
}

export function TrendChart({ days }: { days: Array<{ date: string; totalIncl: number }> }) {
  const { t } = useLingui();
  // Bars of nothing under an axis of Tsh 0 to 4 say less than the sentence the tables use.
  if (days.every((day) => day.totalIncl === 0)) {
    return (
      <Text size="sm" c="dimmed" data-testid="trend-empty">
        {t`Nothing sold in this period.`}
      </Text>
    );
  }
  const data = days.map((day) => ({
    label: calendarDateText(day.date).slice(0, 5),
    sales: shillings(day.totalIncl),
  }));
  return (
    <BarChart
      h={200}
      data={data}
      dataKey="label"
      valueFormatter={(value) => `Tsh ${Math.round(value).toLocaleString('en')}`}
      series={[{ name: 'sales', label: t`Sales`, color: 'risiti.6' }]}
      role="img"
      aria-label={t`Sales trend`}
      data-testid="trend-chart"
    />
  );
}
