// Customer CSV import (spec §5 "Customer CSV import"): choose a file, see at once which rows
// can be imported and which need fixing (row, column and problem), import the good ones, and
// download the others as a CSV to fix. The checks run in a worker, so a 10,000-row file never
// freezes the page.
import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Code,
  FileInput,
  Flex,
  Group,
  List,
  Progress,
  Stack,
  Paper,
  Text,
  Title,
} from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import {
  checkCustomerCsvFile,
  csvMessages,
  CUSTOMER_CSV_COLUMNS,
  rowProblemText,
  toSafeCsv,
  type CsvRowProblem,
} from '../../../domain/customer-csv';
import { eatDate } from '../../../domain/dates';
import { isLocale } from '../../../domain/i18n';
import { BackLink } from '../../app/BackLink';
import { formatDateTime } from '../../app/dates';
import { downloadText } from '../../app/download';
import { ButtonLink } from '../../app/links';
import { notifyFailure } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import {
  checkCustomerFile,
  isApiFailure,
  storeCustomerRows,
  uploadCustomerFile,
  type CheckedFile,
  type ImportResult,
  type RowProblem,
} from './import-customers';
import { requestSync, syncAndWait } from '../sync/app-sync';
import { useConnection } from '../../stores/connection';
import { customerCsvWorker } from '../../workers/customer-csv-client';
import classes from './ImportPage.module.css';
import { useStillDownloading } from '../../sync/useSyncState';

/** Rows listed on screen; all of them are in the downloadable file. */
const SHOWN_PROBLEMS = 100;

type Step =
  /** Nothing to import yet; `refused` is a file chosen and refused, kept in view with why. */
  | { kind: 'idle'; refused?: File }
  | { kind: 'checking'; file: File }
  | { kind: 'checked'; file: File; check: CheckedFile }
  | {
      kind: 'importing';
      file: File;
      check: CheckedFile;
      via: 'server' | 'phone';
      /** Rows stored on the phone so far. */
      stored: number;
      /** Share of the file uploaded so far (0 to 1). */
      uploaded: number;
    }
  | { kind: 'done'; file: File; check: CheckedFile; result: ImportResult };

/** The rows left out, each sentence naming its row and column. */
function ProblemList({ problems }: { problems: readonly RowProblem[] }) {
  const { t } = useLingui();
  const shown = problems.slice(0, SHOWN_PROBLEMS);
  const more = problems.length - shown.length;
  return (
    <Stack gap="xs">
      <Paper
        withBorder
        radius="md"
        component="ul"
        p={0}
        m={0}
        className={classes.problems}
        data-testid="import-problems"
      >
        {shown.map((problem) => (
          <li key={`${problem.row}:${problem.column ?? ''}`}>
            <Text size="sm">{problem.message}</Text>
          </li>
        ))}
      </Paper>
      {more > 0 && (
        <Text size="sm" c="dimmed">
          {t({
            message: plural(more, {
              one: '# more row needs fixing: download them all below.',
              other: '# more rows need fixing: download them all below.',
            }),
          })}
        </Text>
      )}
    </Stack>
  );
}

export function ImportPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Import customers`);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const companyId = useCompanyId();
  const offline = useConnection((state) => state.status === 'offline');
  const downloading = useStillDownloading(companyId);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Ignores the answer for a file the user has since replaced. */
  const current = useRef<File | null>(null);

  if (!companyId) return null;

  const translateProblem = (problem: CsvRowProblem): RowProblem => ({
    row: problem.row,
    column: problem.column,
    message: rowProblemText(problem, (id, values) => i18n._(id, values)),
  });

  const choose = async (file: File | null) => {
    current.current = file;
    setFailure(null);
    setFileError(null);
    if (!file) {
      setStep({ kind: 'idle' });
      return;
    }
    const problem = checkCustomerCsvFile(file);
    if (problem) {
      setStep({ kind: 'idle', refused: file });
      setFileError(i18n._(problem.message.id, problem.values));
      return;
    }
    setStep({ kind: 'checking', file });
    try {
      const check = await checkCustomerFile(companyId, file);
      if (current.current !== file) return;
      if (!check.ok) {
        setStep({ kind: 'idle', refused: file });
        setFileError(i18n._(check.problem.message.id, check.problem.values));
        return;
      }
      setStep({ kind: 'checked', file, check });
    } catch (error) {
      console.error(error);
      if (current.current !== file) return;
      setStep({ kind: 'idle', refused: file });
      setFileError(i18n._(csvMessages.unreadable.id));
    }
  };

  const startImport = async () => {
    if (step.kind !== 'checked' || !step.check.ok) {
      // A refused file keeps its own reason; only no file at all is told to choose one.
      if (!(step.kind === 'idle' && step.refused))
        setFileError(i18n._(csvMessages.fileRequired.id));
      return;
    }
    const { file, check } = step;
    if (!check.ok) return;
    setFailure(null);
    // Offline, the rows wait on this phone; but a file whose upload got no answer may already
    // be on the server, and only repeating that same upload is safe.
    const mustUpload = check.previous?.status === 'unanswered';
    let via: 'server' | 'phone' = offline && !mustUpload ? 'phone' : 'server';
    setStep({ kind: 'importing', file, check, via, stored: 0, uploaded: 0 });
    try {
      let result: ImportResult;
      if (via === 'server') {
        // Customers saved on this phone reach the server first, so the server's duplicate
        // check sees them; and a sync that reached no server sends the rows the other way
        // before an upload could leave its fate unknown.
        const sync = await syncAndWait(10_000);
        const unreachable =
          sync?.status === 'done' &&
          (sync.drain.status === 'offline' || sync.pull?.status === 'offline');
        if (unreachable && !mustUpload) via = 'phone';
      }
      if (via === 'server') {
        result = await uploadCustomerFile(companyId, file, check.fingerprint, (uploaded) =>
          setStep({ kind: 'importing', file, check, via: 'server', stored: 0, uploaded }),
        );
        requestSync();
      } else {
        const stored = await storeCustomerRows(companyId, check, (count) =>
          setStep({ kind: 'importing', file, check, via, stored: count, uploaded: 0 }),
        );
        result = {
          via,
          imported: stored.imported,
          problems: [...check.problems, ...stored.problems]
            .sort((a, b) => a.row - b.row)
            .map(translateProblem),
          replayed: false,
        };
      }
      setStep({ kind: 'done', file, check, result });
    } catch (error) {
      const reason = isApiFailure(error)
        ? error.kind === 'network'
          ? t`The server did not answer, so the import may not have finished. Try again: the same file is never imported twice.`
          : error.message
        : t`The customers could not be imported. Please try again.`;
      if (!isApiFailure(error)) console.error(error);
      setFailure(reason);
      const previous = isApiFailure(error) && error.kind === 'network';
      setStep({
        kind: 'checked',
        file,
        check: previous
          ? { ...check, previous: { status: 'unanswered', at: Date.now(), imported: null } }
          : check,
      });
    }
  };

  const downloadRowsToFix = async (file: File, problems: readonly RowProblem[]) => {
    try {
      const csv = await customerCsvWorker().rowsToFix(
        file,
        problems.map(({ row, message }) => ({ row, message })),
      );
      downloadText(`${file.name.replace(/\.csv$/i, '')}-to-fix.csv`, csv);
    } catch (error) {
      console.error(error);
      notifyFailure({ code: 'export_failed', message: t`The file could not be made.` });
    }
  };

  const downloadTemplate = () =>
    downloadText(
      `customers-template-${eatDate(Date.now())}.csv`,
      toSafeCsv(CUSTOMER_CSV_COLUMNS, []),
    );

  const check =
    step.kind === 'checked' || step.kind === 'importing' || step.kind === 'done'
      ? step.check
      : null;
  const problems = check?.ok ? check.problems.map(translateProblem) : [];
  const busy = step.kind === 'checking' || step.kind === 'importing';
  const activeFile = step.kind === 'idle' ? null : step.file;
  const rowsInFile = i18n.number(check?.ok ? check.total : 0);
  const readyCount = check?.ok ? check.rows.length : 0;
  const readyText = i18n.number(readyCount);
  const toFixCount = i18n.number(check?.ok ? check.problems.length : 0);
  const previousAt = check?.previous ? formatDateTime(check.previous.at, locale) : '';
  const storedCount = i18n.number(step.kind === 'importing' ? step.stored : 0);
  // Until the last byte is sent; then the server works on it.
  const uploading = step.kind === 'importing' && step.via === 'server' && step.uploaded < 1;
  const uploadedPercent = Math.floor(100 * (step.kind === 'importing' ? step.uploaded : 0));
  const importedCount = step.kind === 'done' ? step.result.imported : 0;
  const notImported = step.kind === 'done' ? step.result.problems.length : 0;

  return (
    <Stack gap="md" maw={960}>
      <BackLink to="/customers">
        <Trans>Customers</Trans>
      </BackLink>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Import customers</Trans>
      </Title>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Text>
            <Trans>
              A CSV file with one customer per row, below a header row that names these columns (in
              any order):
            </Trans>
          </Text>
          <Group gap={6}>
            {CUSTOMER_CSV_COLUMNS.map((column) => (
              <Code key={column}>{column}</Code>
            ))}
          </Group>
          <List size="sm" spacing={4} style={{ overflowWrap: 'anywhere' }}>
            <List.Item>
              <Trans>
                <Code>name</Code> and <Code>identification_type</Code> are needed in every row, and{' '}
                <Code>identification_number</Code> unless the type is NO_IDENTIFICATION.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>
                Identification types: TAX_IDENTIFICATION_NUMBER (or TIN), DRIVING_LICENCE,
                VOTERS_NUMBER, PASSPORT, NATIONAL_IDENTIFICATION_AUTHORITY (or NIDA),
                NO_IDENTIFICATION.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>
                Rows with a problem are left out and listed, so you can fix them and import them
                afterwards.
              </Trans>
            </List.Item>
          </List>
          <Group>
            <Button
              variant="subtle"
              size="compact-md"
              leftSection={<IconDownload size={16} />}
              onClick={downloadTemplate}
            >
              <Trans>Download a blank template</Trans>
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <FileInput
            label={t`CSV file`}
            placeholder={t`Choose a .csv file`}
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={18} />}
            clearable
            required
            value={step.kind === 'idle' ? (step.refused ?? null) : step.file}
            onChange={(file) => void choose(file)}
            error={fileError}
            disabled={step.kind === 'importing'}
          />

          {step.kind === 'checking' && (
            <Stack gap={4}>
              <Text size="sm">
                <Trans>Reading and checking the file…</Trans>
              </Text>
              <Progress value={100} striped animated aria-label={t`Checking the file`} />
            </Stack>
          )}

          {check?.ok && step.kind !== 'done' && (
            <Stack gap="sm">
              <Text fw={600} data-testid="import-summary">
                {t`Rows in the file: ${rowsInFile}. Ready to import: ${readyText}. To fix: ${toFixCount}.`}
              </Text>
              {downloading && (
                <Alert color="blue" data-testid="import-downloading">
                  <Trans>
                    Your customers are still coming from the server, so some rows counted as ready
                    may repeat a customer you have. The server refuses those when you import, and
                    lists them.
                  </Trans>
                </Alert>
              )}
              {check.previous && check.previous.status !== 'unanswered' && (
                <Alert color="orange" role="alert">
                  {t`This same file was already imported on ${previousAt}. Importing it again would add its customers twice; change the file to import more.`}
                </Alert>
              )}
              {check.previous?.status === 'unanswered' && (
                <Alert color="orange">
                  <Trans>
                    This file was sent before and the server did not answer. Importing it again
                    repeats that same upload, so nothing is imported twice.
                  </Trans>
                </Alert>
              )}
              {offline && check.previous?.status === 'unanswered' && (
                <Text size="sm" c="dimmed">
                  <Trans>Wait until the server answers to import this file.</Trans>
                </Text>
              )}
              {offline && check.previous?.status !== 'unanswered' && (
                <Text size="sm" c="dimmed">
                  <Trans>
                    The server cannot be reached: the customers are saved on this phone and sent
                    when it answers again.
                  </Trans>
                </Text>
              )}
              {problems.length > 0 && <ProblemList problems={problems} />}
              {step.kind === 'importing' && (
                <Stack gap={4}>
                  <Text size="sm">
                    {step.via === 'phone' ? (
                      t`Saving on this phone: ${storedCount} of ${readyText}`
                    ) : uploading ? (
                      t`Sending the file: ${uploadedPercent}%`
                    ) : (
                      <Trans>Importing on the server…</Trans>
                    )}
                  </Text>
                  <Progress
                    value={
                      step.via === 'phone'
                        ? (100 * step.stored) / Math.max(1, check.rows.length)
                        : uploading
                          ? 100 * step.uploaded
                          : 100
                    }
                    striped={step.via === 'server' && !uploading}
                    animated={step.via === 'server' && !uploading}
                    aria-label={t`Import progress`}
                  />
                </Stack>
              )}
              {failure && (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              )}
              <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
                <Button
                  leftSection={<IconUpload size={18} />}
                  onClick={startImport}
                  loading={step.kind === 'importing'}
                  disabled={
                    check.rows.length === 0 ||
                    (check.previous !== null && check.previous.status !== 'unanswered') ||
                    (offline && check.previous?.status === 'unanswered')
                  }
                >
                  {t({
                    message: plural(readyCount, {
                      one: 'Import # customer',
                      other: 'Import # customers',
                    }),
                  })}
                </Button>
                {problems.length > 0 && (
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={18} />}
                    onClick={() => activeFile && void downloadRowsToFix(activeFile, problems)}
                    disabled={busy}
                  >
                    <Trans>Download the rows to fix</Trans>
                  </Button>
                )}
              </Flex>
            </Stack>
          )}

          {step.kind === 'idle' && (
            <Group>
              <Button leftSection={<IconUpload size={18} />} onClick={startImport}>
                <Trans>Import</Trans>
              </Button>
            </Group>
          )}

          {step.kind === 'done' && (
            <Stack gap="sm">
              <Alert color="risiti" role="status" data-testid="import-result">
                {step.result.replayed
                  ? t({
                      message: plural(importedCount, {
                        one: 'This file had already been imported: # customer was added then, and none now.',
                        other:
                          'This file had already been imported: # customers were added then, and none now.',
                      }),
                    })
                  : step.result.via === 'server'
                    ? t({
                        message: plural(importedCount, {
                          one: '# customer imported.',
                          other: '# customers imported.',
                        }),
                      })
                    : t({
                        message: plural(importedCount, {
                          one: '# customer saved on this phone. It is sent to the server when it answers.',
                          other:
                            '# customers saved on this phone. They are sent to the server when it answers.',
                        }),
                      })}
              </Alert>
              {step.result.problems.length > 0 && (
                <>
                  <Text fw={600}>
                    {t({
                      message: plural(notImported, {
                        one: '# row was not imported:',
                        other: '# rows were not imported:',
                      }),
                    })}
                  </Text>
                  <ProblemList problems={step.result.problems} />
                </>
              )}
              <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
                <ButtonLink to="/customers">
                  <Trans>See the customers</Trans>
                </ButtonLink>
                {step.result.problems.length > 0 && (
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={18} />}
                    onClick={() => void downloadRowsToFix(step.file, step.result.problems)}
                  >
                    <Trans>Download the rows to fix</Trans>
                  </Button>
                )}
                <Button variant="subtle" onClick={() => void choose(null)}>
                  <Trans>Import another file</Trans>
                </Button>
              </Flex>
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
