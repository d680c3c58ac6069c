// Web Push (DESIGN.md: standard Web Push, no outside account): a browser's subscription kept
// for its user, notifications queued in the transaction of the event they tell of, and a
// sender that encrypts each for every browser of its user with the server's VAPID key and
// posts it to the push service. Only the push services of the configuration are posted to, so
// a subscription cannot make the server call anything else. A push service that says the
// browser is gone (404, 410) loses the subscription; other failures are tried again after 1,
// 5, 30 minutes and 2 hours, then given up.
import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import webpush from 'web-push';
import type { Locale, Message } from '../../domain/i18n';
import { isPushServiceHost, type PushPayload, type PushSubscriptionInput } from '../../domain/push';
import { pushMessages as messages } from '../../domain/push';
import type { Deps } from '../context';
import { startQueueLoop } from '../queue-loop';
import type { DbOrTx } from '../db/client';
import { pushMessages, pushSubscriptions, users } from '../db/schema';
import { AppError } from '../http/app-error';
import { errorMessages } from '../../domain/errors';
import { translate } from '../i18n';

const RETRY_MINUTES = [1, 5, 30, 120];
/**
 * Browsers kept per user: a person's phones and computers. Subscribing one more forgets the one
 * that subscribed longest ago, so no account can make the sender post to endless endpoints.
 */
export const MAX_BROWSERS_PER_USER = 10;
const LEASE_MS = 60_000;
/** How long a push service keeps a notification for a phone that is off. */
const TTL_SECONDS = 24 * 3600;

export async function saveSubscription(
  deps: Deps,
  userId: string,
  subscription: PushSubscriptionInput,
): Promise<{ created: boolean }> {
  if (!isPushServiceHost(new URL(subscription.endpoint).host, deps.config.pushServiceHosts)) {
    throw new AppError(422, 'validation_failed', errorMessages.validation_failed, {
      fields: { endpoint: messages.endpointInvalid.id },
    });
  }
  // Subscribing again makes a browser the user's newest.
  const keys = {
    userId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    createdAt: deps.clock.now(),
  };
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    // A browser signed in by someone else now notifies its new user only.
    await tx
      .insert(pushSubscriptions)
      .values({ ...keys, endpoint: subscription.endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: keys });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    const forgotten = kept.slice(MAX_BROWSERS_PER_USER).map((row) => row.id);
    if (forgotten.length) {
      await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, forgotten));
    }
    return { created: !existing };
  });
}

/** Forgets the user's browser; another user's subscription stays as it is. */
export async function deleteSubscription(deps: Deps, userId: string, endpoint: string) {
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export interface PushNotice {
  title: Message;
  body: Message;
  values: Record<string, string | number>;
  url: string;
  tag: string;
}

/** Queues a notice for each of `userIds`, in the caller's transaction. */
export async function queuePush(
  tx: DbOrTx,
  userIds: readonly string[],
  notice: PushNotice,
  now: Date,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await tx.insert(pushMessages).values(
    unique.map((userId) => ({
      userId,
      title: notice.title.id,
      body: notice.body.id,
      values: notice.values,
      url: notice.url,
      tag: notice.tag,
      nextAt: now,
      createdAt: now,
    })),
  );
}

type Queued = typeof pushMessages.$inferSelect;

async function claim(deps: Deps, limit: number): Promise<Queued[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pushMessages.id })
      .from(pushMessages)
      .where(
        and(
          lte(pushMessages.nextAt, now),
          or(isNull(pushMessages.leaseUntil), lt(pushMessages.leaseUntil, now)),
        ),
      )
      .orderBy(asc(pushMessages.nextAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(pushMessages)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          pushMessages.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

function payloadOf(message: Queued, locale: Locale): PushPayload {
  return {
    title: translate(locale, message.title, message.values),
    body: translate(locale, message.body, message.values),
    url: message.url,
    tag: message.tag,
  };
}

/** Sends one notice to every browser of its user; true when none needs trying again. */
async function deliver(deps: Deps, message: Queued): Promise<boolean> {
  const [user] = await deps.db
    .select({ language: users.language, status: users.status })
    .from(users)
    .where(eq(users.id, message.userId));
  if (!user || user.status !== 'active') return true;
  const targets = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, message.userId));
  const body = JSON.stringify(payloadOf(message, user.language));
  let done = true;
  for (const target of targets) {
    if (!isPushServiceHost(new URL(target.endpoint).host, deps.config.pushServiceHosts)) continue;
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        body,
        {
          TTL: TTL_SECONDS,
          topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
          urgency: 'high',
          timeout: 15_000,
          vapidDetails: {
            subject: deps.config.publicUrl ?? 'mailto:support@risiti.co.tz',
            publicKey: deps.secrets.vapid.publicKey,
            privateKey: deps.secrets.vapid.privateKey,
          },
        },
      );
      await deps.db
        .update(pushSubscriptions)
        .set({ lastSentAt: deps.clock.now() })
        .where(eq(pushSubscriptions.id, target.id));
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
      } else {
        deps.log.info('A push notification was not delivered', {
          status: status ?? null,
          error: String(error),
        });
        done = false;
      }
    }
  }
  return done;
}

/** Sends the due notices; returns how many it took. */
export async function runDuePush(deps: Deps, limit = 20): Promise<number> {
  const batch = await claim(deps, limit);
  for (const message of batch) {
    const done = await deliver(deps, message).catch(() => false);
    const attempts = message.attempts + 1;
    const delay = RETRY_MINUTES[attempts - 1];
    const now = deps.clock.now();
    if (done || delay === undefined) {
      await deps.db.delete(pushMessages).where(eq(pushMessages.id, message.id));
    } else {
      await deps.db
        .update(pushMessages)
        .set({ attempts, leaseUntil: null, nextAt: new Date(now.getTime() + delay * 60_000) })
        .where(eq(pushMessages.id, message.id));
    }
  }
  return batch.length;
}

/** Sends what is due every 2 s, and again at once while there is more. */
export function startPushSender(deps: Deps, intervalMs = 2_000) {
  return startQueueLoop(() => runDuePush(deps), {
    intervalMs,
    log: deps.log,
    failure: 'Sending push notifications failed',
  });
}
