import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space } from 'antd';
import { t } from '../../locales/zh-CN';

type TColumnSettingsProps = {
  columns: { key: string; title: string }[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
};

/** Show/hide columns of a list page. */
export const ColumnSettings = ({ columns, hidden, onChange }: TColumnSettingsProps) => {
  const content = (
    <Space orientation="vertical" data-testid="column-settings-panel">
      {columns.map((c) => (
        <Checkbox
          key={c.key}
          checked={!hidden.includes(c.key)}
          onChange={(e) => onChange(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
        >
          {c.title}
        </Checkbox>
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
