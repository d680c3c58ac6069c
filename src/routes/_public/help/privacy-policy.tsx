import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from './-components/PrivacyPage';

export const Route = createFileRoute('/_public/help/privacy-policy')({
  component: PrivacyPage,
});
