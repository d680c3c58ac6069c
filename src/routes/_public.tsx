import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from './-components/PublicLayout';

export const Route = createFileRoute('/_public')({
  staticData: { access: 'public' },
  component: PublicLayout,
});
