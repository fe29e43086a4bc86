import { LIMITS, SHELL_TEXT as T } from '@zg/contract';
import { Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';

export interface EditableCellProps {
  value: string;
  /** Called with the new text when it changed; a rejected promise keeps the cell in edit mode. */
  onSave: (next: string) => unknown;
  /** At most 500 characters (spec-2 section 5). */
  maxLength?: number;
  /** Shown when the value is empty. */
  placeholder?: string;
  disabled?: boolean;
  /** Names the cell for screen readers. */
  'aria-label'?: string;
}

/**
 * Spec-2 sections 4 and 5: text that turns into an input on click and saves on Enter or when it loses focus;
 * Escape gives up the change. At most 500 characters.
 */
export function EditableCell({
  value,
  onSave,
  maxLength = LIMITS.editableCellMaxLength,
  placeholder = T.editCellHint,
  disabled = false,
  'aria-label': ariaLabel,
}: EditableCellProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const input = useRef<InputRef>(null);
  // Enter saves and then the input blurs: the second save must not run.
  const settling = useRef(false);

  useEffect(() => {
    if (editing) input.current?.focus({ cursor: 'end' });
  }, [editing]);

  const start = () => {
    if (disabled) return;
    setDraft(value);
    settling.current = false;
    setEditing(true);
  };
  const finish = async () => {
    if (settling.current) return;
    settling.current = true;
    const next = draft.slice(0, maxLength);
    if (next === value) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await onSave(next);
      setEditing(false);
    } catch {
      // The caller has told the user; the text stays for another try.
      settling.current = false;
    } finally {
      setSaving(false);
    }
  };

  if (editing) {
    return (
      <Input
        ref={input}
        size="small"
        className="zg-editable-cell__input"
        aria-label={ariaLabel}
        value={draft}
        maxLength={maxLength}
        disabled={saving}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={() => void finish()}
        onBlur={() => void finish()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            settling.current = true;
            setEditing(false);
          }
        }}
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a cell's text that becomes an input, not a form button.
    <span
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-label={ariaLabel}
      aria-disabled={disabled}
      className={`zg-editable-cell${value ? '' : ' zg-editable-cell--empty'}${disabled ? ' zg-editable-cell--disabled' : ''}`}
      title={disabled ? undefined : T.editCellHint}
      onClick={start}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          start();
        }
      }}
    >
      {value || placeholder}
    </span>
  );
}
