// The guided tour (driver.js), loaded only when it runs: on the dashboard it shows a new
// operator where today's sales, what waits and the sync state are, then takes them to a new
// invoice and walks through the customer, the items, the payments and submitting. Every step
// can be skipped; the tour then counts as done until it is asked for again from the Help menu.
import { driver, type DriveStep, type PopoverDOM } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { writeTourState } from './tour-state';

const text = {
  welcomeTitle: msg`Welcome to Risiti`,
  welcome: msg`This short tour shows how to write and submit your first invoice. You can skip it, and take it again from the Help menu (?).`,
  todayTitle: msg`Today's sales`,
  today: msg`What this phone sold today. It works without a connection too.`,
  waitingTitle: msg`What waits`,
  waiting: msg`Drafts, invoices waiting for a connection, and receipts waiting for TRA's answer.`,
  syncTitle: msg`Connection and sync`,
  sync: msg`Shows whether your changes reached the server. Without a connection, invoices are kept on this phone and sent later.`,
  startTitle: msg`Write an invoice`,
  start: msg`Every sale starts here. Press Next to open a new invoice.`,
  customerTitle: msg`The customer`,
  customer: msg`Pick a saved customer, add a new one, or leave it as a walk-in customer.`,
  itemsTitle: msg`What you sell`,
  items: msg`Type a product or service, the quantity, the price and the tax type. The totals update as you type.`,
  paymentsTitle: msg`Payment`,
  payments: msg`How the customer paid. What is not paid yet is sent to TRA as sold on credit.`,
  submitTitle: msg`Submit to TRA`,
  submit: msg`Submit numbers the receipt at once: you can print or share it right away. Without a connection it waits and is sent when the connection returns.`,
  next: msg`Next`,
  previous: msg`Back`,
  done: msg`Done`,
  skip: msg`Skip the tour`,
  progress: msg`{current} of {total}`,
};

/** The visible one of several matching elements (the editor has a phone and a desktop layout). */
function visible(selector: string): () => Element {
  return () => {
    const all = [...document.querySelectorAll<HTMLElement>(selector)];
    return all.find((element) => element.offsetParent !== null) ?? all[0]!;
  };
}

/**
 * driver.js marks the highlighted element as opening a dialog (aria-haspopup, aria-expanded,
 * aria-controls). On a plain card or on its invisible stand-in for a centred step those
 * attributes are not allowed and screen readers announce a control that is not there; the
 * popover is announced as a dialog on its own.
 */
function dropPopupAttributes() {
  for (const element of document.querySelectorAll('.driver-active-element')) {
    const interactive = ['button', 'a[href]', '[role=button]', '[role=link]', '[role=combobox]'];
    if (element.matches(interactive.join(','))) continue;
    for (const name of ['aria-haspopup', 'aria-expanded', 'aria-controls']) {
      element.removeAttribute(name);
    }
  }
}

function run(i18n: I18n, userId: string, steps: DriveStep[], onFinish: () => void) {
  const t = (descriptor: MessageDescriptor, values?: Record<string, unknown>) => {
    const withValues: MessageDescriptor = { ...descriptor, values };
    return i18n._(withValues);
  };
  let finished = false;
  // Closing by the skip button, the close button, Escape, the overlay or Done counts the tour as
  // seen here, not in onDestroyed: driver.js calls that only once a step's animation has ended,
  // so a quick skip would otherwise bring the tour back on the next visit.
  const close = () => {
    if (!finished) {
      finished = true;
      writeTourState(userId, 'done');
    }
    tour.destroy();
  };
  const tour = driver({
    steps,
    showProgress: true,
    progressText: t(text.progress, { current: '{{current}}', total: '{{total}}' }),
    nextBtnText: t(text.next),
    prevBtnText: t(text.previous),
    doneBtnText: t(text.done),
    allowClose: true,
    skipMissingElement: true,
    waitForElement: 3000,
    popoverClass: 'risiti-tour',
    onPopoverRender: (popover: PopoverDOM) => {
      const skip = document.createElement('button');
      skip.type = 'button';
      skip.textContent = t(text.skip);
      skip.className = 'risiti-tour-skip';
      skip.dataset.testid = 'tour-skip';
      skip.addEventListener('click', close);
      popover.footer.prepend(skip);
      popover.wrapper.dataset.testid = 'tour';
    },
    onHighlighted: dropPopupAttributes,
    onDestroyStarted: close,
  });
  return {
    tour,
    /** Closes the tour without counting it as seen (the page went away). */
    dispose() {
      finished = true;
      tour.destroy();
    },
    finish() {
      finished = true;
      tour.destroy();
      onFinish();
    },
  };
}

/** The dashboard part; its last step opens a new invoice and hands over to the invoice part. */
export function runDashboardTour(
  i18n: I18n,
  userId: string,
  openNewInvoice: () => void,
): () => void {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor);
  const handle: { finish?: () => void } = {};
  const steps: DriveStep[] = [
    { popover: { title: t(text.welcomeTitle), description: t(text.welcome) } },
    {
      element: '[data-tour=today]',
      popover: { title: t(text.todayTitle), description: t(text.today) },
    },
    {
      element: '[data-tour=waiting]',
      popover: { title: t(text.waitingTitle), description: t(text.waiting) },
    },
    {
      element: '[data-testid=sync-state]',
      popover: { title: t(text.syncTitle), description: t(text.sync) },
    },
    {
      element: visible('[data-tour=new-invoice]'),
      popover: {
        title: t(text.startTitle),
        description: t(text.start),
        onNextClick: () => handle.finish?.(),
      },
    },
  ];
  const started = run(i18n, userId, steps, () => {
    writeTourState(userId, 'invoice');
    openNewInvoice();
  });
  handle.finish = started.finish;
  started.tour.drive();
  return started.dispose;
}

/** The invoice part, on the new invoice's page. */
export function runInvoiceTour(i18n: I18n, userId: string): () => void {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor);
  const steps: DriveStep[] = [
    {
      element: '#invoice-customer',
      popover: { title: t(text.customerTitle), description: t(text.customer) },
    },
    {
      element: '#invoice-items',
      popover: { title: t(text.itemsTitle), description: t(text.items) },
    },
    {
      element: '#invoice-payments',
      popover: { title: t(text.paymentsTitle), description: t(text.payments) },
    },
    {
      element: visible('[data-tour=submit]'),
      popover: { title: t(text.submitTitle), description: t(text.submit), side: 'top' },
    },
  ];
  const started = run(i18n, userId, steps, () => undefined);
  started.tour.drive();
  return started.dispose;
}
