import {
  AppShell,
  Burger,
  Button,
  Divider,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Announcement } from '../components/Announcement';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { UnsavedChangesPrompt } from '../components/UnsavedChangesPrompt';
import type { Profile } from '../lib/api/profile';
import { usePermissions } from '../lib/auth/permissions';
import { signOut } from '../lib/auth/sign-out';
import { useT } from '../lib/i18n/I18nProvider';
import { paths } from '../lib/paths';
import { unsaved } from '../lib/unsaved-changes';
import { Bell } from './Bell';
import { NAV_SECTIONS, type NavSection, visibleNav } from './nav';

/** Signs out, forgets every answer of the session, and shows the login screen. */
function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // Typed changes not saved yet are asked about first, as a link or Back would.
    if (!(await unsaved.confirm())) return;
    await signOut();
    client.clear();
    navigate(paths.login, { replace: true });
  };
}

/** The frame of every signed-in screen: header (bell, language, the person's menu) and navigation. */
export function Shell({ profile, children }: { profile: Profile; children: ReactNode }) {
  const t = useT();
  const [opened, { toggle, close }] = useDisclosure();
  // Below the breakpoint a closed navigation is off-canvas: out of the tab order and the reading order.
  const narrow = useMediaQuery('(max-width: 61.99em)') ?? false;
  const reduceMotion = useReducedMotion();
  const { has } = usePermissions();
  const location = useLocation();
  const logout = useLogout();
  const items = visibleNav(has);
  const section = (name: NavSection) => items.filter((item) => item.section === name);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
      transitionDuration={reduceMotion ? 0 : 200}
    >
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('nav.toggle')} />
            <Text component={Link} to="/" fw={700} size="lg" c="blue.9" style={{ textDecoration: 'none' }}>
              {t('app.name')}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Bell />
            <LanguageSwitch signedIn />
            <Menu position="bottom-end" withArrow>
              <Menu.Target>
                <UnstyledButton
                  aria-label={t('user.menu', { name: profile.displayName })}
                  data-testid="user-menu"
                >
                  <Group gap={4} wrap="nowrap">
                    <IconUserCircle aria-hidden />
                    <Text size="sm" visibleFrom="sm">
                      {profile.displayName}
                    </Text>
                    <IconChevronDown size={14} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={paths.profile}>
                  {t('nav.profile')}
                </Menu.Item>
                <Menu.Item component={Link} to={paths.changePassword}>
                  {t('nav.changePassword')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item onClick={logout} data-testid="logout">
                  {t('nav.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.label')} inert={narrow && !opened}>
        <AppShell.Section grow component={ScrollArea}>
          {NAV_SECTIONS.map((name) =>
            section(name).length ? (
              <div key={name}>
                <Text size="xs" fw={700} c="dimmed" px="sm" pt="sm" pb={4} tt="uppercase">
                  {t(`nav.section.${name}`)}
                </Text>
                {section(name).map((item) => (
                  <NavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={t(item.label)}
                    active={location.pathname.startsWith(item.to)}
                    onClick={close}
                  />
                ))}
                <Divider my="xs" />
              </div>
            ) : null,
          )}
        </AppShell.Section>
      </AppShell.Navbar>
      <UnsavedChangesPrompt />
      <AppShell.Main id="main" tabIndex={-1}>
        <Announcement />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

/** The header of the frames without navigation: the name, the language switch and signing out. */
function BareHeader() {
  const t = useT();
  const logout = useLogout();
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={700} size="lg" c="blue.9">
        {t('app.name')}
      </Text>
      <Group gap={4} wrap="nowrap">
        <LanguageSwitch signedIn={false} />
        <Button variant="subtle" onClick={logout} data-testid="logout">
          {t('nav.logout')}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The frame of a session whose password must change first: the language switch and signing out, and the
 * change form; nothing that the service would refuse until the password is changed.
 */
export function PasswordFirstFrame({ children }: { children: ReactNode }) {
  return (
    <Stack maw={520} mx="auto" p="md" gap="md">
      <BareHeader />
      <main id="main">{children}</main>
    </Stack>
  );
}

/**
 * The frame of a session without a network (or with one that fails): the language switch, signing out
 * (which works offline and leaves nothing of the person on the device), and the screen that can be read
 * from the device alone.
 */
export function OfflineFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Stack maw={1100} mx="auto" p="md" gap="md">
      <BareHeader />
      <Text size="sm" c="dimmed" data-testid="offline-frame">
        {t('offline.frame')}
      </Text>
      <main id="main">{children}</main>
    </Stack>
  );
}
