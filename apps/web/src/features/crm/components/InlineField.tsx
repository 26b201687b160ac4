import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import * as t from '../../../locales/zh-CN';

export type TInlineFieldProps<V> = {
  display: ReactNode;
  /** The value the editor starts from. */
  value: V;
  editor: (value: V, onChange: (v: V) => void) => ReactNode;
  onSave: (value: V) => Promise<unknown>;
  isEditable: boolean;
  testId?: string;
};

/** Click to edit one field in place; ✓ saves only that field, ✗ or Esc leaves it as it was. */
export const InlineField = <V,>({ display, value, editor, onSave, isEditable, testId }: TInlineFieldProps<V>) => {
  const [draft, setDraft] = useState<V | undefined>(undefined);
  const [isEditing, setEditing] = useState(false);
  const [isSaving, setSaving] = useState(false);
  if (!isEditable) return <>{display}</>;
  if (!isEditing) {
    return (
      <Tooltip title={t.crm.clickToEdit}>
        {/* biome-ignore lint/a11y/useSemanticElements: an inline value that turns into its editor */}
        <span
          role="button"
          tabIndex={0}
          style={{ cursor: 'pointer' }}
          data-testid={testId}
          onClick={() => {
            setDraft(value);
            setEditing(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setDraft(value);
              setEditing(true);
            }
          }}
        >
          {display} <EditOutlined style={{ color: '#999' }} />
        </span>
      </Tooltip>
    );
  }
  const save = async () => {
    setSaving(true);
    try {
      await onSave(draft as V);
      setEditing(false);
    } catch {
      // The HTTP client showed why; stay in the editor so the value can be fixed.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space.Compact
      style={{ width: '100%' }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setEditing(false);
      }}
    >
      <div style={{ flex: 1, minWidth: 120 }}>{editor(draft as V, setDraft)}</div>
      <Button icon={<CheckOutlined />} type="primary" loading={isSaving} onClick={save} aria-label={t.common.save} />
      <Button icon={<CloseOutlined />} onClick={() => setEditing(false)} aria-label={t.common.cancel} />
    </Space.Compact>
  );
};
