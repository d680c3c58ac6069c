import { createFileRoute } from '@tanstack/react-router';
import { PublicReceiptPage } from './-components/PublicReceiptPage';

// The customer's receipt page: no sign-in, no app shell, and the app is not installed on the
// customer's phone.
export const Route = createFileRoute('/r/$publicId')({
  staticData: { access: 'public', installsApp: false },
  component: PublicReceiptPage,
});
