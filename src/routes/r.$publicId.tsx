import { createFileRoute } from '@tanstack/react-router';
import { PublicReceiptPage } from './-components/PublicReceiptPage';

// The customer's receipt page: no sign-in, no app shell.
export const Route = createFileRoute('/r/$publicId')({
  staticData: { access: 'public' },
  component: PublicReceiptPage,
});
