// The business as a receipt prints it (TRA's legal block): what the server sends with a public
// receipt and what the phone prints from its own copy of the business profile.

export interface ReceiptBusiness {
  name: string;
  address: string;
  mobile: string;
  tin: string;
  /** null prints as NOT REGISTERED. */
  vrn: string | null;
  serial: string;
  /** From TRA's registration; null while the VFD is not registered (pro forma only). */
  uin: string | null;
  taxOffice: string | null;
}
