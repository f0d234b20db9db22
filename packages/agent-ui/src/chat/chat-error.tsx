'use client';
import { CloseOutlined } from '@ant-design/icons';
import { useAgentError, useAgentStatus } from '@x/agent-react';
import { Button, theme } from 'antd';
import { useEffect } from 'react';
import { useAgentUIConfig } from '../config.js';
import { lazyComponent } from '../lazy/lazy-component.js';
import { loadOnDemand } from '../lazy/load-on-demand.js';
import { focusChat, useChatContext } from './chat-context.js';
import type { ErrorAlertProps } from './error-alert.js';
import { errorText } from './error-text.js';

/** The error alert; loaded while the first request runs, so it is normally there before an error. */
const ErrorAlert = lazyComponent<ErrorAlertProps>(async () => (await loadOnDemand()).ErrorAlert, (props) => <ErrorAlertPlaceholder {...props} />);

/** The error with its actions, in the alert's box, for the moments before the alert's code is there. */
function ErrorAlertPlaceholder({ message, onRetry, onDismiss }: ErrorAlertProps) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  return (
    <div
      role="alert"
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: token.marginSM,
        padding: `${token.paddingMD}px ${token.paddingContentHorizontalLG}px`,
        background: token.colorErrorBg,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorErrorBorder}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
      }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontSize: token.fontSizeLG, marginBottom: token.marginXS }}>{strings.errorTitle}</div>
        <div>{message}</div>
      </div>
      <Button size="small" onClick={onRetry}>
        {strings.retry}
      </Button>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={strings.dismiss} onClick={onDismiss} />
    </div>
  );
}

/**
 * The provider's chat error with Retry (regenerates) and Dismiss (clears it); nothing without an
 * error. The alert's code is fetched when the first request starts.
 */
export function AgentChatError() {
  const context = useChatContext('AgentChatError');
  const { chat, regenerate } = context;
  const { strings } = useAgentUIConfig();
  const status = useAgentStatus(chat);
  const error = useAgentError(chat);
  // Errors follow requests: fetch the alert's code when the first one starts.
  const requested = status !== 'ready' || !!error;
  useEffect(() => {
    if (requested) void ErrorAlert.preload().catch(() => {});
  }, [requested]);
  if (!error) return null;
  // The alert goes with the error: its Retry (as Regenerate does) and Dismiss hand the focus to the composer.
  const retry = () => {
    focusChat(context);
    void regenerate();
  };
  const dismiss = () => {
    focusChat(context);
    chat.clearError();
  };
  return <ErrorAlert message={errorText(error, strings)} onRetry={retry} onDismiss={dismiss} />;
}
