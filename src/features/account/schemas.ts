// Form rules for choosing a new password (first sign-in, recovery), from the domain's rules.
import * as v from 'valibot';
import { m } from '../../../domain/messages';
import { newPassword } from '../../../domain/schemas/auth';

export const newPasswordPairSchema = v.pipe(
  v.object({ newPassword, confirmPassword: v.string(m.passwordMismatch.id) }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      m.passwordMismatch.id,
    ),
    ['confirmPassword'],
  ),
);
