// "‹ Customers": the way back to the page a record belongs to, above its title.
import { Anchor, type AnchorProps } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type Props = AnchorProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & {
    ref?: Ref<HTMLAnchorElement>;
  };

function BackAnchor({ children, ...props }: Props) {
  return (
    <Anchor
      component="a"
      size="sm"
      fw={600}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 2, alignSelf: 'flex-start' }}
      {...props}
    >
      <IconChevronLeft size={16} aria-hidden />
      {children}
    </Anchor>
  );
}

const CreatedBackLink = createLink(BackAnchor);

export const BackLink: LinkComponent<typeof BackAnchor> = (props) => <CreatedBackLink {...props} />;
