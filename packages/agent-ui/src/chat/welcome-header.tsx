'use client';
import { theme } from 'antd';
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
 * levels under a page's <h1> (axe heading-order); this one lets the app choose the level. A plain
 * heading and paragraph styled from the theme's tokens as antd Typography styles them (without
 * Typography's code: ellipsis, copy and edit are not needed here).
 */
export function WelcomeHeader({ icon, title, description, headingLevel = 2 }: WelcomeHeaderProps) {
  const { token } = theme.useToken();
  const Heading = `h${headingLevel}` as const;
  return (
    <div data-xagent-welcome-header="" style={{ display: 'flex', gap: token.marginSM, alignItems: 'flex-start' }}>
      {icon ? <div aria-hidden="true" style={{ fontSize: token.fontSizeHeading3, lineHeight: 1 }}>{icon}</div> : null}
      <div style={{ minWidth: 0 }}>
        {title ? (
          <Heading
            style={{
              fontSize: token.fontSizeHeading4,
              lineHeight: token[`lineHeightHeading${headingLevel}`],
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
              wordBreak: 'break-word',
              margin: 0,
            }}
          >
            {title}
          </Heading>
        ) : null}
        {description ? (
          <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary, lineHeight: token.lineHeight, wordBreak: 'break-word' }}>{description}</p>
        ) : null}
      </div>
    </div>
  );
}
