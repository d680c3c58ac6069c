import { createFileRoute } from '@tanstack/react-router';
import { NewPotentialClientPage } from '../../features/registration/NewPotentialClientPage';

export const Route = createFileRoute('/_app/new-potential-client')({
  component: NewPotentialClientPage,
});
