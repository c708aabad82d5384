import type { MouseEvent, ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { navigate } from '../lib/url-state.ts';

/** A real link (middle-click, keyboard) that moves inside the app without reloading it. */
export function AppLink({ href, children, ...props }: AnchorProps & { href: string; children: ReactNode; 'aria-current'?: 'page' }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <Anchor href={href} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}
