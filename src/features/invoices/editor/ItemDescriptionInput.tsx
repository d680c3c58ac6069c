// The description of an invoice line, suggesting the company's saved products as the operator
// types; picking one fills the line from it. Free text stays allowed: not everything sold is a
// saved product.
import { useMemo } from 'react';
import { Combobox, Group, Text, TextInput, useCombobox, type TextInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { formatTsh } from '../../../../domain/money';
import { productNameKey } from '../../../../domain/schemas/product';
import type { LocalProduct } from '../../../db/db';
import { useProducts } from '../../../db/useProducts';

const LIMIT = 8;

/** Products whose name holds every typed word; names that start with the text come first. */
export function matchProducts(products: readonly LocalProduct[], search: string): LocalProduct[] {
  const key = productNameKey(search);
  const words = key.split(' ').filter(Boolean);
  if (!words.length) return products.slice(0, LIMIT);
  const matches = products.filter((p) => words.every((word) => p.nameKey.includes(word)));
  const starting = matches.filter((p) => p.nameKey.startsWith(key));
  const others = matches.filter((p) => !p.nameKey.startsWith(key));
  return [...starting, ...others].slice(0, LIMIT);
}

export interface ItemDescriptionInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  companyId: string;
  value: string;
  onChange(value: string): void;
  onPick(product: LocalProduct): void;
}

export function ItemDescriptionInput({
  companyId,
  value,
  onChange,
  onPick,
  ...input
}: ItemDescriptionInputProps) {
  const { t } = useLingui();
  const combobox = useCombobox();
  const products = useProducts(companyId);
  const matches = useMemo(() => matchProducts(products ?? [], value), [products, value]);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const product = matches.find((candidate) => candidate.id === id);
        if (product) onPick(product);
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
          onBlur={(event) => {
            combobox.closeDropdown();
            input.onBlur?.(event);
          }}
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
