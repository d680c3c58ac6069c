import { createFileRoute } from '@tanstack/react-router';
import { DashboardFrame } from './-components/DashboardFrame';

export const Route = createFileRoute('/_app/dashboard')({
  component: DashboardFrame,
});
