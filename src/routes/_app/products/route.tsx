import { createFileRoute } from '@tanstack/react-router';

// Products and services belong to a company: its owner and operators work with them (spec §6),
// and an admin in the company chosen in the switcher.
export const Route = createFileRoute('/_app/products')({
  staticData: { company: true },
});
