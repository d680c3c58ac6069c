import { createFileRoute } from '@tanstack/react-router';
import { nextSearch } from '../../app/search';
import { LoginForm } from './-components/LoginForm';

export const Route = createFileRoute('/_auth/login')({
  staticData: { access: 'guest' },
  validateSearch: nextSearch,
  component: LoginForm,
});
