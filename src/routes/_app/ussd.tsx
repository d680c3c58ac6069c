import { createFileRoute } from '@tanstack/react-router';
import { UssdGuidePage } from '../../features/ussd/UssdGuidePage';

// Spec §2: the USSD documentation, with a phone emulator that runs the real menus.
export const Route = createFileRoute('/_app/ussd')({
  component: UssdGuidePage,
});
