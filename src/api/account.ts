// Calls of /api/v2: sign-in, the user's own account and password recovery.
import type { SessionUser } from '../../domain/roles';
import type { Locale } from '../../domain/i18n';
import type { ProfileInput } from '../../domain/schemas/auth';
import type { TokenPair } from '../stores/session';
import { api, publicApi } from './client';

export type SignInResult = TokenPair & { user: SessionUser };

export const signInRequest = (username: string, password: string) =>
  publicApi.post('api/v2/login', { json: { username, password } }).json<SignInResult>();

/** Ends the device's token family on the server; the caller forgets the tokens either way. */
export const signOutRequest = (refreshToken: string) =>
  publicApi.post('api/v2/logout', { json: { refresh_token: refreshToken }, timeout: 5000 });

export const fetchMe = () => api.get('api/v2/user/me').json<SessionUser>();

/** Saves the details; a new email waits for its code (`pendingEmail`) and is not yet the user's. */
export const updateProfile = (input: ProfileInput) =>
  api.put('api/v2/user/me', { json: input }).json<SessionUser & { pendingEmail: string | null }>();

/** Makes the pending email the sign-in email with the code mailed to it. */
export const confirmEmail = (code: string) =>
  api.post('api/v2/user/email/confirm', { json: { code } }).json<SessionUser>();

export const saveLanguage = (language: Locale) =>
  api.put('api/v2/user/language', { json: { language } }).json<SessionUser>();

export const changePassword = (input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}) => api.post('api/v2/user/password', { json: input }).json<SignInResult>();

export const setFirstPassword = (input: { newPassword: string; confirmPassword: string }) =>
  api.post('api/v2/user/first-password', { json: input }).json<SignInResult>();

export const requestRecovery = (email: string) =>
  publicApi.post('api/v2/password/recover', { json: { email } }).json<{ verification: string }>();

export const verifyRecoveryCode = (verification: string, code: string) =>
  publicApi
    .post('api/v2/password/verify', { json: { verification, code } })
    .json<{ verification: string }>();

export const resetPassword = (input: {
  verification: string;
  newPassword: string;
  confirmPassword: string;
}) => publicApi.post('api/v2/password/reset', { json: input });
