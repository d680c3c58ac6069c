import { createFileRoute } from '@tanstack/react-router';
import { ApiAuthPage } from '../../../../../features/developer/ApiAuthPage';

// Spec §2: the API documentation needs a login.
export const Route = createFileRoute('/_app/developer/documentation/api/auth')({
  component: ApiAuthPage,
});
