import { createFileRoute } from '@tanstack/react-router';
import { RecoverForm } from './-components/RecoverForm';

export const Route = createFileRoute('/_auth/recover-password')({
  component: RecoverForm,
});
