import { Perm, type TCustomField } from '@yunhu/contract';
import { Button, Form, InputNumber, Space } from 'antd';
import { t } from '../../../locales/zh-CN';
import { namedOptions, personOptions } from '../../../shared/form/options';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
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
      <SelectFilter
        name={name}
        label={field.name}
        width={180}
        options={field.options.map((o) => ({ value: o, label: o }))}
        isMultiple
      />
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
    return <DateRangeFilter name={name} label={field.name} allowEmpty={[true, true]} />;
  }
  return <TextFilter name={name} label={field.name} />;
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
      <TextFilter
        name="keyword"
        label={c.keyword}
        placeholder={c.keywordPlaceholder}
        width={220}
        testId="crm-filter-keyword"
      />
      <TextFilter name="mobile" label={c.mobile} placeholder={c.mobilePlaceholder} width={140} />
      <SelectFilter
        name="intentionLevels"
        label={c.level}
        isMultiple
        width={170}
        options={levelOptions.map((o) => ({ value: o.value, label: o.value, title: o.label }))}
        testId="crm-filter-level"
      />
      {isPrivate && (
        <SelectFilter
          name="ownerId"
          label={c.owner}
          isSearchable
          width={140}
          options={personOptions(assignees.data ?? [])}
        />
      )}
      <Form.Item>
        <Button type="link" onClick={onToggleMore} data-testid="crm-filter-more">
          {isMoreOpen ? c.lessFilters : `${c.moreFilters}${moreCount > 0 ? `（${moreCount}）` : ''}`}
        </Button>
      </Form.Item>
      {/* Folded fields stay mounted (display: contents keeps them in the form's flow) so their values count. */}
      <div style={{ display: isMoreOpen ? 'contents' : 'none' }} data-testid="crm-filter-more-panel">
        <TextFilter name="company" label={c.company} />
        <SelectFilter name="isDeal" label={c.deal} width={110} options={dealOptions} />
        <SelectFilter name="phoneLabels" label={c.phoneLabel} isMultiple width={180} options={phoneLabelOptions} />
        <SelectFilter name="tagIds" label={c.tags} isMultiple width={180} options={namedOptions(tags.data ?? [])} />
        {/* The department tree is only readable with the department permission (agents filter by owner instead). */}
        {canListDepts && (
          <Form.Item name="deptId" label={c.dept}>
            <DeptTreeSelect allowClear placeholder={c.all} style={{ width: 170 }} />
          </Form.Item>
        )}
        <TextFilter name="source" label={c.source} width={130} />
        <SelectFilter name="isProtected" label={c.protected} width={100} options={yesNo} />
        {isPrivate && <SelectFilter name="isNeverFollowed" label={c.neverFollowed} width={100} options={yesNo} />}
        <DateRangeFilter name="createdRange" label={c.createdRange} allowEmpty={[true, true]} />
        <DateRangeFilter name="lastFollowRange" label={c.lastFollowRange} allowEmpty={[true, true]} />
        <DateRangeFilter name="nextFollowRange" label={c.nextFollowRange} allowEmpty={[true, true]} />
        <SelectFilter name="isNeverCalled" label={c.neverCalled} width={100} options={yesNo} />
        <DateRangeFilter name="lastCallRange" label={c.lastCallRange} allowEmpty={[true, true]} />
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
