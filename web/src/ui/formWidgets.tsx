/**
 * rjsf's select and checkbox, made to show exactly what the form's value holds: a select with a
 * schema default shows its first choice even while the value is empty (nothing would be sent),
 * a value outside the choices would show as the first one, and an unset checkbox looks like a
 * `false` that is not sent. Each of these shows what is sent instead.
 */
import { useEffect, useRef } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import { deepEquals, type Widget, type WidgetProps } from '@rjsf/utils';

function coreWidget(name: string): Widget {
  const widget = getDefaultRegistry().widgets[name];
  if (!widget) throw new Error(`@rjsf/core has no ${name}`);
  return widget;
}
const CoreSelect = coreWidget('SelectWidget');
const CoreCheckbox = coreWidget('CheckboxWidget');
/** The option that stands for a value the schema's choices do not hold. */
const OFF_LIST = '\u0000off-list';

function ShownSelect(props: WidgetProps) {
  const { value, multiple, options, schema } = props;
  const choices = options.enumOptions ?? [];
  if (multiple) return <CoreSelect {...props} />;
  // Empty: rjsf offers its empty option only when the schema has no default; offer it anyway.
  if (value === undefined || value === '') return <CoreSelect {...props} schema={{ ...schema, default: undefined }} />;
  if (choices.some((c) => deepEquals(c.value, value))) return <CoreSelect {...props} />;
  return (
    <select
      id={props.id}
      name={props.htmlName ?? props.id}
      className="form-control"
      value={OFF_LIST}
      required={props.required}
      disabled={props.disabled || props.readonly}
      onChange={(e) => {
        if (e.target.value !== OFF_LIST) props.onChange(choices[Number(e.target.value)]?.value);
      }}
      onBlur={() => props.onBlur(props.id, value)}
      onFocus={() => props.onFocus(props.id, value)}
    >
      <option value={OFF_LIST}>{JSON.stringify(value)} (not one of the choices)</option>
      {choices.map((c, i) => (
        <option key={i} value={String(i)}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

function ShownCheckbox(props: WidgetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const unset = props.value === undefined;
  useEffect(() => {
    const box = ref.current?.querySelector('input[type="checkbox"]');
    if (box instanceof HTMLInputElement) box.indeterminate = unset;
  }, [unset]);
  return (
    <div ref={ref} className="checkbox-slot" title={unset ? 'Not set: nothing is sent for this field until it is ticked' : undefined}>
      <CoreCheckbox {...props} />
    </div>
  );
}

export const formWidgets = { SelectWidget: ShownSelect, CheckboxWidget: ShownCheckbox };
