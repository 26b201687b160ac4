import { DeleteOutlined, DownOutlined, StarOutlined } from '@ant-design/icons';
import type { TCustomerFilter, TScreenConfig } from '@yunhu/contract';
import { Button, Dropdown, type MenuProps, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { lazyComponent } from '../../../shared/lazyComponent';
import { OnceOpened } from '../../../shared/modal/OnceOpened';

const c = t.crm;

// The naming dialog loads with the first 保存当前筛选.
const SaveFilterModal = lazyComponent(() => import('./SaveFilterModal'), 'SaveFilterModal');

export type TSavedFilter = TScreenConfig['savedFilters'][number];

type TSavedFiltersProps = {
  saved: TSavedFilter[];
  current: TCustomerFilter;
  onApply: (filter: TCustomerFilter) => void;
  /** Persists the whole list (per user and screen). */
  onChange: (next: TSavedFilter[]) => Promise<void>;
};

/** Named filters a person keeps per screen: apply one, save the current one, delete one. */
export const SavedFilters = ({ saved, current, onApply, onChange }: TSavedFiltersProps) => {
  const [isNaming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const trimmed = name.trim();
  const exists = saved.some((f) => f.name === trimmed);

  const save = async () => {
    if (!trimmed) return;
    const next = [...saved.filter((f) => f.name !== trimmed), { name: trimmed, filter: current }];
    await onChange(next)
      .then(() => {
        feedback.message.success(c.filterSaved(trimmed));
        setNaming(false);
        setName('');
      })
      .catch(() => undefined);
  };
  const remove = (target: string) =>
    onChange(saved.filter((f) => f.name !== target))
      .then(() => feedback.message.success(c.filterDeleted(target)))
      .catch(() => undefined);

  const items: MenuProps['items'] = [
    ...(saved.length === 0
      ? [{ key: 'empty', disabled: true, label: <Typography.Text type="secondary">{c.noSavedFilter}</Typography.Text> }]
      : saved.map((f) => ({
          key: `apply:${f.name}`,
          label: (
            <span style={{ display: 'flex', justifyContent: 'space-between', gap: 16 }}>
              {f.name}
              <DeleteOutlined
                aria-label={`${c.delete}${f.name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  void remove(f.name);
                }}
              />
            </span>
          ),
          onClick: () => onApply(f.filter as TCustomerFilter),
        }))),
    { type: 'divider' as const },
    {
      key: 'save',
      icon: <StarOutlined />,
      label: c.saveFilter,
      onClick: () => setNaming(true),
    },
  ];

  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button data-testid="crm-saved-filters">
          {c.savedFilters} <DownOutlined />
        </Button>
      </Dropdown>
      <OnceOpened open={isNaming}>
        <SaveFilterModal
          open={isNaming}
          name={name}
          exists={exists}
          onName={setName}
          onSave={save}
          onCancel={() => setNaming(false)}
        />
      </OnceOpened>
    </>
  );
};
