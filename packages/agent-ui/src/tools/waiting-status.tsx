'use client';
import { ClockCircleOutlined } from '@ant-design/icons';
import { theme } from 'antd';

/**
 * "Waiting for your approval" on a pending approval card, drawn like an antd warning Tag but with
 * text at full contrast (`colorText`; antd's warning text is about 2:1 on white), and what the
 * buttons do, also at full contrast (the card is named by its title and described by these).
 */
export function WaitingStatus({ id, label, instructions }: { id: string; label: string; instructions: string }) {
  const { token } = theme.useToken();
  return (
    <div id={id} data-xagent-approval-status="waiting" style={{ marginBlock: token.marginXXS }}>
      <span
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: token.marginXXS,
          paddingInline: token.paddingXS - token.lineWidth,
          fontSize: token.fontSizeSM,
          lineHeight: token.lineHeightSM,
          borderRadius: token.borderRadiusSM,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorWarningBorder}`,
          background: token.colorWarningBg,
          color: token.colorText,
          fontWeight: 500,
        }}
      >
        <ClockCircleOutlined aria-hidden style={{ color: token.colorText }} />
        {label}
      </span>
      <span style={{ display: 'block', color: token.colorText, marginTop: token.marginXXS }}>{instructions}</span>
    </div>
  );
}
