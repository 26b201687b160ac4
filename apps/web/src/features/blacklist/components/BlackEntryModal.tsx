import {
  blacklistLimits,
  isBlackNumber,
  normaliseBlackNumber,
  type TBlackEntry,
  type TBlackFields,
  type TBlackLevel,
} from '@yunhu/contract';
import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { beijingMomentOf, beijingPickerMoment, beijingPickerNow } from '../../../shared/time/beijing';
import { useAddOne, useEdit } from '../api';

const b = t.blacklist;
/** The contract's fields, the expiry as the date picker holds it (a day, sent as epoch ms). */
type TValues = Omit<TBlackFields, 'expiresAt'> & { expiresAt?: Dayjs | null };

/** The number rule of the contract, checked before sending (the server checks it again). */
export const numberRule = {
  validator: async (_r: unknown, v: string | undefined) => {
    if (!v?.trim()) throw new Error(b.numberRequired);
    if (!isBlackNumber(normaliseBlackNumber(v.trim()))) throw new Error(b.numberInvalid);
  },
};

/** An expiry picker: today or later, with a time; empty = for good. */
export const ExpiryField = () => (
  <Form.Item
    name="expiresAt"
    label={b.expiresAt}
    extra={b.expiresHint}
    rules={[
      {
        validator: async (_r, v: Dayjs | null | undefined) => {
          if (v && beijingMomentOf(v) <= Date.now()) throw new Error(b.expiresPast);
        },
      },
    ]}
  >
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      disabledDate={(d) => d.isBefore(beijingPickerNow(), 'day')}
      style={{ width: '100%' }}
      data-testid="black-expires"
    />
  </Form.Item>
);

export const ReasonField = () => (
  <Form.Item name="reason" label={b.reason}>
    <Input.TextArea rows={2} maxLength={blacklistLimits.reasonMax} showCount placeholder={b.reasonPlaceholder} />
  </Form.Item>
);

/** 添加号码 / 编辑号码: one number, its reason and expiry. `entry` set = editing it. */
export const BlackEntryModal = (props: {
  level: TBlackLevel;
  open: boolean;
  entry: TBlackEntry | null;
  onClose: () => void;
}) => {
  const add = useAddOne(props.level);
  const edit = useEdit(props.level);
  const { entry } = props;
  const initial = useMemo<Partial<TValues> | undefined>(
    () =>
      entry
        ? {
            number: entry.number,
            reason: entry.reason,
            expiresAt: entry.expiresAt ? beijingPickerMoment(entry.expiresAt) : null,
          }
        : undefined,
    [entry],
  );
  return (
    <FormModal<TValues>
      open={props.open}
      title={entry ? b.editTitle : b.add}
      testId="black-entry-modal"
      initialValues={initial}
      onCancel={props.onClose}
      onSubmit={async (v) => {
        const fields = {
          number: v.number.trim(),
          reason: v.reason?.trim() ?? '',
          expiresAt: v.expiresAt ? beijingMomentOf(v.expiresAt) : null,
        };
        if (entry) {
          await edit.mutateAsync({ ...fields, id: entry.id });
          feedback.message.success(b.saved);
        } else {
          await add.mutateAsync(fields);
          feedback.message.success(b.added);
        }
      }}
      fields={
        <>
          <Form.Item name="number" label={b.number} required rules={[numberRule]}>
            <Input maxLength={30} placeholder={b.numberPlaceholder} data-testid="black-number" />
          </Form.Item>
          <ReasonField />
          <ExpiryField />
        </>
      }
    />
  );
};
