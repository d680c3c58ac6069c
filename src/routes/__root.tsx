import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { applyGuard } from '../app/guard';
import type { RouterContext } from '../app/router';
import { NotFound } from './-components/NotFound';
import { RootEffects } from './-components/RootEffects';
import { RootError } from './-components/RootError';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location, matches, context }) => {
    const { user, changePassword } = context.session.getState();
    applyGuard({
      location,
      matches,
      session: { role: user?.role ?? null, changePassword },
    });
  },
  component: () => (
    <>
      <RootEffects />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFound,
  errorComponent: RootError,
});
