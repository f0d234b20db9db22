'use client';
import { CloseCircleOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useAgentUIConfig } from '../config.js';

/** Props of {@link ErrorAlert}. */
export interface ErrorAlertProps {
  message: string;
  onRetry: () => void;
  onDismiss: () => void;
}

/** The chat's error: antd Alert with a Retry action and a named close button. Its own chunk. */
export function ErrorAlert({ message, onRetry, onDismiss }: ErrorAlertProps) {
  const { strings } = useAgentUIConfig();
  return (
    <Alert
      type="error"
      showIcon
      icon={<CloseCircleOutlined />}
      title={strings.errorTitle}
      description={message}
      role="alert"
      action={
        <Button size="small" onClick={onRetry}>
          {strings.retry}
        </Button>
      }
      closable={{ 'aria-label': strings.dismiss, onClose: onDismiss }}
    />
  );
}
