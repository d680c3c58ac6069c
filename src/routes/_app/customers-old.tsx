import { createFileRoute, redirect } from '@tanstack/react-router';

// The old address of the customer list (spec §2) opens the list.
export const Route = createFileRoute('/_app/customers-old')({
  staticData: { company: true },
  beforeLoad: () => {
    throw redirect({ to: '/customers', replace: true });
  },
});
