import { Perm, type TCustomField } from '@yunhu/contract';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { t } from '../../../locales/zh-CN';
import { usePermission } from '../../../shared/permission/usePermission';
import { DeptTreeSelect } from '../../org';
import { useAssignees, useTags } from '../api';
import { dealOptions, levelOptions, phoneLabelOptions } from '../format';

const c = t.crm;
const yesNo = [
  { value: true, label: c.yes },
  { value: false, label: c.no },
];

/** One custom field marked 「用于筛选」: text contains, any of the options, or a range. */
const CustomFilter = ({ field }: { field: TCustomField }) => {
  const name = ['custom', String(field.id)];
  if (field.type === 'select' || field.type === 'multiselect') {
    return (
      <Form.Item name={name} label={field.name}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={c.all}
          style={{ width: 180 }}
          options={field.options.map((o) => ({ value: o, label: o }))}
        />
      </Form.Item>
    );
  }
  if (field.type === 'number') {
    return (
      <Form.Item label={field.name}>
        <Space.Compact>
          <Form.Item name={[...name, 0]} noStyle>
            <InputNumber placeholder={c.min} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name={[...name, 1]} noStyle>
            <InputNumber placeholder={c.max} style={{ width: 90 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    );
  }
  if (field.type === 'date') {
    return (
      <Form.Item name={name} label={field.name}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name={name} label={field.name}>
      <Input allowClear style={{ width: 160 }} />
    </Form.Item>
  );
};

type TCustomerFiltersProps = {
  isPrivate: boolean;
  fields: TCustomField[];
  isMoreOpen: boolean;
  onToggleMore: () => void;
  /** Conditions set among the folded filters, shown on the toggle so nothing hides unnoticed. */
  moreCount: number;
};

/** The filter form items of both pools; the less used ones fold under 更多筛选. */
export const CustomerFilters = ({ isPrivate, fields, isMoreOpen, onToggleMore, moreCount }: TCustomerFiltersProps) => {
  const tags = useTags();
  const assignees = useAssignees(isPrivate);
  const canListDepts = usePermission(Perm.deptList);
  return (
    <>
      <Form.Item name="keyword" label={c.keyword}>
        <Input allowClear placeholder={c.keywordPlaceholder} style={{ width: 220 }} data-testid="crm-filter-keyword" />
      </Form.Item>
      <Form.Item name="mobile" label={c.mobile}>
        <Input allowClear placeholder={c.mobilePlaceholder} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="intentionLevels" label={c.level}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={c.all}
          style={{ width: 170 }}
          options={levelOptions.map((o) => ({ value: o.value, label: o.value, title: o.label }))}
          data-testid="crm-filter-level"
        />
      </Form.Item>
      {isPrivate && (
        <Form.Item name="ownerId" label={c.owner}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={c.all}
            style={{ width: 140 }}
            options={(assignees.data ?? []).map((a) => ({ value: a.userId, label: a.realName }))}
          />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="link" onClick={onToggleMore} data-testid="crm-filter-more">
          {isMoreOpen ? c.lessFilters : `${c.moreFilters}${moreCount > 0 ? `（${moreCount}）` : ''}`}
        </Button>
      </Form.Item>
      {/* Folded fields stay mounted (display: contents keeps them in the form's flow) so their values count. */}
      <div style={{ display: isMoreOpen ? 'contents' : 'none' }} data-testid="crm-filter-more-panel">
        <Form.Item name="company" label={c.company}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="isDeal" label={c.deal}>
          <Select allowClear placeholder={c.all} style={{ width: 110 }} options={dealOptions} />
        </Form.Item>
        <Form.Item name="phoneLabels" label={c.phoneLabel}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={c.all}
            style={{ width: 180 }}
            options={phoneLabelOptions}
          />
        </Form.Item>
        <Form.Item name="tagIds" label={c.tags}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={c.all}
            style={{ width: 180 }}
            options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          />
        </Form.Item>
        {/* The department tree is only readable with the department permission (agents filter by owner instead). */}
        {canListDepts && (
          <Form.Item name="deptId" label={c.dept}>
            <DeptTreeSelect allowClear placeholder={c.all} style={{ width: 170 }} />
          </Form.Item>
        )}
        <Form.Item name="source" label={c.source}>
          <Input allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="isProtected" label={c.protected}>
          <Select allowClear placeholder={c.all} style={{ width: 100 }} options={yesNo} />
        </Form.Item>
        {isPrivate && (
          <Form.Item name="isNeverFollowed" label={c.neverFollowed}>
            <Select allowClear placeholder={c.all} style={{ width: 100 }} options={yesNo} />
          </Form.Item>
        )}
        <Form.Item name="createdRange" label={c.createdRange}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="lastFollowRange" label={c.lastFollowRange}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="nextFollowRange" label={c.nextFollowRange}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="isNeverCalled" label={c.neverCalled}>
          <Select allowClear placeholder={c.all} style={{ width: 100 }} options={yesNo} />
        </Form.Item>
        <Form.Item name="lastCallRange" label={c.lastCallRange}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        {fields
          .filter((f) => f.isInFilter)
          .map((f) => (
            <CustomFilter key={f.id} field={f} />
          ))}
      </div>
    </>
  );
};

/** Filter keys that live in the folded part (to count them on the toggle). */
export const foldedKeys = [
  'company',
  'isDeal',
  'phoneLabels',
  'tagIds',
  'deptId',
  'source',
  'isProtected',
  'isNeverFollowed',
  'createdRange',
  'lastFollowRange',
  'nextFollowRange',
  'isNeverCalled',
  'lastCallRange',
  'custom',
];
