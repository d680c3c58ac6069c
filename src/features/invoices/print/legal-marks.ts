// TRA's fixed words around the legal part of a receipt (spec/tra-vfd.md "What a legal receipt
// shows"): printed as TRA gives them, whatever the language of the rest.
/* eslint-disable lingui/no-unlocalized-strings -- TRA's own words, the same in every language */
export const LEGAL_RECEIPT_START = '*** START OF LEGAL RECEIPT ***';
export const LEGAL_RECEIPT_END = '*** END OF LEGAL RECEIPT ***';
/* eslint-enable lingui/no-unlocalized-strings */
