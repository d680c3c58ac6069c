import { createFileRoute } from '@tanstack/react-router';
import { nextSearch } from '../../app/search';
import { FirstPasswordForm } from './-components/FirstPasswordForm';

export const Route = createFileRoute('/_auth/change-password')({
  staticData: { access: 'signed-in' },
  validateSearch: nextSearch,
  component: FirstPasswordForm,
});
