// Mantine's anchor, button and nav link as router links, so every `to` is checked against the
// app's routes at compile time.
import {
  Anchor,
  Button,
  NavLink,
  type AnchorProps,
  type ButtonProps,
  type NavLinkProps,
} from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type AnchorAttributes = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

function AnchorBase(props: AnchorProps & AnchorAttributes & { ref?: Ref<HTMLAnchorElement> }) {
  return <Anchor component="a" {...props} />;
}
function ButtonBase(props: ButtonProps & AnchorAttributes & { ref?: Ref<HTMLAnchorElement> }) {
  return <Button component="a" {...props} />;
}
function NavLinkBase(
  props: NavLinkProps & Omit<AnchorAttributes, 'onChange'> & { ref?: Ref<HTMLAnchorElement> },
) {
  return <NavLink component="a" {...props} />;
}

const CreatedAnchor = createLink(AnchorBase);
const CreatedButton = createLink(ButtonBase);
const CreatedNavLink = createLink(NavLinkBase);

export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchor {...props} />;
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButton {...props} />;
export const NavLinkLink: LinkComponent<typeof NavLinkBase> = (props) => (
  <CreatedNavLink {...props} />
);
