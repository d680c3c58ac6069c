import { createFileRoute } from '@tanstack/react-router';
import { WelcomePage } from '../../features/welcome/WelcomePage';

// Owner-company layout (spec §2): a new company's first steps.
export const Route = createFileRoute('/_app/welcome')({
  staticData: { company: true },
  component: WelcomePage,
});
