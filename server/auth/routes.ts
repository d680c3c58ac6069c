// /api/v2: sign-in, tokens, the user's own account and password recovery.
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  changePasswordSchema,
  languageSchema,
  loginSchema,
  emailConfirmSchema,
  profileSchema,
  recoverPasswordSchema,
  refreshSchema,
  resetPasswordSchema,
  verifyOtpSchema,
  newPassword,
} from '../../domain/schemas/auth';
import { m } from '../../domain/messages';
import type { AppEnv, Deps } from '../context';
import { clientAddress } from '../http/address';
import { parseJson } from '../http/validate';
import { confirmEmailChange, setLanguage, updateProfile } from '../users/profile';
import { requireAuth } from './middleware';
import { requestRecovery, resetPassword, verifyOtp } from './recovery';
import { changePassword, login, logout, refresh, sessionUser, setFirstPassword } from './service';

const firstPasswordSchema = v.pipe(
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

export function authRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireAuth(deps, { allowPasswordChangePending: true });
  const address = (c: Parameters<typeof clientAddress>[0]) =>
    clientAddress(c, deps.config.trustProxy);

  app.post('/login', async (c) => {
    const input = await parseJson(c, loginSchema);
    return c.json(await login(deps, input, address(c)));
  });

  app.post('/user/token/refresh', async (c) => {
    const input = await parseJson(c, refreshSchema);
    return c.json(await refresh(deps, input.refresh_token));
  });

  app.post('/logout', async (c) => {
    const input = await parseJson(c, refreshSchema);
    await logout(deps, input.refresh_token);
    return c.body(null, 204);
  });

  app.get('/user/me', signedIn, async (c) => c.json(await sessionUser(deps.db, c.get('user').id)));

  app.put('/user/me', requireAuth(deps), async (c) => {
    const input = await parseJson(c, profileSchema);
    return c.json(await updateProfile(deps, c.get('user').id, input));
  });

  app.post('/user/email/confirm', requireAuth(deps), async (c) => {
    const input = await parseJson(c, emailConfirmSchema);
    return c.json(await confirmEmailChange(deps, c.get('user').id, input.code));
  });

  app.put('/user/language', signedIn, async (c) => {
    const input = await parseJson(c, languageSchema);
    return c.json(await setLanguage(deps, c.get('user').id, input.language));
  });

  app.post('/user/password', requireAuth(deps), async (c) => {
    const input = await parseJson(c, changePasswordSchema);
    return c.json(await changePassword(deps, c.get('user').id, input));
  });

  app.post('/user/first-password', signedIn, async (c) => {
    const input = await parseJson(c, firstPasswordSchema);
    return c.json(await setFirstPassword(deps, c.get('user').id, input.newPassword));
  });

  app.post('/password/recover', async (c) => {
    const input = await parseJson(c, recoverPasswordSchema);
    return c.json(await requestRecovery(deps, input.email, address(c), c.get('locale')));
  });

  app.post('/password/verify', async (c) => {
    const input = await parseJson(c, verifyOtpSchema);
    await verifyOtp(deps, input.verification, input.code, address(c));
    return c.json({ verification: input.verification });
  });

  app.post('/password/reset', async (c) => {
    const input = await parseJson(c, resetPasswordSchema);
    await resetPassword(deps, input.verification, input.newPassword);
    return c.body(null, 204);
  });

  return app;
}
