import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space } from 'antd';
import * as t from '../../locales/zh-CN';

type TColumnSettingsProps = {
  /** Every column, in the order shown. */
  columns: { key: string; title: string }[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
  /** Moves columns: the new order of every key. Without it the order is fixed. */
  onOrder?: (order: string[]) => void;
};

/** Moves the key at `index` by `delta` places (-1 up, 1 down). */
const moved = (keys: string[], index: number, delta: number) => {
  const next = [...keys];
  const [key] = next.splice(index, 1);
  if (key !== undefined) next.splice(index + delta, 0, key);
  return next;
};

/** Show/hide (and order) the columns of a list page. */
export const ColumnSettings = ({ columns, hidden, onChange, onOrder }: TColumnSettingsProps) => {
  const keys = columns.map((c) => c.key);
  const content = (
    <Space orientation="vertical" data-testid="column-settings-panel">
      {columns.map((c, i) => (
        <Space key={c.key} style={{ width: '100%', justifyContent: 'space-between' }}>
          <Checkbox
            checked={!hidden.includes(c.key)}
            onChange={(e) => onChange(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
          >
            {c.title}
          </Checkbox>
          {onOrder && (
            <Space size={0}>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={`${c.title}${t.common.moveUp}`}
                disabled={i === 0}
                onClick={() => onOrder(moved(keys, i, -1))}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={`${c.title}${t.common.moveDown}`}
                disabled={i === columns.length - 1}
                onClick={() => onOrder(moved(keys, i, 1))}
              />
            </Space>
          )}
        </Space>
      ))}
    </Space>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined />} data-testid="column-settings">
        {t.common.columns}
      </Button>
    </Popover>
  );
};
