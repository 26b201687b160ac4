import { clueRegions } from '@yunhu/contract';
import { Cascader, Form } from 'antd';
import * as t from '../../../locales/zh-CN';

const options = Object.entries(clueRegions).map(([province, cities]) => ({
  value: province,
  label: province,
  children: Object.entries(cities).map(([city, districts]) => ({
    value: city,
    label: city,
    children: districts.map((d) => ({ value: d, label: d })),
  })),
}));

/** 省 / 市 / 区: any level may be the last chosen. */
export const RegionFilter = () => (
  <Form.Item name="region" label={t.clue.region}>
    <Cascader
      options={options}
      changeOnSelect
      allowClear
      placeholder={t.clue.regionPlaceholder}
      style={{ width: 220 }}
    />
  </Form.Item>
);
