import { Input, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';

export interface RenameInputProps {
  initial: string;
  label: string;
  onSubmit: (title: string) => void;
  onCancel: () => void;
}

/**
 * The inline title editor of a conversation row: Enter or leaving the field saves, Escape cancels.
 * Clicks and keys stay inside (the row would select itself otherwise).
 */
export function RenameInput({ initial, label, onSubmit, onCancel }: RenameInputProps) {
  const ref = useRef<InputRef>(null);
  const done = useRef(false);
  useEffect(() => {
    ref.current?.focus({ cursor: 'all' });
  }, []);
  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    const title = ref.current?.input?.value.trim() ?? '';
    if (save && title && title !== initial) onSubmit(title);
    else onCancel();
  };
  return (
    <Input
      ref={ref}
      size="small"
      defaultValue={initial}
      aria-label={label}
      dir="auto"
      maxLength={200}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        // preventDefault: the Enter that saves must not go on to "click" the row's button, which
        // takes the focus back once the field is gone (that would open the conversation).
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        }
        if (event.key === 'Escape') {
          event.preventDefault();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}
