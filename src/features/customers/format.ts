/** "0712 345 678" for the stored 9-digit local part "712345678". */
export function formatPhone(phone: string | null): string {
  if (!phone) return '';
  return /^\d{9}$/.test(phone)
    ? `0${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`
    : phone;
}
