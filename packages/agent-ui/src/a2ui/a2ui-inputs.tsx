'use client';
import { Checkbox, DatePicker, Input, Radio, Select, Slider, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState, type ReactNode } from 'react';
import { toText } from './bounded-text.js';
import { boundPointer, resolveText, resolveValue } from './dynamic-values.js';
import type { ComponentNode, NodeRenderer } from './a2ui-node.js';
import { useScope, useSurface } from './surface-context.js';

/**
 * Two-way binding of an input's `value`: reads the data model at its `{ path }` and writes the
 * user's input there at once (a literal value is local to the input).
 */
function useBinding(node: ComponentNode, prop = 'value'): [unknown, (value: unknown) => void] {
  const { write } = useSurface();
  const scope = useScope(node.scope);
  const raw = node.component[prop];
  const pointer = boundPointer(raw, scope);
  const [local, setLocal] = useState<unknown>(() => resolveValue(raw, scope));
  if (pointer === undefined) return [local, setLocal];
  return [resolveValue(raw, scope), (value) => write(pointer, value)];
}

/** An input under its label: a `<label for>`, or for a group of choices a group named by the label. */
function Labelled({ node, id, group = false, children }: { node: ComponentNode; id: string; group?: boolean; children: ReactNode }) {
  const scope = useScope(node.scope);
  const label = resolveText(node.component.label, scope);
  const labelId = `${id}-label`;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }} data-a2ui-id={node.component.id}>
      {label ? group ? <div id={labelId}>{label}</div> : <label htmlFor={id}>{label}</label> : null}
      {group ? (
        <div role="group" aria-labelledby={label ? labelId : undefined}>
          {children}
        </div>
      ) : (
        children
      )}
    </div>
  );
}

/** TextField: Input, TextArea (`longText`), Input.Password (`obscured`) or a numeric Input. */
const TextField: NodeRenderer = ({ node }) => {
  const { disabled } = useSurface();
  const id = useId();
  const [value, setValue] = useBinding(node);
  // The field's own data, shown whole (a string is not an expansion); other values as bounded text.
  const text = typeof value === 'string' ? value : toText(value);
  const variant = node.component.variant;
  // dir="auto": what the user types reads in its own direction.
  const common = { id, dir: 'auto', value: text, disabled, onChange: (e: { target: { value: string } }) => setValue(e.target.value) };
  const field =
    variant === 'longText' ? (
      <Input.TextArea {...common} autoSize={{ minRows: 2, maxRows: 8 }} />
    ) : variant === 'obscured' ? (
      <Input.Password {...common} />
    ) : (
      <Input {...common} inputMode={variant === 'number' ? 'decimal' : undefined} />
    );
  return <Labelled node={node} id={id}>{field}</Labelled>;
};

/** CheckBox: an antd Checkbox bound to a boolean. */
const CheckBox: NodeRenderer = ({ node }) => {
  const { disabled } = useSurface();
  const scope = useScope(node.scope);
  const [value, setValue] = useBinding(node);
  return (
    <Checkbox checked={value === true} disabled={disabled} onChange={(e) => setValue(e.target.checked)} data-a2ui-id={node.component.id}>
      {resolveText(node.component.label, scope)}
    </Checkbox>
  );
};

/** ChoicePicker: Select (or Radio / Checkbox group for `displayStyle: checkbox`) over a string list. */
const ChoicePicker: NodeRenderer = ({ node }) => {
  const { disabled } = useSurface();
  const id = useId();
  const scope = useScope(node.scope);
  const [value, setValue] = useBinding(node);
  const multiple = node.component.variant === 'multipleSelection';
  const options = (Array.isArray(node.component.options) ? node.component.options.slice(0, 200) : []).map((option) => {
    const o = (option ?? {}) as { label?: unknown; value?: unknown };
    const v = toText(o.value);
    return { value: v, label: resolveText(o.label, scope) || v };
  });
  const selected = Array.isArray(value) ? value.slice(0, 200).map((v) => toText(v)) : value === undefined || value === null || value === '' ? [] : [toText(value)];
  let field;
  const group = node.component.displayStyle === 'checkbox';
  if (group) {
    field = multiple ? (
      <Checkbox.Group options={options} value={selected} disabled={disabled} onChange={(next) => setValue(next.map(String))} />
    ) : (
      <Radio.Group options={options} value={selected[0]} disabled={disabled} onChange={(e) => setValue([String(e.target.value)])} />
    );
  } else {
    field = (
      <Select
        id={id}
        mode={multiple ? 'multiple' : undefined}
        options={options}
        value={multiple ? selected : selected[0]}
        disabled={disabled}
        showSearch={node.component.filterable === true ? { optionFilterProp: 'label' } : false}
        onChange={(next: string | string[]) => setValue(Array.isArray(next) ? next : [next])}
        style={{ minWidth: 160 }}
      />
    );
  }
  return (
    <Labelled node={node} id={id} group={group}>
      {field}
    </Labelled>
  );
};

/** Slider: an antd Slider between `min` (default 0) and `max`. */
const A2UISlider: NodeRenderer = ({ node }) => {
  const { disabled } = useSurface();
  const scope = useScope(node.scope);
  const [value, setValue] = useBinding(node);
  const min = typeof node.component.min === 'number' ? node.component.min : 0;
  const max = typeof node.component.max === 'number' ? node.component.max : 100;
  const label = resolveText(node.component.label, scope);
  return (
    <div data-a2ui-id={node.component.id}>
      {label ? <div>{label}</div> : null}
      <Slider min={min} max={max} value={typeof value === 'number' ? value : Number(value) || min} disabled={disabled} onChange={(v: number) => setValue(v)} ariaLabelForHandle={label || node.component.id} />
    </div>
  );
};

/** DateTimeInput: DatePicker (with time when `enableTime`), or TimePicker for time only; ISO 8601 in the model. */
const DateTimeInput: NodeRenderer = ({ node }) => {
  const { disabled } = useSurface();
  const id = useId();
  const [value, setValue] = useBinding(node);
  const enableDate = node.component.enableDate !== false;
  const enableTime = node.component.enableTime === true;
  const text = toText(value);
  const parsed: Dayjs | null = text ? (enableDate ? dayjs(text) : dayjs(`1970-01-01T${text}`)) : null;
  const current = parsed && parsed.isValid() ? parsed : null;
  const field = enableDate ? (
    <DatePicker
      id={id}
      value={current}
      showTime={enableTime}
      disabled={disabled}
      format={enableTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'}
      onChange={(d: Dayjs | null) => setValue(d ? (enableTime ? d.format('YYYY-MM-DDTHH:mm') : d.format('YYYY-MM-DD')) : '')}
    />
  ) : (
    <TimePicker id={id} value={current} format="HH:mm" disabled={disabled} onChange={(d: Dayjs | null) => setValue(d ? d.format('HH:mm') : '')} />
  );
  return <Labelled node={node} id={id}>{field}</Labelled>;
};

export const inputRenderers: Record<string, NodeRenderer> = { TextField, CheckBox, ChoicePicker, Slider: A2UISlider, DateTimeInput };
