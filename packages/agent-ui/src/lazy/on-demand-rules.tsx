'use client';
import type { ComponentType } from 'react';
import { AntdRules } from '../styles/antd-rules.js';
import { ON_DEMAND_ANTD_RULES } from './on-demand-antd-rules.js';

/**
 * The antd rules of the on-demand parts' components (a message's editor, the approval card's input,
 * tool groups, reasoning, files, the error alert, the skeleton, the drawer): `@x/agent-ui/antd.css`
 * holds only a chat's first paint, so these come with the parts' code, once per page, in static mode.
 */
export function OnDemandRules() {
  return <AntdRules href="xagent-antd-on-demand" rules={ON_DEMAND_ANTD_RULES} />;
}

/** `Part` with the on-demand parts' antd rules beside it (the exports of the on-demand chunk that render components `antd.css` lacks). */
export function withOnDemandRules<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  function WithOnDemandRules(props: P) {
    return (
      <>
        <OnDemandRules />
        <Part {...props} />
      </>
    );
  }
  WithOnDemandRules.displayName = `WithOnDemandRules(${Part.displayName ?? Part.name})`;
  return WithOnDemandRules;
}
