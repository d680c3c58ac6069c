import { List, Text, ThemeIcon } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The password rule of spec §5, ticked off as the user types. */
export function PasswordRequirements({ value, id }: { value: string; id?: string }) {
  const rules: { met: boolean; label: ReactNode }[] = [
    { met: value.length >= 6 && value.length <= 20, label: <Trans>6 to 20 characters</Trans> },
    { met: /[A-Z]/.test(value), label: <Trans>a capital letter</Trans> },
    { met: /[a-z]/.test(value), label: <Trans>a small letter</Trans> },
    { met: /\d/.test(value), label: <Trans>a digit</Trans> },
    {
      met: /[^A-Za-z0-9]/.test(value),
      label: <Trans>a special character, such as ! @ # or -</Trans>,
    },
  ];
  return (
    <div id={id}>
      <Text size="sm" fw={600} mb={4}>
        <Trans>Your new password needs:</Trans>
      </Text>
      <List spacing={2} size="sm" center>
        {rules.map((rule, index) => (
          <List.Item
            key={index}
            c={rule.met ? 'risiti.8' : 'dimmed'}
            icon={
              <ThemeIcon
                size={18}
                radius="xl"
                color={rule.met ? 'risiti' : 'gray'}
                variant={rule.met ? 'filled' : 'light'}
              >
                {rule.met ? <IconCheck size={12} /> : <IconPoint size={12} />}
              </ThemeIcon>
            }
          >
            {rule.label}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
