import { createFileRoute } from '@tanstack/react-router';
import { LicensePage } from './-components/LicensePage';

export const Route = createFileRoute('/_public/help/license-agreement')({
  component: LicensePage,
});
