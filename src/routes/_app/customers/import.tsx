import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '../../../features/customers/ImportPage';

export const Route = createFileRoute('/_app/customers/import')({
  component: ImportPage,
});
