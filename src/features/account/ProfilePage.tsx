import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { worksInCompany } from '../../../domain/roles';
import { usePageTitle } from '../../app/usePageTitle';
import { useSession } from '../../stores/session';
import { NotificationsCard } from '../notifications/NotificationsCard';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';

export function ProfilePage() {
  const { t } = useLingui();
  usePageTitle(t`Profile`);
  const user = useSession((state) => state.user);
  if (!user) return null;
  const username = user.username;
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>Profile</Trans>
        </Title>
        <Text c="dimmed" mt={4}>
          <Trans>You sign in as {username}.</Trans>
        </Text>
      </div>
      <ProfileCard key={user.id} user={user} />
      <PasswordCard />
      {worksInCompany(user.role) && <NotificationsCard />}
    </Stack>
  );
}
