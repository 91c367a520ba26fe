import type { ReactNode } from 'react';
import { useSessionStore } from '../../lib/session';

/**
 * Help texts (spec: the member's help-text flag, /profile/settings, default off): the explanatory
 * lines of the signed-in areas that a form can be filled without: a page's intro under its title,
 * the line under a switch, a select's hint. What a field accepts (lengths, formats) and errors are
 * not help texts: they always show. Signed out, the flag is off.
 */
export function useHelpTexts(): boolean {
  return useSessionStore((state) => state.user?.helpText === true);
}

/** Its children when the member turned help texts on, else nothing. */
export function HelpText({
  as: Tag = 'p',
  id,
  className,
  children,
}: {
  as?: 'p' | 'span';
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  if (!useHelpTexts()) return null;
  return (
    <Tag id={id} className={className} data-help-text="">
      {children}
    </Tag>
  );
}
