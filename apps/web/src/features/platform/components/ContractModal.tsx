import { fenOf, type TContract } from '@yunhu/contract';
import { DatePicker, Form, Input, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { beijingDayEnd, beijingDayStart, beijingPickerDay } from '../../../shared/time/beijing';
import { useSaveContract } from '../contentApi';

type TValues = {
  contractNo: string;
  signedAt: Dayjs;
  seats: number;
  /** Yuan in the form, fen in the API. */
  seatYuan: number;
  term: [Dayjs, Dayjs];
  remark?: string;
};

const c = t.platformContent;

/** Records or changes an enterprise's contract terms. */
export const ContractModal = (props: {
  open: boolean;
  tenantId: number;
  contract: TContract | null;
  onClose: () => void;
}) => {
  const save = useSaveContract();
  const { contract } = props;
  // Stable, so the modal does not reset the fields on every render.
  const initial = useMemo<Partial<TValues> | undefined>(
    () =>
      contract
        ? {
            contractNo: contract.contractNo,
            signedAt: beijingPickerDay(contract.signedAt),
            seats: contract.seats,
            seatYuan: contract.seatPrice / 100,
            term: [beijingPickerDay(contract.startAt), beijingPickerDay(contract.endAt)],
            remark: contract.remark,
          }
        : undefined,
    [contract],
  );
  return (
    <FormModal<TValues>
      open={props.open}
      title={contract ? c.editContract : c.addContract}
      initialValues={initial}
      onCancel={props.onClose}
      testId="contract-modal"
      onSubmit={async (v) => {
        await save.mutateAsync({
          tenantId: props.tenantId,
          contractNo: v.contractNo,
          signedAt: beijingDayStart(v.signedAt),
          seats: v.seats,
          seatPrice: fenOf(v.seatYuan),
          startAt: beijingDayStart(v.term[0]),
          endAt: beijingDayEnd(v.term[1]),
          remark: v.remark ?? '',
        });
        feedback.message.success(c.saved);
      }}
      fields={
        <>
          <Form.Item
            name="contractNo"
            label={c.contractNo}
            rules={[{ required: true, message: c.required(c.contractNo) }]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="signedAt" label={c.signedAt} rules={[{ required: true, message: c.chooseDate(c.signedAt) }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="seats" label={c.seats} rules={[{ required: true, message: c.required(c.seats) }]}>
            <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="seatYuan" label={c.seatPrice} rules={[{ required: true, message: c.required(c.seatPrice) }]}>
            <InputNumber min={0} max={1000000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="term" label={c.term} rules={[{ required: true, message: c.chooseDate(c.term) }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label={c.remark}>
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        </>
      }
    />
  );
};
