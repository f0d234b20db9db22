'use client';
import { ClockCircleOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { visuallyHidden } from '../a11y/visually-hidden.js';


/**
 * The badge of a conversation whose reply waits for the user's approval: a clock in a warning-filled
 * pill, in the text colour (full contrast), named "Waiting for your approval" for screen readers
 * (part of the row button's name) and as a tooltip.
 */
export function AwaitingBadge({ label }: { label: string }) {
  const { token } = theme.useToken();
  return (
    <span
      title={label}
      data-xagent-awaiting-approval=""
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        flex: 'none',
        padding: `0 ${token.paddingXXS}px`,
        borderRadius: token.borderRadiusSM,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorWarningBorder}`,
        background: token.colorWarningBg,
        color: token.colorText,
        fontSize: token.fontSizeSM,
      }}
    >
      <ClockCircleOutlined aria-hidden />
      <span style={visuallyHidden}>{label}</span>
    </span>
  );
}
