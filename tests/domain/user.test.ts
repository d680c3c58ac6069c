import { describe, expect, it } from 'vitest';
import { m } from '../../domain/messages';
import {
  newUserSchema,
  operatorSchema,
  operatorStatusChangeSchema,
  userMessages,
} from '../../domain/schemas/user';
import { fieldErrors, parsed } from './field-errors';

const COMPANY = '7d4c3a52-8a4f-4a57-9c0e-2f1f4b7b9e10';
const ORGANIZATION = 'c1c2c3c4-d5d6-4e7e-8f8f-909192939495';

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Neema',
  lastName: 'Mwakyusa',
  username: 'Neema.Mwakyusa',
  email: 'neema@dukalamama.co.tz',
  mobile: '712345678',
  companyId: COMPANY,
  ...overrides,
});

describe('a new user (spec §5)', () => {
  it('accepts a complete user, with the username stored lower-case', () => {
    const user = parsed(newUserSchema, newUser({ firstName: '  Neema ' }));
    expect(user).toEqual({
      firstName: 'Neema',
      lastName: 'Mwakyusa',
      username: 'neema.mwakyusa',
      email: 'neema@dukalamama.co.tz',
      mobile: '712345678',
      companyId: COMPANY,
    });
  });

  it('needs first and last names of 3 to 50 characters', () => {
    expect(
      fieldErrors(newUserSchema, newUser({ firstName: 'Al', lastName: 'x'.repeat(51) })),
    ).toEqual({
      firstName: m.firstNameLength.id,
      lastName: m.lastNameLength.id,
    });
    expect(
      fieldErrors(newUserSchema, newUser({ firstName: 'Ali', lastName: 'x'.repeat(50) })),
    ).toEqual({});
  });

  it('needs a username of 3 to 100 characters without spaces', () => {
    expect(fieldErrors(newUserSchema, newUser({ username: 'ab' }))).toEqual({
      username: userMessages.usernameLength.id,
    });
    expect(fieldErrors(newUserSchema, newUser({ username: 'a'.repeat(101) }))).toEqual({
      username: userMessages.usernameLength.id,
    });
    expect(fieldErrors(newUserSchema, newUser({ username: 'neema m' }))).toEqual({
      username: userMessages.usernameSpaces.id,
    });
    expect(fieldErrors(newUserSchema, newUser({ username: 'a'.repeat(100) }))).toEqual({});
  });

  it('needs a valid email of 12 to 100 characters', () => {
    expect(fieldErrors(newUserSchema, newUser({ email: 'neema@duka' }))).toEqual({
      email: m.emailInvalid.id,
    });
    expect(fieldErrors(newUserSchema, newUser({ email: 'ab@duka.tz' }))).toEqual({
      email: userMessages.emailLength.id,
    });
    const long = `${'n'.repeat(92)}@duka.tz`;
    expect(long).toHaveLength(100);
    expect(fieldErrors(newUserSchema, newUser({ email: long }))).toEqual({});
    expect(fieldErrors(newUserSchema, newUser({ email: `n${long}` }))).toEqual({
      email: userMessages.emailLength.id,
    });
  });

  it('needs a mobile number of exactly 9 digits', () => {
    for (const mobile of ['71234567', '0712345678', '71234567a', '']) {
      expect(fieldErrors(newUserSchema, newUser({ mobile })), mobile).toEqual({
        mobile: m.phoneInvalid.id,
      });
    }
  });

  it('needs a company', () => {
    expect(fieldErrors(newUserSchema, newUser({ companyId: undefined }))).toEqual({
      companyId: userMessages.companyRequired.id,
    });
    expect(fieldErrors(newUserSchema, newUser({ companyId: 'duka' }))).toEqual({
      companyId: userMessages.companyRequired.id,
    });
  });
});

describe('an operator (spec §3, §5 Operator creation)', () => {
  const operator = (overrides: Record<string, unknown> = {}) => ({
    ...newUser(),
    organizationId: ORGANIZATION,
    userType: 'operator',
    ...overrides,
  });

  it('is active from today unless told otherwise', () => {
    const created = parsed(operatorSchema, operator());
    expect(created.status).toBe('active');
    expect(created.entranceDay).toBeUndefined();
    expect(parsed(operatorSchema, operator({ entranceDay: '01-03-2026' })).entranceDay).toBe(
      '2026-03-01',
    );
  });

  it('needs an organization, a company and a user type', () => {
    expect(
      fieldErrors(
        operatorSchema,
        operator({ organizationId: '', companyId: undefined, userType: undefined }),
      ),
    ).toEqual({
      organizationId: userMessages.organizationRequired.id,
      companyId: userMessages.companyRequired.id,
      userType: userMessages.userTypeRequired.id,
    });
  });

  it('creates company owners and operators, never administrators', () => {
    expect(parsed(operatorSchema, operator({ userType: 'company_owner' })).userType).toBe(
      'company_owner',
    );
    for (const userType of ['platform_admin', 'org_admin', 'cashier']) {
      expect(fieldErrors(operatorSchema, operator({ userType }))).toEqual({
        userType: userMessages.userTypeRequired.id,
      });
    }
  });

  it('is active, inactive or blocked, and starts on a real day', () => {
    expect(fieldErrors(operatorSchema, operator({ status: 'deleted' }))).toEqual({
      status: userMessages.statusInvalid.id,
    });
    expect(fieldErrors(operatorSchema, operator({ entranceDay: '31-04-2026' }))).toEqual({
      entranceDay: userMessages.entranceDayInvalid.id,
    });
    for (const status of ['active', 'inactive', 'blocked']) {
      expect(parsed(operatorStatusChangeSchema, { status }).status).toBe(status);
    }
  });
});
