import { createFileRoute } from '@tanstack/react-router';
import { verificationSearch } from '../../app/search';
import { OtpForm } from './-components/OtpForm';

export const Route = createFileRoute('/_auth/otp-reset-password')({
  validateSearch: verificationSearch,
  component: OtpForm,
});
