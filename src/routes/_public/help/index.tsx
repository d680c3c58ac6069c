import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from './-components/HelpPage';

export const Route = createFileRoute('/_public/help/')({
  component: HelpPage,
});
