import { createFileRoute } from '@tanstack/react-router';
import { UpdatesPage } from '../../features/content/UpdatesPage';

export const Route = createFileRoute('/_app/updates')({
  component: UpdatesPage,
});
