// Web Push subscriptions as a browser gives them (PushSubscription.toJSON()): the push
// service's URL and the keys to encrypt for the browser. Checked before the server keeps one.
import * as v from 'valibot';
import type { Message } from './i18n';

export const pushMessages = {
  endpointInvalid: /*i18n*/ { id: 'This browser’s notification service is not supported' },
  keysInvalid: /*i18n*/ { id: 'This browser sent notification keys that cannot be used' },
} satisfies Record<string, Message>;

const base64url = (length: number, message: Message) =>
  v.pipe(v.string(message.id), v.regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), message.id));

export const pushSubscriptionSchema = v.object({
  endpoint: v.pipe(
    v.string(pushMessages.endpointInvalid.id),
    v.maxLength(2000, pushMessages.endpointInvalid.id),
    v.url(pushMessages.endpointInvalid.id),
    v.startsWith('https://', pushMessages.endpointInvalid.id),
  ),
  keys: v.object(
    {
      /** An uncompressed P-256 point: 65 bytes. */
      p256dh: base64url(87, pushMessages.keysInvalid),
      /** 16 bytes. */
      auth: base64url(22, pushMessages.keysInvalid),
    },
    pushMessages.keysInvalid.id,
  ),
});
export type PushSubscriptionInput = v.InferOutput<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = v.object({
  endpoint: pushSubscriptionSchema.entries.endpoint,
});

/** What a notification carries to the service worker, already in the user's language. */
export interface PushPayload {
  title: string;
  body: string;
  /** The app's page a tap opens. */
  url: string;
  tag: string;
}

/** Whether `host` is one of the push services (`*.example.com` for its subdomains). */
export function isPushServiceHost(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((pattern) =>
    pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) : name === pattern,
  );
}
