// An organization admin's dashboard: a line per company they reach (sales and VAT against the
// period before, receipts TRA has not accepted, the VFD and its last Z report). Opening one shows
// that company's figures as its owner sees them, a hundred at a time with more on demand. The last
// answer is kept for offline use.
import { useEffect, useState } from 'react';
import { Badge, Card, Group, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatTsh, type Cents } from '../../../domain/money';
import { readFailure, type ApiFailure } from '../../api/errors';
import { fetchCompaniesDashboard, type CompaniesAnswer, type CompanyLine } from '../../api/reports';
import { cachedAnswer, keepAnswer } from '../../db/report-cache';
import { WARNING_TEXT } from '../../app/theme';
import type { DashboardPreset } from './DashboardPeriod';
import { DashboardFreshness, FigureCard } from './OwnerOverview';
import type { DashboardSource } from './useOwnerDashboard';
import { calendarDateText } from '../../../domain/calendar-date';
import { MoreRows } from '../admin/ListMore';

const PAGE = 100;

export default function OrganizationOverview({
  preset,
  onOpen,
}: {
  preset: DashboardPreset;
  onOpen(companyId: string): void;
}) {
  const { t } = useLingui();
  const key = `companies:${preset}`;
  const [state, setState] = useState<{
    key: string;
    answer: CompaniesAnswer;
    source: DashboardSource;
  } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  /** Lines read after the first hundred, for the answer they follow. */
  const [added, setAdded] = useState<{ after: CompaniesAnswer; items: CompanyLine[] } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailure, setMoreFailure] = useState<ApiFailure | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let fresh = false;
    void cachedAnswer<CompaniesAnswer>(key).then((copy) => {
      if (copy && !fresh && !controller.signal.aborted) {
        setState({ key, answer: copy.value, source: { kind: 'copy', at: copy.at } });
      }
    });
    fetchCompaniesDashboard({ preset, limit: String(PAGE) }, controller.signal).then(
      (answer) => {
        fresh = true;
        const at = Date.parse(answer.generatedAt);
        setState({ key, answer, source: { kind: 'server', at } });
        void keepAnswer(key, answer, at);
      },
      () => {
        if (!controller.signal.aborted) setFailed(key);
      },
    );
    return () => controller.abort();
  }, [key, preset]);

  const shown = state?.key === key ? state : null;
  if (!shown) {
    return failed === key ? (
      <Text c={WARNING_TEXT}>
        <Trans>The server cannot be reached, and this phone has no figures yet.</Trans>
      </Text>
    ) : (
      <Loader role="status" aria-label={t`Loading`} />
    );
  }
  const money = (value: number) => formatTsh(value as Cents);
  const { answer } = shown;
  const extra = added?.after === answer ? added.items : [];
  const lines = [...answer.items, ...extra];
  const more = () => {
    setLoadingMore(true);
    setMoreFailure(null);
    fetchCompaniesDashboard({ preset, limit: String(PAGE), offset: String(lines.length) }).then(
      (next) => {
        const seen = new Set(lines.map((line) => line.company.id));
        const fresh = next.items.filter((line) => !seen.has(line.company.id));
        setAdded({ after: answer, items: [...extra, ...fresh] });
        setLoadingMore(false);
      },
      async (error: unknown) => {
        setMoreFailure(await readFailure(error));
        setLoadingMore(false);
      },
    );
  };
  return (
    <Stack gap="md">
      <DashboardFreshness source={shown.source} />
      {answer.items.length === 0 && (
        <Text c="dimmed">
          <Trans>Your organization has no companies yet.</Trans>
        </Text>
      )}
      {lines.map((line) => {
        const pending = line.pending;
        const rejected = line.rejected;
        const name = line.company.name;
        const zDay = line.lastZReport ? calendarDateText(line.lastZReport.date) : null;
        return (
          <UnstyledButton
            key={line.company.id}
            onClick={() => onOpen(line.company.id)}
            data-testid="company-line"
            aria-label={t`Open the figures of ${name}`}
          >
            <Card withBorder radius="lg" padding="md">
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Text fw={700}>{line.company.name}</Text>
                  <Group gap={6}>
                    {line.company.blockedByTra && (
                      <Badge color="red" variant="light">
                        {t`Blocked by TRA`}
                      </Badge>
                    )}
                    <Badge
                      color={line.vfdStatus === 'registered' ? 'risiti' : 'orange'}
                      variant="light"
                    >
                      {line.vfdStatus === 'registered'
                        ? t`VFD registered`
                        : line.vfdStatus === 'inactive'
                          ? t`VFD inactive`
                          : t`VFD not registered`}
                    </Badge>
                  </Group>
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <FigureCard
                    label={t`Sales (incl. VAT)`}
                    now={line.current.totalIncl}
                    before={line.previous.totalIncl}
                    format={money}
                    testId="company-sales"
                  />
                  <FigureCard
                    label={t`VAT collected`}
                    now={line.current.tax}
                    before={line.previous.tax}
                    format={money}
                    testId="company-vat"
                  />
                </SimpleGrid>
                <Text size="sm" c={rejected > 0 ? 'red.8' : 'dimmed'}>
                  {t`Waiting for TRA: ${pending} · refused by TRA: ${rejected}`}
                  {zDay ? ` · ${t`last Z report ${zDay}`}` : ''}
                </Text>
              </Stack>
            </Card>
          </UnstyledButton>
        );
      })}
      {answer.total > answer.items.length && (
        <MoreRows
          shown={lines.length}
          total={answer.total}
          loading={loadingMore}
          failure={moreFailure}
          onMore={more}
        />
      )}
    </Stack>
  );
}
