import { createFileRoute } from '@tanstack/react-router';
import { verificationSearch } from '../../app/search';
import { ResetForm } from './-components/ResetForm';

export const Route = createFileRoute('/_auth/reset-password')({
  validateSearch: verificationSearch,
  component: ResetForm,
});
