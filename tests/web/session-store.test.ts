import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../src/stores/session';
import { sessionUser, signedIn, signedOut } from './helpers/session';

afterEach(signedOut);

describe('reloading the signed-in user', () => {
  it('keeps the stored user when the server sends the same one, so no screen renders again', async () => {
    await signedIn();
    const stored = useSession.getState().user;
    let notified = 0;
    const unsubscribe = useSession.subscribe(() => notified++);
    // The same fields, in another order, as a different request may serialize them.
    const { company, ...rest } = sessionUser();
    useSession.getState().setUser({ company, ...rest });
    unsubscribe();
    expect(useSession.getState().user).toBe(stored);
    expect(notified).toBe(0);
  });

  it('takes every change the server sends: the company name, the forced password change', async () => {
    await signedIn();
    useSession.getState().setUser(
      sessionUser({
        company: { id: 'company-1', name: 'Duka Jipya', tin: '123456789', blockedByTra: false },
      }),
    );
    expect(useSession.getState().user?.company?.name).toBe('Duka Jipya');
    expect(JSON.parse(localStorage.getItem('user')!).company.name).toBe('Duka Jipya');

    useSession
      .getState()
      .setUser(sessionUser({ company: useSession.getState().user!.company, changePassword: true }));
    expect(useSession.getState().changePassword).toBe(true);
  });

  it('follows the server when this device still holds a forced change the server has lifted', async () => {
    await signedIn();
    useSession.getState().setChangePassword(true);
    useSession.getState().setUser(sessionUser());
    expect(useSession.getState().changePassword).toBe(false);
  });
});
