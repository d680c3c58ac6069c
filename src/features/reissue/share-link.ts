// The receipt's own public page (/r/{publicId}), shared with the share sheet where the phone has
// one, else copied for pasting into a message.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReceiptCopy } from '../../api/admin';
import { notifyFailure, notifySuccess } from '../../app/notify';

export async function shareReceiptLink(
  receipt: Pick<ReceiptCopy, 'publicId' | 'receiptNumber'>,
  i18n: I18n,
): Promise<void> {
  const url = `${window.location.origin}/r/${receipt.publicId}`;
  const number = receipt.receiptNumber;
  const text = i18n._(msg`Your receipt ${number}`);
  try {
    if (navigator.share) {
      await navigator.share({ title: text, text, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    notifySuccess(i18n._(msg`The link is copied: paste it into a message to the customer.`));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    notifyFailure({ code: 'share_failed', message: url });
  }
}
