import { createFileRoute } from '@tanstack/react-router';
import { ReceiptReissuePage } from '../../features/reissue/ReceiptReissuePage';

// Organization layout (spec §2): copies of receipts for customers, and receipts TRA has not
// accepted yet.
export const Route = createFileRoute('/_app/receipt-reissuing')({
  staticData: { roles: ['platform_admin', 'org_admin', 'company_owner'] },
  component: ReceiptReissuePage,
});
