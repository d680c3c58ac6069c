import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PrintPage } from '../../features/invoices/print/PrintPage';
import { useInvoiceContext } from '../../features/invoices/useInvoiceContext';

const route = getRouteApi('/print-invoice/$id');

export function PrintInvoicePage() {
  const { id } = route.useParams();
  const { layout, print } = route.useSearch();
  const navigate = useNavigate();
  const context = useInvoiceContext();
  if (!context) return null;
  return (
    <PrintPage
      companyId={context.companyId}
      invoiceId={id}
      layout={layout}
      autoPrint={print}
      onLayout={(next) =>
        void navigate({
          to: '/print-invoice/$id',
          params: { id },
          search: { layout: next, print: false },
          replace: true,
        })
      }
    />
  );
}
