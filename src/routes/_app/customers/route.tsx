import { createFileRoute } from '@tanstack/react-router';

// Customers belong to a company: its owner and operators work with them (spec §6), and an
// admin in the company chosen in the switcher.
export const Route = createFileRoute('/_app/customers')({
  staticData: { company: true },
});
