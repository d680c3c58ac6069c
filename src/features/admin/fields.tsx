// What the administration forms share: labels of statuses.
import { Trans } from '@lingui/react/macro';

/** "TIN 123456789", as lists show a company's or applicant's TIN. */
export function TinText({ tin }: { tin: string }) {
  return <Trans>TIN {tin}</Trans>;
}
