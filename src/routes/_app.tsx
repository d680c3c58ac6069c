import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../app/shell/AppLayout';

export const Route = createFileRoute('/_app')({
  staticData: { access: 'signed-in' },
  component: AppLayout,
});
