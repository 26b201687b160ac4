import { ResourcePerm } from '@yunhu/contract';
import { Select } from 'antd';
import { type CSSProperties, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { useSettled } from '../../../shared/form/useSettled';
import { usePermission } from '../../../shared/permission/usePermission';

import { useScriptOptions } from '../api';

/**
 * A task's or a line's 话术: one of the library's scripts the person choosing may see (cleared: none),
 * the most used offered first and any other found by its title or text through the server's search.
 * The chosen one's title is kept as an option even when the list does not hold it (another person's
 * hidden script, or one past the list's length), so the select never shows a bare number.
 */
export const ScriptSelect = ({
  value,
  onChange,
  title,
  style,
  disabled,
  'data-testid': testId,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The chosen script's title, as the task or the line reports it. */
  title?: string | null;
  style?: CSSProperties;
  disabled?: boolean;
  'data-testid'?: string;
}) => {
  const canRead = usePermission(ResourcePerm.view);
  const [typed, setTyped] = useState('');
  const keyword = useSettled(typed.trim());
  const scripts = useScriptOptions(canRead, keyword);
  const options = (scripts.data?.records ?? []).map((s) => ({ value: s.id, label: s.title }));
  if (value != null && !options.some((o) => o.value === value)) options.unshift({ value, label: title ?? `#${value}` });
  return (
    <Select<number | null>
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onBlur={() => setTyped('')}
      value={value ?? null}
      onChange={(id) => onChange?.(id ?? null)}
      options={[{ value: null, label: t.resource.scriptNone }, ...options]}
      loading={scripts.isFetching}
      disabled={disabled}
      style={{ maxWidth: 320, ...style }}
      data-testid={testId}
    />
  );
};
