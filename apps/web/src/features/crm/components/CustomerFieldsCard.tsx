import { useQueryClient } from '@tanstack/react-query';
import { crmRoutes, type TCustomer, type TCustomerFields } from '@yunhu/contract';
import { Card, DatePicker, Descriptions, Input, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { namedOptions } from '../../../shared/form/options';
import { call } from '../../../shared/http/api';
import { beijingMomentOf, beijingPickerMoment } from '../../../shared/time/beijing';
import { invalidateCustomers, useFieldList, useTags } from '../api';
import { fromCustomValue, toCustomValue, toCustomValues } from '../customerForm';
import { CustomerTags, DealTag, fmtTime, LevelTag, levelOptions, PhoneLabelTag, phoneLabelOptions } from '../format';
import { CustomFieldControl } from './CustomFieldInput';
import { customText } from './customerColumns';
import { InlineField, type TInlineFieldProps } from './InlineField';

const c = t.crm;

type TPatch = Partial<TCustomerFields>;

/** Every field of one customer; each editable in place when the user may edit it. */
export const CustomerFieldsCard = ({ customer, isEditable }: { customer: TCustomer; isEditable: boolean }) => {
  const client = useQueryClient();
  const fields = useFieldList();
  const tags = useTags();
  // Only the changed field goes to the server (both pools' edits accept a partial body).
  const save = async (patch: TPatch) => {
    await call(customer.ownerId === null ? crmRoutes.poolUpdate : crmRoutes.customerUpdate, {
      id: customer.id,
      ...patch,
    });
    feedback.message.success(c.saved);
    await invalidateCustomers(client);
  };
  /** An item the user edits in place (when he may): what it shows, the value it edits, its editor and its save. */
  const editable = <V,>(key: string, label: string, field: Omit<TInlineFieldProps<V>, 'isEditable'>) => ({
    key,
    label,
    children: <InlineField<V> isEditable={isEditable} {...field} />,
  });
  const text = (key: 'name' | 'company' | 'source' | 'address' | 'remark', label: string, isLong = false) =>
    editable<string>(key, label, {
      testId: `crm-edit-${key}`,
      display: customer[key] || c.none,
      value: customer[key],
      onSave: (v) => save({ [key]: v }),
      editor: (v, set) =>
        isLong ? (
          <Input.TextArea autoFocus rows={3} value={v} onChange={(e) => set(e.target.value)} />
        ) : (
          <Input autoFocus value={v} onChange={(e) => set(e.target.value)} />
        ),
    });
  const items: { key: string; label: string; children: ReactNode }[] = [
    text('name', c.name),
    text('company', c.company),
    editable('intentionLevel', c.level, {
      display: <LevelTag value={customer.intentionLevel} isLong />,
      value: customer.intentionLevel,
      onSave: (intentionLevel) => save({ intentionLevel }),
      editor: (v, set) => (
        <Select autoFocus style={{ width: '100%' }} value={v} onChange={set} options={levelOptions} />
      ),
    }),
    editable('isDeal', c.deal, {
      display: <DealTag isDeal={customer.isDeal} />,
      value: customer.isDeal,
      onSave: (isDeal) => save({ isDeal }),
      editor: (v, set) => (
        <Switch checked={v} onChange={set} checkedChildren={c.dealt} unCheckedChildren={c.notDealt} />
      ),
    }),
    editable('phoneLabel', c.phoneLabel, {
      display: <PhoneLabelTag value={customer.phoneLabel} />,
      value: customer.phoneLabel,
      onSave: (phoneLabel) => save({ phoneLabel: phoneLabel ?? null }),
      editor: (v, set) => (
        <Select
          allowClear
          style={{ width: '100%' }}
          value={v}
          onChange={(x) => set(x ?? null)}
          options={phoneLabelOptions}
        />
      ),
    }),
    editable<number[]>('tags', c.tags, {
      display: <CustomerTags tags={customer.tags} />,
      value: customer.tags.map((x) => x.id),
      onSave: (tagIds) => save({ tagIds }),
      editor: (v, set) => (
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          value={v}
          onChange={set}
          options={namedOptions(tags.data ?? [])}
        />
      ),
    }),
    editable<Dayjs | null>('nextFollowAt', c.nextFollowAt, {
      display: fmtTime(customer.nextFollowAt),
      value: customer.nextFollowAt ? beijingPickerMoment(customer.nextFollowAt) : null,
      onSave: (d) => save({ nextFollowAt: d ? beijingMomentOf(d) : null }),
      editor: (v, set) => (
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={v} onChange={set} />
      ),
    }),
    text('source', c.source),
    text('address', c.address),
    text('remark', c.remark, true),
    ...fields.map((f) =>
      editable<unknown>(`custom_${f.id}`, f.name, {
        display: customText(f, customer.customValues[String(f.id)]),
        value: fromCustomValue(f, customer.customValues[String(f.id)]),
        // The whole map goes back with the one value changed, so the others stay as they are.
        onSave: (v) =>
          save({
            customValues: {
              ...toCustomValues(
                Object.fromEntries(
                  fields.map((x) => [String(x.id), fromCustomValue(x, customer.customValues[String(x.id)])]),
                ),
                fields,
              ),
              [String(f.id)]: toCustomValue(f, v),
            },
          }),
        editor: (v, set) => <CustomFieldControl field={f} value={v} onChange={set} style={{ width: '100%' }} />,
      }),
    ),
    { key: 'createdAt', label: c.createdAt, children: fmtTime(customer.createdAt) },
    { key: 'updatedAt', label: c.updatedAt, children: fmtTime(customer.updatedAt) },
    { key: 'ownedAt', label: c.ownedAt, children: fmtTime(customer.ownedAt) },
    { key: 'lastFollowAt', label: c.lastFollow, children: fmtTime(customer.lastFollowAt) },
  ];
  return (
    <Card title={c.basicInfo} size="small">
      <Descriptions column={1} size="small" items={items} styles={{ label: { width: 110 } }} />
    </Card>
  );
};
