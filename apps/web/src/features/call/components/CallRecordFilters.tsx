import { callStatusName, callTypeName, finishStatusName, Perm, type TCallRecordFilter } from '@yunhu/contract';
import { Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import * as t from '../../../locales/zh-CN';
import { useAssignees } from '../../../shared/customers';
import { namedOptions, personOptions } from '../../../shared/form/options';
import { RangePickerOnFocus } from '../../../shared/form/RangePickerOnFocus';
import { lazyComponent } from '../../../shared/lazyComponent';
import { SelectFilter } from '../../../shared/list/FilterItems';
import { usePermission } from '../../../shared/permission/usePermission';
import { beijingDayEnd, beijingDayStart, beijingPickerDay } from '../../../shared/time/beijing';
import { DeptTreeSelect } from '../../org';
import { defaultRange, useBoughtLines } from '../callRecordApi';
import { customDuration, durationPresets } from './durationPresets';

const c = t.callRecord;
// The number inputs show only for 自定义: they load when it is chosen, not with the list.
const CustomDurationFields = lazyComponent(() => import('./CustomDurationFields'), 'CustomDurationFields');
const optionsOf = (names: Record<number, string>) =>
  Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

/** The filter form's values as the request's filter (the range as epoch ms, whole Beijing days). */
export const toCallRecordFilter = (v: Record<string, unknown>): TCallRecordFilter => {
  const range = v.range as [Dayjs, Dayjs] | undefined;
  const [from, to] = defaultRange();
  const num = (x: unknown) => (typeof x === 'number' ? x : undefined);
  const userIds = v.userIds as number[] | undefined;
  const preset = typeof v.duration === 'number' ? durationPresets[v.duration] : undefined;
  const isCustom = v.duration === customDuration;
  return {
    startRange: range ? [beijingDayStart(range[0]), beijingDayEnd(range[1])] : [from, to],
    userIds: userIds?.length ? userIds : undefined,
    deptId: num(v.deptId),
    lineId: num(v.lineId),
    callStatus: num(v.callStatus),
    finishStatus: num(v.finishStatus),
    callType: num(v.callType),
    telB: typeof v.telB === 'string' && v.telB.trim() ? v.telB.trim() : undefined,
    durationMin: preset ? preset.min : isCustom ? num(v.durationMin) : undefined,
    durationMax: preset ? preset.max : isCustom ? num(v.durationMax) : undefined,
  };
};

/** The filters of 通话记录; the people and department choices only for those who may list them. */
export const CallRecordFilters = () => {
  const canListPeople = usePermission(Perm.customerList);
  const canListDepts = usePermission(Perm.deptList);
  const people = useAssignees(canListPeople);
  const lines = useBoughtLines();
  const [from, to] = defaultRange();
  return (
    <>
      <Form.Item
        name="range"
        label={c.range}
        initialValue={[beijingPickerDay(from), beijingPickerDay(to)]}
        rules={[
          {
            // The server takes at most 93 days (whole days here: the first day's start to the last day's end).
            validator: (_r, v?: [Dayjs, Dayjs]) =>
              v && v[1].diff(v[0], 'day') > 92 ? Promise.reject(new Error(c.rangeTooLong)) : Promise.resolve(),
          },
        ]}
      >
        <RangePickerOnFocus allowClear={false} data-testid="call-record-range" />
      </Form.Item>
      {canListPeople && (
        <Form.Item name="userIds" label={c.agents}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount={2}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={c.all}
            style={{ width: 220 }}
            options={personOptions(people.data ?? [])}
            data-testid="call-record-agents"
          />
        </Form.Item>
      )}
      {canListDepts && (
        <Form.Item name="deptId" label={c.dept}>
          <DeptTreeSelect allowClear placeholder={c.all} style={{ width: 160 }} />
        </Form.Item>
      )}
      <SelectFilter name="lineId" label={c.line} width={150} options={namedOptions(lines.data ?? [])} />
      <SelectFilter name="callStatus" label={c.callStatus} options={optionsOf(callStatusName)} />
      <SelectFilter name="finishStatus" label={c.finishStatus} options={optionsOf(finishStatusName)} />
      <SelectFilter
        name="callType"
        label={c.callType}
        width={110}
        options={optionsOf(callTypeName)}
        testId="call-record-call-type"
      />
      <Form.Item name="telB" label={c.telB} rules={[{ pattern: /^\d{4,12}$/, message: c.telBInvalid }]}>
        <Input allowClear placeholder={c.telBPlaceholder} style={{ width: 160 }} data-testid="call-record-telb" />
      </Form.Item>
      <Form.Item name="duration" label={c.duration}>
        <Select
          allowClear
          placeholder={c.all}
          style={{ width: 140 }}
          // Thirteen short choices: all in the page (scrollable), none left out of a virtual list.
          virtual={false}
          options={[
            ...durationPresets.map((p, i) => ({ value: i, label: p.label })),
            { value: customDuration, label: c.durationCustom },
          ]}
          data-testid="call-record-duration"
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.duration !== b.duration}>
        {({ getFieldValue }) =>
          getFieldValue('duration') === customDuration && (
            <Form.Item>
              <CustomDurationFields />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
};
