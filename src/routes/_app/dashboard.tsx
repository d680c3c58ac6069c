import { createFileRoute } from '@tanstack/react-router';
import { dashboardSearch } from '../../features/reports/search';
import { DashboardPage } from '../../features/dashboard/DashboardPage';

export const Route = createFileRoute('/_app/dashboard')({
  validateSearch: dashboardSearch,
  component: DashboardPage,
});
