/** The Background Sync tag under which the service worker drains the outbox. */
export const OUTBOX_SYNC_TAG = 'risiti-outbox';
