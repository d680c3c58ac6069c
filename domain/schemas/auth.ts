// Sign-in, profile and password rules (spec §5 Login, Profile, OTP, reset password).
import * as v from 'valibot';
import { LOCALES } from '../i18n';
import { m } from '../messages';

const required = (message: { id: string }) =>
  v.pipe(v.string(message.id), v.trim(), v.nonEmpty(message.id));

/**
 * Nine digits, the local part of a Tanzanian mobile number without the leading 0 or 255; it
 * never starts with 0 ("075412345" is a number missing a digit).
 */
export const phone9 = v.pipe(
  v.string(m.phoneInvalid.id),
  v.trim(),
  v.regex(/^[1-9]\d{8}$/, m.phoneInvalid.id),
);

export const newPassword = v.pipe(
  v.string(m.newPasswordRequired.id),
  v.nonEmpty(m.newPasswordRequired.id),
  v.minLength(6, m.passwordLength.id),
  v.maxLength(20, m.passwordLength.id),
  v.regex(/[A-Z]/, m.passwordStrength.id),
  v.regex(/[a-z]/, m.passwordStrength.id),
  v.regex(/\d/, m.passwordStrength.id),
  v.regex(/[^A-Za-z0-9]/, m.passwordStrength.id),
);

export const loginSchema = v.object({
  username: required(m.usernameRequired),
  password: v.pipe(v.string(m.passwordRequired.id), v.nonEmpty(m.passwordRequired.id)),
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

export const refreshSchema = v.object({
  refresh_token: v.pipe(v.string(), v.nonEmpty()),
});

export const changePasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string(m.currentPasswordRequired.id),
      v.nonEmpty(m.currentPasswordRequired.id),
    ),
    newPassword,
    confirmPassword: v.string(m.passwordMismatch.id),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      m.passwordMismatch.id,
    ),
    ['confirmPassword'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

export const profileSchema = v.pipe(
  v.object({
    firstName: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(3, m.firstNameLength.id),
      v.maxLength(50, m.firstNameLength.id),
    ),
    lastName: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(3, m.lastNameLength.id),
      v.maxLength(50, m.lastNameLength.id),
    ),
    email: v.pipe(
      v.string(m.emailInvalid.id),
      v.trim(),
      v.email(m.emailInvalid.id),
      v.maxLength(50, m.emailTooLong.id),
    ),
    confirmEmail: v.pipe(v.string(m.emailConfirmMismatch.id), v.trim()),
    mobile: phone9,
    language: v.picklist(LOCALES, m.languageInvalid.id),
    /** Asked only when the email changes (the server refuses the change without it). */
    currentPassword: v.optional(v.pipe(v.string(), v.maxLength(100))),
  }),
  v.forward(
    v.partialCheck(
      [['email'], ['confirmEmail']],
      (input) => input.email.toLowerCase() === input.confirmEmail.toLowerCase(),
      m.emailConfirmMismatch.id,
    ),
    ['confirmEmail'],
  ),
);
export type ProfileInput = v.InferOutput<typeof profileSchema>;

export const languageSchema = v.object({ language: v.picklist(LOCALES, m.languageInvalid.id) });

export const recoverPasswordSchema = v.object({
  email: v.pipe(v.string(m.emailInvalid.id), v.trim(), v.email(m.emailInvalid.id)),
});

/** The 6-digit code mailed to a new sign-in email. */
export const emailConfirmSchema = v.object({
  code: v.pipe(v.string(m.otpFormat.id), v.trim(), v.regex(/^\d{6}$/, m.otpFormat.id)),
});

export const verifyOtpSchema = v.object({
  verification: required(m.verificationRequired),
  code: v.pipe(v.string(m.otpFormat.id), v.trim(), v.regex(/^\d{6}$/, m.otpFormat.id)),
});

export const resetPasswordSchema = v.pipe(
  v.object({
    verification: required(m.usernameRequired),
    newPassword,
    confirmPassword: v.string(m.passwordMismatch.id),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      m.passwordMismatch.id,
    ),
    ['confirmPassword'],
  ),
);
export type ResetPasswordInput = v.InferOutput<typeof resetPasswordSchema>;
