// The public pages' menu on phones, loaded on its own (PublicLayout.tsx): Mantine's drawer
// brings its focus trap, scroll lock and portal, which no first paint needs.
import { Drawer, type DrawerProps } from '@mantine/core';

export default function MenuDrawer(props: DrawerProps) {
  return <Drawer {...props} />;
}
