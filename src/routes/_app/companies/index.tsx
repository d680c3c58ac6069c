import { createFileRoute } from '@tanstack/react-router';
import { CompaniesPage } from '../../../features/companies/CompaniesPage';

// Admin and organization layouts (spec §2): the companies the admin reaches.
export const Route = createFileRoute('/_app/companies/')({
  component: CompaniesPage,
});
