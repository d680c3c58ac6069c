// The receipt header the phone keeps for printing offline: the business as TRA registered it,
// written the way the server's PDF and public receipt write it.
import { describe, expect, it } from 'vitest';
import { businessProfileOf } from '../../src/features/invoices/business-profile';

const company = {
  id: 'c1',
  name: 'Duka Demo Ltd',
  tin: '101825906',
  vrn: '10017937K',
  phone: '712345678',
  address: 'Plot 12, Samora Avenue, Dar es Salaam',
  serial: '10TZ100781',
};

describe('the receipt header', () => {
  it("comes from TRA's registration answer once the VFD is registered", () => {
    const profile = businessProfileOf(
      company,
      {
        status: 'registered',
        registration: {
          NAME: 'DUKA DEMO LIMITED',
          ADDRESS: 'Plot 12, Samora Avenue, Dar es Salaam',
          STREET: 'Samora Avenue',
          CITY: 'DAR ES SALAAM',
          COUNTRY: 'TANZANIA',
          MOBILE: '255712345678',
          TIN: '101825906',
          VRN: 'NOT REGISTERED',
          SERIAL: '10TZ100781',
          UIN: '09VFDWEBAPI-10182590610TZ100781',
          TAXOFFICE: 'Tax Office Ilala',
        },
      },
      1,
    );
    expect(profile).toEqual({
      companyId: 'c1',
      name: 'DUKA DEMO LIMITED',
      // Parts the address already holds are not repeated; the country is not printed.
      address: 'Plot 12, Samora Avenue, Dar es Salaam',
      mobile: '255712345678',
      tin: '101825906',
      vrn: null,
      serial: '10TZ100781',
      uin: '09VFDWEBAPI-10182590610TZ100781',
      taxOffice: 'Tax Office Ilala',
      registered: true,
      fetchedAt: 1,
    });
  });

  it('falls back to the company record before registration (a pro forma only)', () => {
    expect(businessProfileOf(company, { status: 'unregistered' }, 2)).toMatchObject({
      name: 'Duka Demo Ltd',
      vrn: '10017937K',
      uin: null,
      taxOffice: null,
      registered: false,
    });
  });
});
