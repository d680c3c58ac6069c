// The requests and answers shown on the developer documentation pages, as data.
// tests/server/api-docs.test.ts sends every one of them to the real app, in the order of its
// scenario, and fails when an answer's status, headers or body no longer match what is shown.
/* eslint-disable lingui/no-unlocalized-strings -- the API's own words: paths, JSON and sample data */
import { errorMessages } from '../../../domain/errors';
import { m } from '../../../domain/messages';
import { invoiceMessages } from '../../../domain/schemas/invoice';

export interface ApiExample {
  method: 'GET' | 'POST' | 'PUT' | 'OPTIONS';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent this many times in a row; the answer shown is the last one's. */
  repeat?: number;
  /** Sent this many seconds after the sign-in that gave its token. */
  laterSeconds?: number;
  response: { status: number; headers?: Record<string, string>; body?: unknown };
}

/**
 * Values that differ on every call (server-made ids, dates, receipt numbers): the test checks
 * their type, every other value as shown. Names a key, or a path ending (`company.id`).
 */
export const VARYING_VALUES = [
  'organization_id',
  'company_id',
  'company.id',
  'publicId',
  'date',
  'createdAt',
  'updatedAt',
  'submittedAt',
  'canceledAt',
  'receiptNumber',
  'dailyCounter',
  'zNumber',
  'verificationCode',
  'receiptDate',
  'receiptTime',
  'verificationUrl',
  'seq',
  'cursor',
] as const;

/** Tokens as shown; the test puts the real ones in their place, in order of appearance. */
export const EXAMPLE_TOKENS = {
  access:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiY29tcGFueV9vd25lciIsInR2IjowfQ.uIBYU4L81MSRVKtW4Tv8cQqAwCFNRLOyQJ_6neojmu0',
  refresh: 'Iexp_wzqDrKqojsvQq-DXshzNpfjXm8ScsRICxCrmtg',
  newAccess:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiY29tcGFueV9vd25lciIsInR2IjoxfQ.Zt3m0cQ8vJbq2H7Kp9WfYx1LsRkNaE4uGdV6oTi5Bh8',
  newRefresh: 'uS_2eXCXMQx99FfgSnO90UwCs5ExfjIEJK-U1JGiXMg',
  firstAccess:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoib3BlcmF0b3IiLCJ0diI6MH0.q8Vn2xR0cTjA5mKw7LbZ3sHdYe1UfGiP4oNaXk6rQ9E',
  firstRefresh: 'b7Rk2mWq9ZtX0cVn4LpA1sDfGh5JkQeUyIoP3aSdF6g',
  chosenAccess:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoib3BlcmF0b3IiLCJ0diI6MX0.Hc4pT9wZ2aLm6QxV1nRb8YsKe3JdUf0GiOrNo7Wt5Aq',
  chosenRefresh: 'Qx3nV8bT1mZr6KwY0pLc4sAe9GhDjUf2iOkNq5RtS7a',
} as const;

/** A person your company just created for a system, who has not chosen a password yet. */
export const EXAMPLE_NEW_OPERATOR = {
  id: '5b0e8c2d-7f14-4a9b-8e63-2d9c0a4f1b77',
  username: 'erp.mwanga',
  password: 'Mwanzo-2026!',
  newPassword: 'Mfumo-wa-ERP-9',
  firstname: 'ERP',
  lastname: 'Mwanga',
  email: 'erp@dukamwanga.co.tz',
  mobile: '754998877',
} as const;

/** The account the examples sign in with. */
export const EXAMPLE_ACCOUNT = {
  id: 'e96ad1b5-fbdb-473d-97ec-07093370042a',
  username: 'duka.mwanga',
  password: 'Siri-2026!',
  firstname: 'Neema',
  lastname: 'Mushi',
  email: 'neema@dukamwanga.co.tz',
  mobile: '754112233',
  company: { name: 'Duka la Mwanga', tin: '104558231' },
} as const;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const json = { 'Content-Type': 'application/json' };

const sessionUser = {
  id: EXAMPLE_ACCOUNT.id,
  username: EXAMPLE_ACCOUNT.username,
  firstname: EXAMPLE_ACCOUNT.firstname,
  lastname: EXAMPLE_ACCOUNT.lastname,
  email: EXAMPLE_ACCOUNT.email,
  mobile: EXAMPLE_ACCOUNT.mobile,
  role: 'company_owner',
  isAdmin: false,
  user_type: 'company_owner',
  organization_id: '662c45ef-19d7-48e5-968d-5dd8bcaa648e',
  company_id: 'd4a1df47-a495-4bba-b823-522573bf1a06',
  company: {
    id: 'd4a1df47-a495-4bba-b823-522573bf1a06',
    name: EXAMPLE_ACCOUNT.company.name,
    tin: EXAMPLE_ACCOUNT.company.tin,
    blockedByTra: false,
  },
  language: 'en',
  changePassword: false,
};

const {
  access,
  refresh,
  newAccess,
  newRefresh,
  firstAccess,
  firstRefresh,
  chosenAccess,
  chosenRefresh,
} = EXAMPLE_TOKENS;

const newOperator = {
  ...sessionUser,
  id: EXAMPLE_NEW_OPERATOR.id,
  username: EXAMPLE_NEW_OPERATOR.username,
  firstname: EXAMPLE_NEW_OPERATOR.firstname,
  lastname: EXAMPLE_NEW_OPERATOR.lastname,
  email: EXAMPLE_NEW_OPERATOR.email,
  mobile: EXAMPLE_NEW_OPERATOR.mobile,
  role: 'operator',
  user_type: 'operator',
  changePassword: true,
};
const loginBody = { username: EXAMPLE_ACCOUNT.username, password: EXAMPLE_ACCOUNT.password };

export const authExamples = {
  login: {
    method: 'POST',
    path: '/api/v2/login',
    headers: json,
    body: loginBody,
    response: { status: 200, body: { token: access, refresh_token: refresh, user: sessionUser } },
  },
  loginRefused: {
    method: 'POST',
    path: '/api/v2/login',
    headers: { ...json, 'Accept-Language': 'sw' },
    body: { ...loginBody, password: 'siri-isiyo-sahihi' },
    response: {
      status: 401,
      body: { code: 'invalid_credentials', message: 'Hati sio sahihi' },
    },
  },
  loginInvalid: {
    method: 'POST',
    path: '/api/v2/login',
    headers: json,
    body: { username: '', password: '' },
    response: {
      status: 422,
      body: {
        code: 'validation_failed',
        message: errorMessages.validation_failed.id,
        fields: { username: m.usernameRequired.id, password: m.passwordRequired.id },
      },
    },
  },
  me: {
    method: 'GET',
    path: '/api/v2/user/me',
    headers: bearer(access),
    response: { status: 200, body: sessionUser },
  },
  noToken: {
    method: 'GET',
    path: '/v1/accounting/invoices',
    response: {
      status: 401,
      body: { code: 'unauthorized', message: errorMessages.unauthorized.id },
    },
  },
  expired: {
    method: 'GET',
    path: '/api/v2/user/me',
    headers: bearer(access),
    laterSeconds: 15 * 60 + 1,
    response: {
      status: 401,
      body: { code: 'token_expired', message: errorMessages.token_expired.id },
    },
  },
  refresh: {
    method: 'POST',
    path: '/api/v2/user/token/refresh',
    headers: json,
    body: { refresh_token: refresh },
    response: { status: 200, body: { token: newAccess, refresh_token: newRefresh } },
  },
  refreshReused: {
    method: 'POST',
    path: '/api/v2/user/token/refresh',
    headers: json,
    body: { refresh_token: refresh },
    response: {
      status: 401,
      body: { code: 'refresh_invalid', message: errorMessages.refresh_invalid.id },
    },
  },
  refreshAfterReuse: {
    method: 'POST',
    path: '/api/v2/user/token/refresh',
    headers: json,
    body: { refresh_token: newRefresh },
    response: {
      status: 401,
      body: { code: 'refresh_invalid', message: errorMessages.refresh_invalid.id },
    },
  },
  logout: {
    method: 'POST',
    path: '/api/v2/logout',
    headers: json,
    body: { refresh_token: refresh },
    response: { status: 204 },
  },
  afterLogout: {
    method: 'GET',
    path: '/api/v2/user/me',
    headers: bearer(access),
    response: {
      status: 401,
      body: { code: 'token_invalid', message: errorMessages.token_invalid.id },
    },
  },
  rateLimited: {
    method: 'POST',
    path: '/api/v2/login',
    headers: json,
    body: { ...loginBody, password: 'siri-isiyo-sahihi' },
    repeat: 6,
    response: {
      status: 429,
      headers: { 'Retry-After': '60' },
      body: {
        code: 'rate_limited',
        message: 'Too many attempts. Please wait 1 minute and try again.',
      },
    },
  },
  firstLogin: {
    method: 'POST',
    path: '/api/v2/login',
    headers: json,
    body: { username: EXAMPLE_NEW_OPERATOR.username, password: EXAMPLE_NEW_OPERATOR.password },
    response: {
      status: 200,
      body: { token: firstAccess, refresh_token: firstRefresh, user: newOperator },
    },
  },
  firstRefused: {
    method: 'GET',
    path: '/v1/accounting/invoices',
    headers: bearer(firstAccess),
    response: {
      status: 403,
      body: {
        code: 'password_change_required',
        message: errorMessages.password_change_required.id,
      },
    },
  },
  firstPassword: {
    method: 'POST',
    path: '/api/v2/user/first-password',
    headers: { ...json, ...bearer(firstAccess) },
    body: {
      newPassword: EXAMPLE_NEW_OPERATOR.newPassword,
      confirmPassword: EXAMPLE_NEW_OPERATOR.newPassword,
    },
    response: {
      status: 200,
      body: {
        token: chosenAccess,
        refresh_token: chosenRefresh,
        user: { ...newOperator, changePassword: false },
      },
    },
  },
  firstDone: {
    method: 'GET',
    path: '/api/v2/user/me',
    headers: bearer(chosenAccess),
    response: { status: 200, body: { ...newOperator, changePassword: false } },
  },
  firstOldToken: {
    method: 'GET',
    path: '/api/v2/user/me',
    headers: bearer(firstAccess),
    response: {
      status: 401,
      body: { code: 'token_invalid', message: errorMessages.token_invalid.id },
    },
  },
  preflight: {
    method: 'OPTIONS',
    path: '/v1/accounting/invoices',
    headers: {
      Origin: 'https://erp.example.co.tz',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
    },
    response: {
      status: 204,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET,HEAD,POST,PUT,PATCH,DELETE',
        'Access-Control-Allow-Headers':
          'Authorization,Content-Type,Accept-Language,Idempotency-Key,If-Match,X-Device-Id,X-File-Name',
        'Access-Control-Expose-Headers': 'Content-Disposition,ETag,Retry-After,Idempotent-Replayed',
        'Access-Control-Max-Age': '7200',
      },
    },
  },
} satisfies Record<string, ApiExample>;

/** The order the test runs them in; each scenario starts with a fresh `login`. */
export const authScenarios: (keyof typeof authExamples)[][] = [
  ['login', 'me', 'noToken', 'expired'],
  ['login', 'refresh', 'refreshReused', 'refreshAfterReuse'],
  ['login', 'logout', 'afterLogout'],
  ['login', 'loginRefused', 'loginInvalid', 'preflight'],
  ['login', 'rateLimited'],
  ['firstLogin', 'firstRefused', 'firstPassword', 'firstDone', 'firstOldToken'],
];

export const INVOICE_ID = '3f1c2a9e-8b4d-4c7a-9e52-6d0b1f7a2c48';
export const SECOND_INVOICE_ID = '8d2f6b10-4a7e-4c39-b1d5-0e9a7c3f5b21';
export const SUBMIT_KEY = 'submit-3f1c2a9e-1';

const invoicePath = `/v1/accounting/invoices/${INVOICE_ID}`;

const draftBody = {
  id: INVOICE_ID,
  origin: 'api',
  customer: {
    name: 'Juma Hamisi',
    identificationType: 'NO_IDENTIFICATION',
    phoneNumber: '0712345678',
    email: 'juma@example.co.tz',
  },
  amountsIncludeTax: true,
  items: [
    {
      id: 'a7e4b1c2-5d3f-4e8a-b9c0-1d2e3f4a5b6c',
      description: 'Sukari 1 kg',
      quantity: 2,
      unitPrice: 295000,
      taxType: 'standard',
      discountPercent: 0,
    },
    {
      id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
      description: 'Mchele 1.5 kg',
      quantity: 1.5,
      unitPrice: 320000,
      taxType: 'exempted',
      discountPercent: 10,
    },
  ],
  payments: [{ type: 'e-money', amount: 1022000 }],
};

const updateBody = { ...draftBody, reference: 'PO-1042', version: 1 };

/** The invoice as the API answers it, at a given moment of its life. */
const invoiceAnswer = (changes: Record<string, unknown>) => ({
  id: INVOICE_ID,
  customerId: null,
  customer: {
    name: 'Juma Hamisi',
    email: 'juma@example.co.tz',
    phoneNumber: '712345678',
    identificationType: 'NO_IDENTIFICATION',
    identificationNumber: null,
    vatRegistrationNumber: null,
  },
  amountsIncludeTax: true,
  items: draftBody.items.map((item) => ({ ...item, productId: null })),
  payments: draftBody.payments,
  reference: null,
  accountingNumber: null,
  origin: 'api',
  correctsInvoiceId: null,
  status: 'draft',
  date: '2026-11-23',
  operatorId: EXAMPLE_ACCOUNT.id,
  operatorName: `${EXAMPLE_ACCOUNT.firstname} ${EXAMPLE_ACCOUNT.lastname}`,
  totals: {
    groups: [
      {
        rateBp: 1800,
        taxType: 'standard',
        netAmount: 500000,
        taxAmount: 90000,
        grossAmount: 590000,
      },
      { rateBp: 0, taxType: 'exempted', netAmount: 432000, taxAmount: 0, grossAmount: 432000 },
    ],
    totalDiscount: 48000,
    subTotal: 980000,
    totalExcludingTax: 932000,
    taxAmount: 90000,
    totalVat: 90000,
    totalIncludingTax: 1022000,
    totalInvoice: 1022000,
  },
  lineTotals: [
    { amount: 590000, discount: 0, netAmount: 500000, taxAmount: 90000 },
    { amount: 432000, discount: 48000, netAmount: 432000, taxAmount: 0 },
  ],
  fiscal: null,
  publicId: 'ONjaoVJ_phQHoJtOunOYmw',
  submittedAt: null,
  issuedAt: null,
  canceledAt: null,
  version: 1,
  createdAt: '2026-11-23T09:22:44.533Z',
  updatedAt: '2026-11-23T09:22:44.533Z',
  lastDeviceId: null,
  ...changes,
});

const updated = invoiceAnswer({ reference: 'PO-1042', version: 2 });
const submitted = invoiceAnswer({
  reference: 'PO-1042',
  status: 'submitted',
  version: 3,
  fiscal: {
    receiptNumber: 1,
    dailyCounter: 1,
    zNumber: '20261123',
    verificationCode: 'F04B2E1',
    receiptDate: '2026-11-23',
    receiptTime: '12:22:44',
    verificationUrl: 'https://verify.tra.go.tz/F04B2E1_122244',
    traStatus: 'pending',
    traMessage: null,
  },
  submittedAt: '2026-11-23T09:22:44.533Z',
});

const secondDraftBody = {
  id: SECOND_INVOICE_ID,
  origin: 'api',
  items: [
    {
      id: 'f0e1d2c3-b4a5-4968-8776-655443322110',
      description: 'Maji 500 ml',
      quantity: 12,
      unitPrice: 59000,
      taxType: 'standard',
    },
  ],
};

const secondDraft = invoiceAnswer({
  id: SECOND_INVOICE_ID,
  customer: {
    name: '',
    email: null,
    phoneNumber: null,
    identificationType: 'NO_IDENTIFICATION',
    identificationNumber: null,
    vatRegistrationNumber: null,
  },
  items: secondDraftBody.items.map((item) => ({ ...item, discountPercent: 0, productId: null })),
  payments: [],
  totals: {
    groups: [
      {
        rateBp: 1800,
        taxType: 'standard',
        netAmount: 600000,
        taxAmount: 108000,
        grossAmount: 708000,
      },
    ],
    totalDiscount: 0,
    subTotal: 600000,
    totalExcludingTax: 600000,
    taxAmount: 108000,
    totalVat: 108000,
    totalIncludingTax: 708000,
    totalInvoice: 708000,
  },
  lineTotals: [{ amount: 708000, discount: 0, netAmount: 600000, taxAmount: 108000 }],
  publicId: 'mT3q0Xr9LkV2cYwB8sN1Fg',
});

export const invoiceExamples = {
  create: {
    method: 'POST',
    path: '/v1/accounting/invoices',
    headers: { ...bearer(access), ...json },
    body: draftBody,
    response: { status: 201, body: invoiceAnswer({}) },
  },
  update: {
    method: 'PUT',
    path: invoicePath,
    headers: { ...bearer(access), ...json },
    body: updateBody,
    response: { status: 200, body: updated },
  },
  read: {
    method: 'GET',
    path: invoicePath,
    headers: bearer(access),
    response: { status: 200, body: updated },
  },
  list: {
    method: 'GET',
    path: '/v1/accounting/invoices?status=draft&limit=20',
    headers: bearer(access),
    response: { status: 200, body: { items: [updated], cursor: null } },
  },
  invalid: {
    method: 'POST',
    path: '/v1/accounting/invoices',
    headers: { ...bearer(access), ...json },
    body: {
      ...draftBody,
      id: '5b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4',
      items: [{ ...draftBody.items[0], quantity: 0, taxType: 'vat' }],
    },
    response: {
      status: 422,
      body: {
        code: 'validation_failed',
        message: errorMessages.validation_failed.id,
        fields: {
          'items.0.quantity': invoiceMessages.quantityInvalid.id,
          'items.0.taxType': invoiceMessages.taxTypeRequired.id,
        },
      },
    },
  },
  submitWithoutKey: {
    method: 'POST',
    path: `${invoicePath}/submit`,
    headers: bearer(access),
    response: {
      status: 422,
      body: {
        code: 'idempotency_key_invalid',
        message: errorMessages.idempotency_key_invalid.id,
        fields: { 'Idempotency-Key': errorMessages.idempotency_key_invalid.id },
      },
    },
  },
  submit: {
    method: 'POST',
    path: `${invoicePath}/submit`,
    headers: { ...bearer(access), 'Idempotency-Key': SUBMIT_KEY },
    response: { status: 200, body: submitted },
  },
  submitAgain: {
    method: 'POST',
    path: `${invoicePath}/submit`,
    headers: { ...bearer(access), 'Idempotency-Key': SUBMIT_KEY },
    response: { status: 200, headers: { 'Idempotent-Replayed': 'true' }, body: submitted },
  },
  keyReused: {
    method: 'POST',
    path: `${invoicePath}/cancel`,
    headers: { ...bearer(access), 'Idempotency-Key': SUBMIT_KEY },
    response: {
      status: 422,
      body: { code: 'idempotency_mismatch', message: errorMessages.idempotency_mismatch.id },
    },
  },
  locked: {
    method: 'PUT',
    path: invoicePath,
    headers: { ...bearer(access), ...json },
    body: { ...updateBody, reference: 'PO-1043' },
    response: {
      status: 409,
      body: { code: 'invoice_locked', message: errorMessages.invoice_locked.id },
    },
  },
  cancelSubmitted: {
    method: 'POST',
    path: `${invoicePath}/cancel`,
    headers: bearer(access),
    response: {
      status: 409,
      body: { code: 'invoice_not_draft', message: errorMessages.invoice_not_draft.id },
    },
  },
  email: {
    method: 'POST',
    path: `${invoicePath}/email`,
    headers: { ...bearer(access), ...json },
    body: { to: 'juma@example.co.tz' },
    response: { status: 202, body: { to: 'juma@example.co.tz' } },
  },
  notFound: {
    method: 'GET',
    path: '/v1/accounting/invoices/00000000-0000-4000-8000-000000000000',
    headers: bearer(access),
    response: {
      status: 404,
      body: { code: 'invoice_not_found', message: errorMessages.invoice_not_found.id },
    },
  },
  changes: {
    method: 'GET',
    path: '/v1/accounting/changes?since=0&limit=1',
    headers: bearer(access),
    response: {
      status: 200,
      body: {
        changes: [{ type: 'invoice', id: INVOICE_ID, seq: 3, deleted: false, record: submitted }],
        cursor: '3',
        more: true,
        reset: false,
      },
    },
  },
  createSecond: {
    method: 'POST',
    path: '/v1/accounting/invoices',
    headers: { ...bearer(access), ...json },
    body: secondDraftBody,
    response: { status: 201, body: secondDraft },
  },
  cancel: {
    method: 'POST',
    path: `/v1/accounting/invoices/${SECOND_INVOICE_ID}/cancel`,
    headers: bearer(access),
    response: {
      status: 200,
      body: {
        ...secondDraft,
        status: 'canceled',
        version: 2,
        canceledAt: '2026-11-23T09:25:10.118Z',
      },
    },
  },
} satisfies Record<string, ApiExample>;

export const invoiceScenarios: (keyof typeof invoiceExamples)[][] = [
  [
    'create',
    'update',
    'read',
    'list',
    'invalid',
    'submitWithoutKey',
    'submit',
    'submitAgain',
    'keyReused',
    'locked',
    'cancelSubmitted',
    'email',
    'notFound',
    'createSecond',
    'cancel',
    'changes',
  ],
];

/** Errors an invoice call can answer, with their HTTP status. */
export const INVOICE_ERRORS = [
  ['validation_failed', 422],
  ['bad_request', 400],
  ['payload_too_large', 413],
  ['unauthorized', 401],
  ['token_expired', 401],
  ['token_invalid', 401],
  ['account_disabled', 403],
  ['company_inactive', 403],
  ['password_change_required', 403],
  ['forbidden', 403],
  ['company_blocked', 403],
  ['invoice_not_found', 404],
  ['not_found', 404],
  ['conflict', 409],
  ['invoice_locked', 409],
  ['invoice_canceled', 409],
  ['invoice_not_draft', 409],
  ['vfd_not_ready', 409],
  ['idempotency_in_progress', 409],
  ['idempotency_key_invalid', 422],
  ['idempotency_mismatch', 422],
  ['invoice_not_saved', 422],
  ['invoice_missing_data', 422],
  ['product_not_saved', 422],
  ['invoice_customer_email_missing', 422],
  ['cursor_invalid', 422],
  ['rate_limited', 429],
  ['invoice_email_failed', 502],
  ['internal', 500],
] as const satisfies readonly (readonly [keyof typeof errorMessages, number])[];

/** Errors of the sign-in and token calls. */
export const AUTH_ERRORS = [
  ['validation_failed', 422],
  ['invalid_credentials', 401],
  ['rate_limited', 429],
  ['account_disabled', 403],
  ['company_inactive', 403],
  ['unauthorized', 401],
  ['token_expired', 401],
  ['token_invalid', 401],
  ['refresh_invalid', 401],
  ['password_change_required', 403],
] as const satisfies readonly (readonly [keyof typeof errorMessages, number])[];
