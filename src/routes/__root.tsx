import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { applyGuard } from '../app/guard';
import { catalogParts } from '../i18n/catalog-parts';
import { loadCatalog } from '../i18n/i18n';
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
    // The texts of the page's part of the catalog, before it renders.
    // A part that did not load shows its texts in English rather than an error; the next page
    // asks again.
    return loadCatalog(catalogParts(matches.map((match) => String(match.routeId))))?.catch(
      () => undefined,
    );
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
