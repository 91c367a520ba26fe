import type { ReactNode } from 'react';
import ui from './workspace-ui.module.css';

interface WorkspacePageHeaderProps {
  title: ReactNode;
  /** a name someone typed (a menu's, a post's): it takes its own direction, not the page's */
  titleDir?: 'auto';
  /** the short line above the title */
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** for the controls the lead explains (`aria-describedby`) */
  leadId?: string;
  /** a picture before the title, such as a person's avatar */
  media?: ReactNode;
  /** the buttons, links or badge on the other side */
  actions?: ReactNode;
  /** what else stands under the title: a status line, a count, a range */
  children?: ReactNode;
}

/** The head of every workspace page: the title with its eyebrow and lead, the page's actions beside them. */
export function WorkspacePageHeader({ title, titleDir, eyebrow, lead, leadId, media, actions, children }: WorkspacePageHeaderProps) {
  const text = (
    <div className={ui.titleBlock}>
      {eyebrow ? <p className={ui.eyebrow}>{eyebrow}</p> : null}
      <h1 className={ui.pageTitle} dir={titleDir}>
        {title}
      </h1>
      {lead ? (
        <p className={ui.lead} id={leadId}>
          {lead}
        </p>
      ) : null}
      {children}
    </div>
  );
  return (
    <header className={ui.pageHeader}>
      {media ? (
        <div className={ui.row}>
          {media}
          {text}
        </div>
      ) : (
        text
      )}
      {actions ? <div className={ui.headerActions}>{actions}</div> : null}
    </header>
  );
}
