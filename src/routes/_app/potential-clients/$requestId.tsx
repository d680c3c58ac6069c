import { createFileRoute } from '@tanstack/react-router';
import { ConvertPage } from '../../../features/registration/ConvertPage';

export const Route = createFileRoute('/_app/potential-clients/$requestId')({
  component: function ConvertRoute() {
    const { requestId } = Route.useParams();
    return <ConvertPage requestId={requestId} />;
  },
});
