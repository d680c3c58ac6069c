import { createFileRoute } from '@tanstack/react-router';
import { OwnerOperatorsScreen } from '../../features/operators/screens';

// Owner-company layout (spec §2): the owner's operators.
export const Route = createFileRoute('/_app/operator')({
  staticData: { roles: ['company_owner'] },
  component: OwnerOperatorsScreen,
});
