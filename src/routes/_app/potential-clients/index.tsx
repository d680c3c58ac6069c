import { createFileRoute } from '@tanstack/react-router';
import { PotentialClientsPage } from '../../../features/registration/PotentialClientsPage';

export const Route = createFileRoute('/_app/potential-clients/')({
  component: PotentialClientsPage,
});
