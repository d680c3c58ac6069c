// The item description input of an invoice line that suggests the company's products as the
// operator types; picking one hands the product over (name, price, tax type, VAT included) for
// the line to copy. Free text stays allowed: not everything sold is a saved product.
import { Combobox, Group, Text, TextInput, useCombobox, type TextInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { formatTsh } from '../../../domain/money';
import type { LocalProduct } from '../../db/db';
import { useProductMatches } from './useProductMatches';

export interface ProductPickerProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  companyId: string | null;
  value: string;
  onChange(value: string): void;
  onPick(product: LocalProduct): void;
}

export function ProductPicker({
  companyId,
  value,
  onChange,
  onPick,
  ...input
}: ProductPickerProps) {
  const { t } = useLingui();
  const combobox = useCombobox();
  const matches = useProductMatches(companyId, value) ?? [];
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const product = matches.find((candidate) => candidate.id === id);
        if (product) {
          onChange(product.name);
          onPick(product);
        }
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          {...input}
          value={value}
          autoComplete="off"
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={matches.length === 0}>
        <Combobox.Options aria-label={t`Saved products and services`}>
          {matches.map((product) => (
            <Combobox.Option value={product.id} key={product.id}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" truncate>
                  {product.name}
                </Text>
                {product.unitPrice !== null && (
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatTsh(product.unitPrice)}
                  </Text>
                )}
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
