// Web Push: the browsers that asked for notifications, and the notifications waiting to go.
// A notification is written in the transaction of the event it tells of (a receipt TRA
// refused), so it goes out only if that event was recorded, and a sender process that stops
// leaves it to be sent by the next. Each is its user's, translated when it is sent, and
// deleted once sent (or given up).
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The push service's URL for this browser; one row per browser. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), to encrypt for it. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** When the browser last subscribed: a user keeps their newest browsers (push/service.ts). */
    createdAt: at('created_at').notNull(),
    lastSentAt: at('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export const pushMessages = pgTable(
  'push_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Message ids of the title and body, with their values (server/push/messages.ts). */
    title: text('title').notNull(),
    body: text('body').notNull(),
    values: jsonb('values').$type<Record<string, string | number>>().notNull(),
    /** The app's page a tap opens. */
    url: text('url').notNull(),
    /** Notifications of one tag replace each other on the phone. */
    tag: text('tag').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: at('next_at').notNull(),
    leaseUntil: at('lease_until'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('push_messages_due_idx').on(t.nextAt)],
);
