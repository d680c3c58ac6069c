// Messages sent from the public contact form. Stored first, then mailed to the platform
// admins; mailed_at stays empty until a mail went out, and the mail is tried again later.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    /** Language the form was filled in, so a reply can use it. */
    language: text('language', { enum: ['en', 'sw'] }).notNull(),
    /** Where it came from, for abuse reports; the rate limit counts per address too. */
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** When a process last took the mailing on: one process mails it, and not too often. */
    mailAttemptAt: timestamp('mail_attempt_at', { withTimezone: true }),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);
