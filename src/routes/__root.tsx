import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { applyGuard } from '../app/guard';
import type { RouterContext } from '../app/router';
import { workingCompanyId } from '../stores/session';
import { NotFound } from './-components/NotFound';
import { RootEffects } from './-components/RootEffects';
import { RootError } from './-components/RootError';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location, matches, context }) => {
    const state = context.session.getState();
    applyGuard({
      location,
      matches,
      session: {
        role: state.user?.role ?? null,
        changePassword: state.changePassword,
        companyId: workingCompanyId(state),
      },
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
