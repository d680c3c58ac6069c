// The shell's company switcher: an admin who reaches several companies picks the one whose
// invoices, customers and products the screens show; the sync engine follows at once.
import { Button, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconBuildingStore, IconSelector } from '@tabler/icons-react';
import { useSession } from '../../stores/session';
import { CompanyPicker, toActing } from './CompanyPicker';

export function CompanySwitcher({ onPicked }: { onPicked?(): void }) {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  const acting = useSession((state) => state.actingCompany);
  const setActing = useSession((state) => state.setActingCompany);
  const name = acting?.name ?? '';
  return (
    <>
      <Button
        variant="light"
        fullWidth
        justify="space-between"
        leftSection={<IconBuildingStore size={18} />}
        rightSection={<IconSelector size={16} />}
        onClick={open}
        aria-label={acting ? t`Working in ${name}. Change the company` : t`Choose a company`}
        data-testid="company-switcher"
        // Two lines rather than "Chagua kamp…": the navbar is narrow and names are long.
        h="auto"
        py={8}
        styles={{ label: { overflow: 'hidden', whiteSpace: 'normal' } }}
      >
        <Text span lineClamp={2} size="sm" fw={600} ta="left">
          {acting ? acting.name : <Trans>Choose a company</Trans>}
        </Text>
      </Button>
      <Modal opened={opened} onClose={close} title={t`Work in a company`} size="lg">
        <CompanyPicker
          current={acting?.id ?? null}
          onPick={(company) => {
            void setActing(toActing(company));
            close();
            onPicked?.();
          }}
        />
        {acting && (
          <Button
            mt="md"
            variant="subtle"
            color="gray"
            onClick={() => {
              void setActing(null);
              close();
              onPicked?.();
            }}
          >
            <Trans>Leave {name}</Trans>
          </Button>
        )}
      </Modal>
    </>
  );
}
