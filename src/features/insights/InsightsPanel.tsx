// AI business insights on the owner's dashboard (spec §4): consent is asked first, and can be
// given later or taken back; then one type of insight for the dashboard's period is asked of
// the server, which writes it in the background while this panel polls the task. A failed
// task can be tried again, a result of earlier today is shown as such and can be asked afresh,
// and today's AI requests are shown against the day's limit. Online only: the server writes
// insights from the company's figures.
import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconSparkles } from '@tabler/icons-react';
import { eatDate } from '../../../domain/dates';
import { errorMessages, type ErrorCode } from '../../../domain/errors';
import { isLocale } from '../../../domain/i18n';
import {
  INSIGHT_TYPES,
  insightTypeLabels,
  isInsightTaskFinished,
  severityLabels,
  severityLevel,
  type Insight,
  type InsightState,
  type InsightTaskView,
  type InsightType,
} from '../../../domain/schemas/insight';
import { readFailure } from '../../api/errors';
import {
  fetchInsightState,
  fetchInsightTask,
  requestInsights,
  retryInsightTask,
  saveInsightConsent,
} from '../../api/insights';
import { Choices } from '../../app/Choices';
import { formatDateTime, formatTime } from '../../app/dates';
import { notifyFailure } from '../../app/notify';
import { LoadState } from '../admin/LoadState';
import { useServerData } from '../admin/useServerData';
import { useToday } from '../dashboard/DashboardHeader';
import type { DashboardPreset } from '../dashboard/DashboardPeriod';
import { useOnline } from '../invoices/useOnline';

/** How often a task under way is asked about. */
const POLL_MS = 1_500;

const severityColors = { low: 'gray', medium: 'orange', high: 'red' } as const;

function InsightCard({ insight }: { insight: Insight }) {
  const { t, i18n } = useLingui();
  const level = severityLevel(insight.severityScore);
  const sure = Math.round(insight.confidence * 100);
  const action = insight.recommendedAction;
  return (
    <Card withBorder radius="md" padding="sm" component="article" data-testid="insight">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {insight.title}
          </Text>
          <Badge
            color={severityColors[level]}
            variant="light"
            style={{ flexShrink: 0 }}
            data-testid="insight-severity"
          >
            {i18n._(severityLabels[level])}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {insight.summary}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <strong>{t`What to do:`}</strong> {action}
        </Text>
        <Text size="xs" c="dimmed">
          {t`${sure}% sure`}
        </Text>
      </Stack>
    </Card>
  );
}

function ConsentQuestion({
  declined,
  engine,
  onAnswer,
}: {
  declined: boolean;
  engine: InsightState['engine'];
  onAnswer(granted: boolean): Promise<void>;
}) {
  const online = useOnline();
  const [saving, setSaving] = useState<boolean | null>(null);
  const answer = async (granted: boolean) => {
    setSaving(granted);
    await onAnswer(granted);
    setSaving(null);
  };
  return (
    <Stack gap="sm" data-testid="insights-consent">
      <Text size="sm">
        <Trans>
          Risiti’s AI can read this company’s sales, expenses and tax figures and tell you what
          stands out and what to do about it. You can change your answer at any time.
        </Trans>
      </Text>
      <Text size="sm" data-testid="insights-engine">
        {engine === 'own' ? (
          <Trans>Your figures stay on the Risiti server: its own engine writes the insights.</Trans>
        ) : (
          <Trans>
            Your figures are sent to the outside AI service this Risiti server is set up with, which
            writes the insights.
          </Trans>
        )}
      </Text>
      {declined && (
        <Text size="sm" c="dimmed">
          <Trans>You declined AI processing of your data, so insights are off.</Trans>
        </Text>
      )}
      <Group gap="sm">
        <Button
          onClick={() => void answer(true)}
          loading={saving === true}
          disabled={!online || saving !== null}
        >
          <Trans>I agree</Trans>
        </Button>
        {!declined && (
          <Button
            variant="default"
            onClick={() => void answer(false)}
            loading={saving === false}
            disabled={!online || saving !== null}
          >
            <Trans>No, thanks</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function TaskResult({
  task,
  checkFailed,
  onCheckAgain,
  onRetry,
  onFresh,
  busy,
}: {
  task: InsightTaskView;
  checkFailed: boolean;
  onCheckAgain(): void;
  onRetry(): void;
  onFresh(): void;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const today = useToday();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  if (!isInsightTaskFinished(task.status)) {
    if (checkFailed) {
      return (
        <Alert color="orange" role="alert" title={t`Could not check on the analysis`}>
          <Text size="sm">
            <Trans>It goes on at the server. Check again when the connection is back.</Trans>
          </Text>
          <Button mt="sm" variant="light" color="orange" onClick={onCheckAgain}>
            <Trans>Check again</Trans>
          </Button>
        </Alert>
      );
    }
    return (
      <Group gap="sm" role="status" data-testid="insights-working">
        <Loader size="sm" />
        <Text size="sm">
          <Trans>Reading your figures… this takes a few seconds.</Trans>
        </Text>
      </Group>
    );
  }
  if (task.status === 'failed') {
    const code = (task.error ?? 'ai_failed') as ErrorCode;
    return (
      <Alert
        color="red"
        role="alert"
        title={i18n._(errorMessages[code] ?? errorMessages.ai_failed)}
      >
        <Button
          mt="sm"
          variant="light"
          color="red"
          onClick={onRetry}
          loading={busy}
          disabled={!online}
        >
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  const insights = task.insights ?? [];
  const finished = task.finishedAt ? new Date(task.finishedAt) : null;
  // Today's time alone; an older analysis (the latest of the period, on a later day) its date too.
  const at = !finished
    ? ''
    : eatDate(finished) === eatDate(today)
      ? formatTime(finished, locale)
      : formatDateTime(finished, locale);
  return (
    <Stack gap="sm" data-testid="insights-result">
      {insights.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Nothing stands out in this period.</Trans>
        </Text>
      ) : (
        insights.map((insight, index) => <InsightCard key={index} insight={insight} />)
      )}
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="xs" c="dimmed" data-testid="insights-made">
          {task.cached ? t`From an earlier analysis, at ${at}.` : t`Analysed at ${at}.`}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={onFresh} disabled={!online}>
          <Trans>Analyse again</Trans>
        </Anchor>
      </Group>
    </Stack>
  );
}

export default function InsightsPanel({
  companyId,
  preset,
}: {
  /** For an admin looking at a company; an owner's is their own. */
  companyId?: string;
  preset: DashboardPreset;
}) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const state = useServerData<InsightState>(() => fetchInsightState(companyId), [companyId]);
  const [chosenType, setType] = useState<InsightType | null>(null);
  /** The task asked in this view; before one, the latest of the period (under way, or done). */
  const [asked, setTask] = useState<InsightTaskView | null>(null);
  const [busy, setBusy] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [checkRound, setCheckRound] = useState(0);

  const latest = state.data?.latest ?? null;
  const latestHere = latest && latest.period.preset === preset ? latest : null;
  const task = asked ?? latestHere;
  const type = chosenType ?? latestHere?.type ?? 'sales';

  const underWay = task !== null && !isInsightTaskFinished(task.status);
  const taskId = task?.id;
  useEffect(() => {
    if (!underWay || !taskId) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchInsightTask(taskId, controller.signal).then(
        (next) => {
          setCheckFailed(false);
          setTask(next);
          if (isInsightTaskFinished(next.status)) state.reload();
        },
        () => {
          if (!controller.signal.aborted) setCheckFailed(true);
        },
      );
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // Each answer (a new task object) schedules the next check; state.reload is not a reason.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [underWay, taskId, task, checkRound]);

  const run = async (call: () => Promise<InsightTaskView>) => {
    setBusy(true);
    try {
      const next = await call();
      setCheckFailed(false);
      setTask(next);
      state.reload();
    } catch (error) {
      const failure = await readFailure(error);
      notifyFailure(failure);
      if (failure.code === 'ai_consent_required') state.reload();
    } finally {
      setBusy(false);
    }
  };
  const ask = (fresh: boolean) =>
    void run(() => requestInsights(companyId, { type, preset, ...(fresh ? { fresh } : {}) }));
  const answerConsent = async (granted: boolean) => {
    try {
      await saveInsightConsent(granted);
      if (!granted) setTask(null);
      state.reload();
    } catch (error) {
      notifyFailure(await readFailure(error));
    }
  };

  const shown = task && task.type === type && task.period.preset === preset ? task : null;
  const data = state.data;
  const used = data?.quota.used ?? 0;
  const limit = data?.quota.limit ?? 0;
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="section"
      aria-labelledby="insights-title"
      data-testid="insights-panel"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconSparkles size={20} aria-hidden />
          <Title order={2} fz="h4" id="insights-title">
            <Trans>AI business insights</Trans>
          </Title>
        </Group>
        {!data ? (
          !online && !state.loading ? (
            <Text size="sm" c="dimmed">
              <Trans>AI insights need a connection to the server.</Trans>
            </Text>
          ) : (
            <LoadState loading={state.loading} failure={state.failure} onRetry={state.reload} />
          )
        ) : data.consent !== true ? (
          <ConsentQuestion
            declined={data.consent === false}
            engine={data.engine}
            onAnswer={answerConsent}
          />
        ) : (
          <>
            <Choices<InsightType>
              aria-label={t`Insight type`}
              value={type}
              onChange={setType}
              data={INSIGHT_TYPES.map((value) => ({
                value,
                label: i18n._(insightTypeLabels[value]),
              }))}
              fullWidth
              maxWidth={560}
              wrap
              data-testid="insight-type"
            />
            <Group gap="sm" justify="space-between" wrap="wrap">
              <Button
                onClick={() => ask(false)}
                loading={busy || (underWay && shown !== null)}
                disabled={!online || underWay}
              >
                <Trans>Get insights</Trans>
              </Button>
              <Text size="xs" c="dimmed" data-testid="insights-quota">
                {t`AI requests today: ${used} of ${limit}`}
              </Text>
            </Group>
            {!online && (
              <Text size="sm" c="orange.8">
                <Trans>AI insights need a connection to the server.</Trans>
              </Text>
            )}
            {shown && (
              <TaskResult
                task={shown}
                checkFailed={checkFailed}
                onCheckAgain={() => {
                  setCheckFailed(false);
                  setCheckRound((round) => round + 1);
                }}
                onRetry={() => void run(() => retryInsightTask(shown.id))}
                onFresh={() => ask(true)}
                busy={busy}
              />
            )}
            <Anchor
              component="button"
              type="button"
              size="xs"
              c="dimmed"
              onClick={() => void answerConsent(false)}
              disabled={!online}
              style={{ alignSelf: 'flex-start' }}
            >
              <Trans>Turn off AI processing of my data</Trans>
            </Anchor>
          </>
        )}
      </Stack>
    </Card>
  );
}
