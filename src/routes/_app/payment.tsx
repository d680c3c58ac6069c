import { createFileRoute } from '@tanstack/react-router';
import { PaymentPage } from '../../features/payment/PaymentPage';

export const Route = createFileRoute('/_app/payment')({
  component: PaymentPage,
});
