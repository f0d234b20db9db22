'use client';
import { Typography, theme } from 'antd';
import type { ReactNode } from 'react';

/** Props of {@link WelcomeHeader}. */
export interface WelcomeHeaderProps {
  icon?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  /** Level of the title's heading (default 2), so it fits the host page's outline. */
  headingLevel?: 1 | 2 | 3 | 4 | 5;
}

/**
 * The welcome screen's header. Ant Design X's Welcome renders its title as a fixed <h4>, which skips
 * levels under a page's <h1> (axe heading-order); this one lets the app choose the level.
 */
export function WelcomeHeader({ icon, title, description, headingLevel = 2 }: WelcomeHeaderProps) {
  const { token } = theme.useToken();
  return (
    <div data-xagent-welcome-header="" style={{ display: 'flex', gap: token.marginSM, alignItems: 'flex-start' }}>
      {icon ? <div aria-hidden="true" style={{ fontSize: token.fontSizeHeading3, lineHeight: 1 }}>{icon}</div> : null}
      <div style={{ minWidth: 0 }}>
        {title ? (
          <Typography.Title level={headingLevel} style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
            {title}
          </Typography.Title>
        ) : null}
        {description ? <Typography.Paragraph style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>{description}</Typography.Paragraph> : null}
      </div>
    </div>
  );
}
