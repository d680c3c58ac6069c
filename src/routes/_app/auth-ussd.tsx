import { createFileRoute } from '@tanstack/react-router';
import { UssdPinPage } from '../../features/ussd/UssdPinPage';

// Spec §2: the signed-in side of the USSD documentation: the phone and the PIN.
export const Route = createFileRoute('/_app/auth-ussd')({
  component: UssdPinPage,
});
