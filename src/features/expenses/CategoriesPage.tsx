// Expense categories (spec §3): name, code, description and whether they are in use. A new
// company starts with a set a Tanzanian shop needs, shown in the reader's language until
// renamed. Categories are inactivated rather than deleted, after a confirmation (spec §4). When
// another device changed the same fields first, the category's row shows both and asks.
import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus } from '@tabler/icons-react';
import { expenseCategorySchema } from '../../../domain/schemas/expense-category';
import type { ExpenseCategoryRecord } from '../../../domain/expense-record';
import type { LocalExpenseCategory } from '../../db/db';
import {
  categoryChanges,
  saveCategory,
  setCategoryActive,
  settleCategoryChange,
} from '../../db/expense-directory';
import { conflictOf } from '../../db/record-changes';
import { useExpenseCategories } from '../../db/useExpenseCategories';
import { RecordValidationError } from '../../db/validation';
import { BackLink } from '../../app/BackLink';
import { notifyFailure } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { valibotValidate } from '../../forms/valibot';
import { ConfirmDialog } from '../invoices/ConfirmDialog';
import { compareFields, RecordConflict, type ShownField } from '../sync/RecordConflict';
import { RecordSyncBadge } from '../sync/RecordSyncBadge';
import { categoryDescription, categoryName } from './labels';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { FormModal } from '../../app/shell/FormModal';

interface CategoryValues {
  name: string;
  code: string;
  description: string;
}

function CategoryForm({
  companyId,
  category,
  onDone,
}: {
  companyId: string;
  category: LocalExpenseCategory | null;
  onDone(): void;
}) {
  const { t, i18n } = useLingui();
  const form = useForm<CategoryValues>({
    initialValues: {
      name: category ? categoryName(i18n, category) : '',
      code: category?.code ?? '',
      description: category ? categoryDescription(i18n, category) : '',
    },
    validate: valibotValidate(expenseCategorySchema),
  });
  const leave = useLeaveGuard(() => form.isDirty());
  const submit = form.onSubmit(async (values) => {
    try {
      const unchangedPreset = category?.preset && values.name === categoryName(i18n, category);
      await saveCategory(companyId, {
        ...values,
        // A starting category keeps its stored name while only shown translated.
        name: unchangedPreset ? category.name : values.name,
        description:
          unchangedPreset && values.description === categoryDescription(i18n, category)
            ? category.description
            : values.description,
        id: category?.id,
        active: category?.active ?? true,
      });
      onDone();
    } catch (error) {
      if (error instanceof RecordValidationError) {
        const { _: general, ...fields } = error.fields;
        form.setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, i18n._(v)])));
        if (general) notifyFailure({ code: 'category_refused', message: i18n._(general) });
        return;
      }
      throw error;
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t`Name`}
          required
          maxLength={100}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t`Code`}
          description={t`2 to 20 letters, digits, - or _, e.g. FUEL`}
          required
          autoCapitalize="characters"
          maxLength={20}
          {...form.getInputProps('code')}
        />
        <Textarea
          label={t`Description`}
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">
            <Trans>Save category</Trans>
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </form>
  );
}

/** Both versions of the fields this phone and another device changed, and the user's choice. */
function CategoryConflict({
  companyId,
  category,
}: {
  companyId: string;
  category: LocalExpenseCategory;
}) {
  const { t, i18n } = useLingui();
  const conflict = conflictOf<ExpenseCategoryRecord>(categoryChanges, category);
  if (!conflict) return null;
  const shown = (c: ExpenseCategoryRecord): Record<string, ShownField> => ({
    name: { label: t`Name`, value: categoryName(i18n, c) },
    code: { label: t`Code`, value: c.code },
    description: { label: t`Description`, value: categoryDescription(i18n, c) },
    active: { label: t`Status`, value: c.active ? t`Active` : t`Inactive` },
  });
  return (
    <Box mt="sm">
      <RecordConflict
        fields={compareFields(shown(category), shown(conflict.theirs), conflict.fields)}
        onChoose={(choice) => settleCategoryChange(companyId, category.id, choice)}
      />
    </Box>
  );
}

export function CategoriesPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Expense categories`);
  const companyId = useCompanyId();
  const categories = useExpenseCategories(companyId);
  const [editing, setEditing] = useState<LocalExpenseCategory | 'new' | null>(null);
  const [toggling, setToggling] = useState<LocalExpenseCategory | null>(null);
  if (!companyId) return null;
  const sorted = [...(categories ?? [])].sort((a, b) =>
    a.active === b.active
      ? categoryName(i18n, a).localeCompare(categoryName(i18n, b))
      : a.active
        ? -1
        : 1,
  );
  const toggle = async () => {
    if (!toggling) return;
    await setCategoryActive(companyId, toggling.id, !toggling.active);
    setToggling(null);
  };
  const togglingName = toggling ? categoryName(i18n, toggling) : '';
  return (
    <Stack gap="md" maw={820}>
      <BackLink to="/expenses">{t`Expenses`}</BackLink>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>Expense categories</Trans>
        </Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          <Trans>New category</Trans>
        </Button>
      </Group>
      <Stack gap="xs">
        {sorted.map((category) => {
          const code = category.code;
          return (
            <Card key={category.id} withBorder padding="sm" radius="md" data-testid="category-row">
              <Group justify="space-between" gap="sm">
                <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Group gap={6}>
                    <Text fw={600} c={category.active ? undefined : 'dimmed'}>
                      {categoryName(i18n, category)}
                    </Text>
                    <Badge variant="outline" size="sm">
                      {category.code}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {categoryDescription(i18n, category)}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap" ml="auto">
                  <RecordSyncBadge state={category.syncState} compact />
                  <Switch
                    checked={category.active}
                    onChange={() => setToggling(category)}
                    aria-label={category.active ? t`Inactivate ${code}` : t`Activate ${code}`}
                  />
                  <Button size="compact-sm" variant="subtle" onClick={() => setEditing(category)}>
                    <Trans>Edit</Trans>
                  </Button>
                </Group>
              </Group>
              <CategoryConflict companyId={companyId} category={category} />
            </Card>
          );
        })}
      </Stack>
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t`New category` : t`Edit category`}
        centered
      >
        {editing !== null && (
          <CategoryForm
            companyId={companyId}
            category={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </FormModal>
      <ConfirmDialog
        opened={toggling !== null}
        onClose={() => setToggling(null)}
        onConfirm={() => void toggle()}
        title={toggling?.active ? t`Inactivate ${togglingName}?` : t`Activate ${togglingName}?`}
        confirmLabel={toggling?.active ? t`Inactivate` : t`Activate`}
        color={toggling?.active ? 'red' : undefined}
      >
        {toggling?.active ? (
          <Trans>It is no longer offered for new expenses. Expenses already in it keep it.</Trans>
        ) : (
          <Trans>It is offered again for new expenses.</Trans>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
