import type { TCustomField, TImportBatchOption } from '@yunhu/contract';
import { Form, InputNumber, Space } from 'antd';
import * as t from '../../../locales/zh-CN';
import { namedOptions } from '../../../shared/form/options';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { DeptNodeSelect } from '../../org';
import { useImportBatches, useScopeDepts, useTags } from '../api';
import { dealOptions, phoneLabelOptions } from '../format';

const c = t.crm;
const yesNo = [
  { value: true, label: c.yes },
  { value: false, label: c.no },
];

const batchOptions = (batches: TImportBatchOption[]) =>
  batches.map((b) => ({ value: b.id, label: c.importBatchOption(b.code, b.fileName, b.count, b.userName) }));

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

/** The less used conditions of both pools, under 更多筛选. */
export const FoldedFilters = ({ isPrivate, fields }: { isPrivate: boolean; fields: TCustomField[] }) => {
  const tags = useTags();
  const depts = useScopeDepts().data ?? [];
  const batches = useImportBatches();
  return (
    <>
      <TextFilter name="company" label={c.company} />
      <SelectFilter name="isDeal" label={c.deal} width={110} options={dealOptions} />
      <SelectFilter name="phoneLabels" label={c.phoneLabel} isMultiple width={180} options={phoneLabelOptions} />
      <SelectFilter name="tagIds" label={c.tags} isMultiple width={180} options={namedOptions(tags.data ?? [])} />
      {/* The departments of his data scope; one who sees only his own customers has none to pick. */}
      {depts.length > 0 && (
        <Form.Item name="deptId" label={c.dept}>
          <DeptNodeSelect nodes={depts} allowClear placeholder={c.all} style={{ width: 170 }} />
        </Form.Item>
      )}
      <SelectFilter
        name="importBatchId"
        label={c.importBatch}
        isSearchable
        width={260}
        options={batchOptions(batches.data ?? [])}
        testId="crm-filter-import-batch"
      />
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
    </>
  );
};
