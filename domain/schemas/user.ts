// People who work in a company: a new user (spec §5 New user) and an operator as the admin
// screens create and edit them (spec §3 Operator, §5 Operator creation).
import * as v from 'valibot';
import type { Message } from '../i18n';
import { m } from '../messages';
import { USER_STATUSES, type Role } from '../roles';
import { phone9 } from './auth';
import { calendarDate, recordId, textBetween } from './fields';

export const userMessages = {
  usernameLength: /*i18n*/ { id: 'Username must be 3 to 100 characters' },
  usernameSpaces: /*i18n*/ { id: 'Username must not contain spaces' },
  emailLength: /*i18n*/ { id: 'Email must be 12 to 100 characters' },
  companyRequired: /*i18n*/ { id: 'Choose a company' },
  organizationRequired: /*i18n*/ { id: 'Choose an organization' },
  userTypeRequired: /*i18n*/ { id: 'Choose the type of user' },
  statusInvalid: /*i18n*/ { id: 'Choose active, inactive or blocked' },
  entranceDayInvalid: /*i18n*/ { id: 'Enter a valid entrance day as DD-MM-YYYY' },
} satisfies Record<string, Message>;

const um = userMessages;

/** The types of user an operator form can create: people who work inside one company. */
export const OPERATOR_TYPES = ['company_owner', 'operator'] as const satisfies readonly Role[];
export type OperatorType = (typeof OPERATOR_TYPES)[number];

export const operatorTypeLabels: Record<OperatorType, Message> = {
  company_owner: /*i18n*/ { id: 'Company owner' },
  operator: /*i18n*/ { id: 'Operator' },
};

export const userStatusLabels: Record<(typeof USER_STATUSES)[number], Message> = {
  active: /*i18n*/ { id: 'Active' },
  inactive: /*i18n*/ { id: 'Inactive' },
  blocked: /*i18n*/ { id: 'Blocked' },
};

/** Usernames are compared lower-cased at sign-in, so they are stored lower-cased. */
export const username = v.pipe(
  textBetween(3, 100, um.usernameLength),
  v.regex(/^\S+$/, um.usernameSpaces.id),
  v.toLowerCase(),
);

export const userEmail = v.pipe(
  v.string(m.emailInvalid.id),
  v.trim(),
  v.email(m.emailInvalid.id),
  v.minLength(12, um.emailLength.id),
  v.maxLength(100, um.emailLength.id),
);

/** The fields every person has: names, username, email and 9-digit mobile. */
export const personEntries = {
  firstName: textBetween(3, 50, m.firstNameLength),
  lastName: textBetween(3, 50, m.lastNameLength),
  username,
  email: userEmail,
  mobile: phone9,
};

/** A user added to a company (spec §5 New user). */
export const newUserSchema = v.object({
  ...personEntries,
  companyId: recordId(um.companyRequired),
});
export type NewUserInput = v.InferInput<typeof newUserSchema>;
export type NewUser = v.InferOutput<typeof newUserSchema>;

export const userStatusSchema = v.picklist(USER_STATUSES, um.statusInvalid.id);

/**
 * An operator as created or edited on the organization and company screens. Organization,
 * company and user type are required (spec §5); a new operator is active unless said otherwise,
 * and the entrance day (the day they started, EAT) defaults to today on the server.
 */
export const operatorSchema = v.object({
  ...personEntries,
  organizationId: recordId(um.organizationRequired),
  companyId: recordId(um.companyRequired),
  userType: v.picklist(OPERATOR_TYPES, um.userTypeRequired.id),
  status: v.optional(userStatusSchema, 'active'),
  entranceDay: v.optional(calendarDate(um.entranceDayInvalid)),
});
export type OperatorInput = v.InferInput<typeof operatorSchema>;
export type Operator = v.InferOutput<typeof operatorSchema>;

/** Enabling, disabling or blocking an operator (spec §4). */
export const operatorStatusChangeSchema = v.object({ status: userStatusSchema });
export type OperatorStatusChange = v.InferOutput<typeof operatorStatusChangeSchema>;
