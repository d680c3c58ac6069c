// A phone screen that runs the real USSD menus as the signed-in user: each answer goes to the
// server with the whole session so far, exactly as a gateway sends it, and the reply is shown.
// A sale confirmed here is a real sale, fiscalized like any other.
import { Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { USSD_SHORT_CODE } from '../../../domain/ussd';
import { readFailure } from '../../api/errors';
import { tryUssd } from '../../api/ussd';

interface Session {
  id: string;
  inputs: string[];
  screen: string;
  open: boolean;
}

const newSessionId = () => crypto.randomUUID().replace(/-/g, '');

export function PhoneEmulator() {
  const { t } = useLingui();
  const [session, setSession] = useState<Session | null>(null);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function send(id: string, inputs: string[]) {
    setBusy(true);
    try {
      const reply = await tryUssd(id, inputs.join('*'));
      setSession({ id, inputs, screen: reply.text, open: !reply.end });
      setAnswer('');
      if (!reply.end) input.current?.focus();
    } catch (error) {
      const failure = await readFailure(error);
      setSession({ id, inputs, screen: failure.message, open: false });
    } finally {
      setBusy(false);
    }
  }

  const dial = () => void send(newSessionId(), []);
  const reply = (event: FormEvent) => {
    event.preventDefault();
    if (session?.open) void send(session.id, [...session.inputs, answer.trim()]);
  };

  return (
    <Paper
      withBorder
      radius={28}
      p="md"
      maw={320}
      w="100%"
      bg="dark.7"
      component="section"
      aria-label={t`Phone emulator`}
      data-testid="ussd-emulator"
    >
      <Stack gap="sm">
        <Box
          bg="gray.0"
          c="dark.9"
          p="sm"
          mih={190}
          style={{ borderRadius: 12, fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}
          role="log"
          aria-live="polite"
          aria-label={t`Phone screen`}
          data-testid="ussd-screen"
        >
          {session ? (
            session.screen
          ) : (
            <Text c="dark.9" ff="monospace">
              <Trans>Dial {USSD_SHORT_CODE} to start.</Trans>
            </Text>
          )}
        </Box>
        {session?.open ? (
          <form onSubmit={reply}>
            <Stack gap="xs">
              <TextInput
                ref={input}
                label={
                  <Text c="gray.0" size="sm" component="span">
                    <Trans>Your answer</Trans>
                  </Text>
                }
                inputMode="numeric"
                autoComplete="off"
                value={answer}
                onChange={(event) => setAnswer(event.currentTarget.value)}
                maxLength={20}
                data-testid="ussd-answer"
              />
              <Group grow>
                <Button type="submit" loading={busy}>
                  <Trans>Send</Trans>
                </Button>
                <Button variant="default" onClick={() => setSession(null)} disabled={busy}>
                  <Trans>Hang up</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Button onClick={dial} loading={busy} data-testid="ussd-dial">
            <Trans>Dial {USSD_SHORT_CODE}</Trans>
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
