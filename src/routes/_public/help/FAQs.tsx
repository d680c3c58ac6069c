import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from './-components/FaqPage';

export const Route = createFileRoute('/_public/help/FAQs')({
  component: FaqPage,
});
