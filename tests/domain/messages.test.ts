// Every message the domain can show a user has its Swahili translation in the compiled catalog
// (a message id that was never extracted would reach a Swahili user in English).
import { describe, expect, it } from 'vitest';
import { messages as sw } from '../../locales/sw';
import { attachmentMessages } from '../../domain/attachments';
import { dateRangeMessages, datePresetLabels } from '../../domain/date-range';
import { errorMessages } from '../../domain/errors';
import {
  amountTypeLabels,
  expensePaymentMethodLabels,
  expenseSourceLabels,
  expenseStatusLabels,
} from '../../domain/expense';
import type { Message } from '../../domain/i18n';
import { invoiceOriginLabels, invoiceStatusLabels } from '../../domain/invoice-status';
import { m } from '../../domain/messages';
import { recordMessages } from '../../domain/record-messages';
import { expenseMessages } from '../../domain/schemas/expense';
import { categoryMessages } from '../../domain/schemas/expense-category';
import { fieldMessages } from '../../domain/schemas/fields';
import { insightMessages, insightTypeLabels, severityLabels } from '../../domain/schemas/insight';
import { registrationMessages } from '../../domain/schemas/registration';
import { operatorTypeLabels, userMessages, userStatusLabels } from '../../domain/schemas/user';
import { vendorMessages } from '../../domain/schemas/vendor';

const groups: Record<string, Record<string, Message>> = {
  attachmentMessages,
  dateRangeMessages,
  datePresetLabels,
  errorMessages,
  amountTypeLabels,
  expensePaymentMethodLabels,
  expenseSourceLabels,
  expenseStatusLabels,
  invoiceOriginLabels,
  invoiceStatusLabels,
  m,
  recordMessages,
  expenseMessages,
  categoryMessages,
  fieldMessages,
  insightMessages,
  insightTypeLabels,
  severityLabels,
  registrationMessages,
  operatorTypeLabels,
  userMessages,
  userStatusLabels,
  vendorMessages,
};

describe('domain messages', () => {
  it('are all translated into Swahili', () => {
    const missing = Object.entries(groups).flatMap(([group, messages]) =>
      Object.values(messages)
        .filter((message) => !(message.id in sw))
        .map((message) => `${group}: ${message.id}`),
    );
    expect(missing).toEqual([]);
  });
});
