// The report's downloads: Excel and PDF of the sales, and the Z reports of the period, each day's
// as TRA received it (its signed XML) and as a PDF, or all of them in one PDF. Downloads need
// the server; offline the buttons say so instead of failing.
import { useEffect, useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { WARNING_TEXT } from '../../app/theme';
import { formatTsh, type Cents } from '../../../domain/money';
import type { SalesFilter } from '../../../domain/sales-report';
import { downloadReport, fetchZReports, type ZReportItem } from '../../api/reports';
import { notifyFailure } from '../../app/notify';
import { useOnline } from '../invoices/useOnline';
import { periodQuery, type Period } from './period';
import { Section } from './SalesTables';
import { calendarDateText } from '../../../domain/calendar-date';

function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

function useDownload() {
  const { t } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (
    id: string,
    path: string,
    query: Record<string, string | undefined>,
    filename: string,
  ) => {
    setBusy(id);
    try {
      save(await downloadReport(path, query), filename);
    } catch {
      notifyFailure({
        code: 'download_failed',
        message: t`The file could not be downloaded. Check the connection and try again.`,
      });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

const zStatusColor = { accepted: 'green', pending: 'orange', rejected: 'red' } as const;

export function DownloadsCard({
  companyId,
  ownCompany,
  period,
  filter,
}: {
  companyId: string | null;
  ownCompany: boolean;
  period: Period;
  filter: SalesFilter;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const { busy, run } = useDownload();
  const [zReports, setZReports] = useState<ZReportItem[] | null>(null);
  const base = periodQuery(period, ownCompany ? undefined : companyId);
  const range = `${period.firstDay}-${period.lastDay}`;
  const key = JSON.stringify(base);

  useEffect(() => {
    if (!companyId || !online) return;
    const controller = new AbortController();
    fetchZReports(JSON.parse(key) as Record<string, string>, controller.signal).then(
      (answer) => setZReports(answer.items),
      () => {
        if (!controller.signal.aborted) setZReports(null);
      },
    );
    return () => controller.abort();
  }, [companyId, key, online]);

  const zStatus = {
    accepted: t`Accepted by TRA`,
    pending: t`Waiting for TRA`,
    rejected: t`Rejected by TRA`,
  };

  return (
    <Section title={t`Downloads`} testId="downloads">
      {!online && (
        <Text size="sm" c={WARNING_TEXT}>
          <Trans>Downloads need a connection to the server.</Trans>
        </Text>
      )}
      <Group gap="sm">
        <Button
          leftSection={<IconFileSpreadsheet size={18} />}
          loading={busy === 'xlsx'}
          disabled={!online || !companyId}
          onClick={() => run('xlsx', 'sales.xlsx', { ...base, ...filter }, `sales-${range}.xlsx`)}
          data-testid="download-excel"
        >
          {t`Excel`}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileTypePdf size={18} />}
          loading={busy === 'pdf'}
          disabled={!online || !companyId}
          onClick={() => run('pdf', 'sales.pdf', { ...base, ...filter }, `sales-${range}.pdf`)}
          data-testid="download-pdf"
        >
          {t`PDF summary`}
        </Button>
      </Group>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>
            <Trans>Z reports of the period</Trans>
          </Text>
          {zReports && zReports.length > 0 && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconFileTypePdf size={16} />}
              loading={busy === 'z-all'}
              disabled={!online}
              onClick={() => run('z-all', 'z-reports.pdf', base, `z-reports-${range}.pdf`)}
            >
              {t`All in one PDF`}
            </Button>
          )}
        </Group>
        {zReports === null ? (
          <Text size="sm" c="dimmed">
            {online ? t`Loading…` : t`Shown when the server can be reached.`}
          </Text>
        ) : zReports.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No Z reports in this period.</Trans>
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={240} maxHeight={360}>
            <Table data-testid="z-reports">
              <Table.Tbody>
                {zReports.map((z) => {
                  const znumber = z.znumber;
                  return (
                    <Table.Tr key={z.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={600}>
                          {calendarDateText(z.date)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatTsh(z.dailyTotal as Cents)}
                        </Text>
                        {/* Under the day rather than in a column of its own, which a phone's
                            width squeezed to an empty dot beside the buttons. */}
                        <Badge
                          color={zStatusColor[z.status]}
                          variant="light"
                          size="sm"
                          mt={4}
                          style={{ maxWidth: 'none' }}
                        >
                          {zStatus[z.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ width: 1 }}>
                        {/* As narrow as its buttons (width 1), which are one word each, one
                            above the other, as tall as the day's three lines: side by side, with
                            icons, they left a phone's day column too narrow for the status. */}
                        <Stack gap={4} align="flex-end">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            loading={busy === `${z.id}-xml`}
                            disabled={!online}
                            onClick={() =>
                              run(
                                `${z.id}-xml`,
                                `z-reports/${z.id}/xml`,
                                { companyId: base.companyId },
                                `z-report-${z.znumber}.xml`,
                              )
                            }
                            // The name starts with the word on the button, so a voice command
                            // that says it reaches the button.
                            aria-label={t`XML of Z report ${znumber}, as sent to TRA`}
                          >
                            XML
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            loading={busy === `${z.id}-pdf`}
                            disabled={!online}
                            onClick={() =>
                              run(
                                `${z.id}-pdf`,
                                `z-reports/${z.id}/pdf`,
                                { companyId: base.companyId },
                                `z-report-${z.znumber}.pdf`,
                              )
                            }
                            aria-label={t`PDF of Z report ${znumber}`}
                          >
                            PDF
                          </Button>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Section>
  );
}
