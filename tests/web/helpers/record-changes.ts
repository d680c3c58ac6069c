// A record's state once the server refused this phone's change of version `first`: another
// device made `current` first, and the user has to choose between the two.
import type { LocalFields, RecordSyncError } from '../../../src/db/db';
import { fieldsOf, type ChangeRules } from '../../../src/db/record-changes';

export function changedElsewhereFields(
  rules: ChangeRules,
  first: object,
  current: object,
  held?: RecordSyncError['held'],
): Pick<LocalFields, 'syncState' | 'syncError'> {
  return {
    syncState: 'failed',
    syncError: {
      code: 'record_changed',
      message: 'Someone else changed this record in the meantime. Choose which version to keep.',
      status: 412,
      at: Date.now(),
      current,
      base: fieldsOf(rules, first),
      ...(held ? { held } : {}),
    },
  };
}
