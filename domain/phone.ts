// Tanzanian mobile numbers as people type them: "0754 123 456", "+255 754 123 456",
// "255-754-123456" or the nine digits Risiti keeps.

/** The nine digits Risiti keeps of a Tanzanian mobile number (+255 7xx…, 07xx…), or null. */
export function mobile9(phone: string): string | null {
  const compact = phone.replace(/[\s\-().]+/g, '').replace(/^\+/, '');
  // The nine digits never start with 0: "0754 123 45" is a number a digit short.
  if (/^255[1-9]\d{8}$/.test(compact)) return compact.slice(3);
  if (/^0[1-9]\d{8}$/.test(compact)) return compact.slice(1);
  if (/^[1-9]\d{8}$/.test(compact)) return compact;
  return null;
}
