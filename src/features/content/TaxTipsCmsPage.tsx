// /cms-tax-tips: the tax tips of /tax-tips, each in English and Kiswahili, in their order.
// Saving publishes the whole list at once; with none saved, /tax-tips shows Risiti's own.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type * as v from 'valibot';
import { MAX_TAX_TIPS, taxTipsSchema, type TaxTipInput } from '../../../domain/schemas/content';
import { fetchTaxTips, saveTaxTips } from '../../api/tax-tips';
import { AnchorLink } from '../../app/links';
import { notifySuccess } from '../../app/notify';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { usePageTitle } from '../../app/usePageTitle';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { LoadState } from '../admin/LoadState';
import { useServerData } from '../admin/useServerData';
import { BilingualFields } from './UpdatesPage';

type Values = v.InferInput<typeof taxTipsSchema>;
const blank: TaxTipInput = { titleEn: '', titleSw: '', bodyEn: '', bodySw: '' };

function TipsEditor({ initial }: { initial: TaxTipInput[] }) {
  const { t } = useLingui();
  const form = useForm<Values>({
    initialValues: { tips: initial },
    validate: valibotValidate(taxTipsSchema),
  });
  const leave = useLeaveGuard(() => form.isDirty());
  const submit = form.onSubmit(async (values) => {
    const saved = await submitToServer(form, () => saveTaxTips(values.tips));
    if (!saved) return;
    const tips = saved.tips.map(({ titleEn, titleSw, bodyEn, bodySw }) => ({
      titleEn,
      titleSw,
      bodyEn,
      bodySw,
    }));
    form.setValues({ tips });
    form.resetDirty({ tips });
    notifySuccess(t`The tax tips are published.`);
  });
  const tips = form.values.tips;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {tips.map((_, index) => {
          const number = index + 1;
          return (
            <Card key={index} withBorder radius="lg" padding="lg">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text fw={700}>
                    <Trans>Tip {number}</Trans>
                  </Text>
                  <Group gap={4}>
                    <Button
                      size="xs"
                      variant="subtle"
                      disabled={index === 0}
                      onClick={() => form.reorderListItem('tips', { from: index, to: index - 1 })}
                      aria-label={t`Move up`}
                    >
                      <IconArrowUp size={16} />
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      disabled={index === tips.length - 1}
                      onClick={() => form.reorderListItem('tips', { from: index, to: index + 1 })}
                      aria-label={t`Move down`}
                    >
                      <IconArrowDown size={16} />
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => form.removeListItem('tips', index)}
                      aria-label={t`Remove`}
                    >
                      <IconTrash size={16} />
                    </Button>
                  </Group>
                </Group>
                <BilingualFields
                  form={{ getInputProps: (path) => form.getInputProps(`tips.${index}.${path}`) }}
                />
              </Stack>
            </Card>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={18} />}
            disabled={tips.length >= MAX_TAX_TIPS}
            onClick={() => form.insertListItem('tips', { ...blank })}
          >
            <Trans>Add a tip</Trans>
          </Button>
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            <Trans>Publish</Trans>
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </form>
  );
}

export function TaxTipsCmsPage() {
  const { t } = useLingui();
  usePageTitle(t`Tax tips`);
  const tips = useServerData(() => fetchTaxTips(), []);
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Tax tips</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>
          What readers of the tax tips page see, in both languages. Publishing replaces the page at
          once; with no tips saved it shows Risiti's own.
        </Trans>{' '}
        <AnchorLink to="/tax-tips">
          <Trans>Open the page</Trans>
        </AnchorLink>
      </Text>
      <LoadState
        loading={tips.loading && !tips.data}
        failure={tips.failure}
        onRetry={tips.reload}
      />
      {tips.data && (
        <TipsEditor
          initial={tips.data.tips.map(({ titleEn, titleSw, bodyEn, bodySw }) => ({
            titleEn,
            titleSw,
            bodyEn,
            bodySw,
          }))}
        />
      )}
    </Stack>
  );
}
