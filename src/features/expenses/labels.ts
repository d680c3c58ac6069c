// Words the expense screens share.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { categoryPresetText } from '../../../domain/expense-categories';
import type { LookupStatus } from '../../../domain/expense-record';
import type { EntryMethod } from './search';

export const lookupStatusLabels: Record<LookupStatus, MessageDescriptor> = {
  queued: msg`Receipt processing`,
  reading: msg`Receipt processing`,
  done: msg`Read from TRA`,
  failed: msg`Receipt processing failed`,
};

export const entryMethodLabels: Record<EntryMethod, MessageDescriptor> = {
  scan: msg`Scan QR`,
  code: msg`Receipt code`,
  upload: msg`Upload file`,
  manual: msg`Enter by hand`,
};

/** A category's name in the reader's language (a starting category untouched by the user). */
export function categoryName(
  i18n: I18n,
  category: { preset: string | null; name: string } | null | undefined,
): string {
  if (!category) return '';
  const preset = categoryPresetText(category);
  return preset ? i18n._(preset.name) : category.name;
}

export function categoryDescription(
  i18n: I18n,
  category: { preset: string | null; name: string; description: string | null },
): string {
  const preset = categoryPresetText(category);
  return preset?.description ? i18n._(preset.description) : (category.description ?? '');
}
