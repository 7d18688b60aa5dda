/** rjsf's array and property buttons, as plain labelled buttons (its defaults expect an icon font). */
import type { IconButtonProps } from '@rjsf/utils';

function make(label: string, testId: string) {
  return function FormButton({
    icon: _icon,
    iconType: _iconType,
    registry: _registry,
    uiSchema: _uiSchema,
    className: _className,
    ...rest
  }: IconButtonProps) {
    return (
      <button type="button" className="form-btn" data-testid={testId} aria-label={rest.title ?? label} {...rest}>
        {label}
      </button>
    );
  };
}

export const formButtons = {
  AddButton: make('+ Add', 'form-add'),
  CopyButton: make('Copy', 'form-copy'),
  MoveDownButton: make('↓', 'form-down'),
  MoveUpButton: make('↑', 'form-up'),
  RemoveButton: make('Remove', 'form-remove'),
  ClearButton: make('Clear', 'form-clear'),
};
