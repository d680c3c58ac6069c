// The Help menu of the header (the question mark): the guided tour, taken again on demand, and
// the help pages. It also runs the tour where it is due: on the dashboard for someone who works
// at a counter and has not seen it, and on the new invoice's page for its second part.
import { useEffect, useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconHelp, IconHelpCircle, IconMessageQuestion, IconRoute } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { worksInCompany, type SessionUser } from '../../../domain/roles';
import { MenuAfterPage } from '../../app/OverlayAfterPage';
import { readTourState, writeTourState, type TourState } from './tour-state';

function useTourState(userId: string): TourState {
  const [state, setState] = useState(() => readTourState(userId));
  useEffect(() => {
    const reread = () => setState(readTourState(userId));
    reread();
    window.addEventListener('risiti-tour', reread);
    window.addEventListener('storage', reread);
    return () => {
      window.removeEventListener('risiti-tour', reread);
      window.removeEventListener('storage', reread);
    };
  }, [userId]);
  return state;
}

function TourRunner({ user }: { user: SessionUser }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const state = useTourState(user.id);
  const part =
    pathname === '/dashboard' && state === 'start'
      ? 'dashboard'
      : pathname === '/new-invoice' && state === 'invoice'
        ? 'invoice'
        : null;

  useEffect(() => {
    if (!part) return;
    let dispose: (() => void) | undefined;
    let cancelled = false;
    // After the page's first paint, so the tour never delays it.
    const timer = window.setTimeout(() => {
      void import('./tour').then((tour) => {
        if (cancelled) return;
        dispose =
          part === 'dashboard'
            ? tour.runDashboardTour(i18n, user.id, () => void navigate({ to: '/new-invoice' }))
            : tour.runInvoiceTour(i18n, user.id);
      });
    }, 400);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      dispose?.();
    };
  }, [part, i18n, navigate, user.id]);
  return null;
}

export function HelpMenu({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const counter = worksInCompany(user.role) && user.company !== null;
  return (
    <>
      <MenuAfterPage
        position="bottom-end"
        width={220}
        withinPortal
        target={
          <ActionIcon variant="subtle" size="lg" aria-label={t`Help`} data-testid="help-menu">
            <IconHelpCircle size={22} />
          </ActionIcon>
        }
      >
        <Menu.Dropdown>
          {counter && (
            <Menu.Item
              leftSection={<IconRoute size={16} />}
              onClick={() => {
                writeTourState(user.id, 'start');
                void navigate({ to: '/dashboard' });
              }}
              data-testid="restart-tour"
            >
              {t`Take the tour`}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconHelp size={16} />}
            renderRoot={(props) => <Link to="/help" {...props} />}
          >
            {t`Help`}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMessageQuestion size={16} />}
            renderRoot={(props) => <Link to="/help/FAQs" {...props} />}
          >
            {t`Questions and answers`}
          </Menu.Item>
        </Menu.Dropdown>
      </MenuAfterPage>
      {counter && <TourRunner user={user} />}
    </>
  );
}
