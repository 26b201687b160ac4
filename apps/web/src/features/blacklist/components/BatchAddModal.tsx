import {
  blacklistLimits,
  isBlackNumber,
  normaliseBlackNumber,
  splitNumbers,
  type TBlackBatchAdd,
  type TBlackLevel,
} from '@yunhu/contract';
import { Form } from 'antd';
import type { Dayjs } from 'dayjs';
import * as t from '../../../locales/zh-CN';
import { beijingMomentOf } from '../../../shared/time/beijing';
import { useAddBatch } from '../api';
import { ExpiryField, ReasonField } from './BlackEntryModal';
import { PastedBatchModal, PastedTextItem } from './PastedBatchModal';

const b = t.blacklist;
/** The contract's batch, the numbers as typed (one text) and the expiry as the date picker holds it. */
type TValues = Omit<TBlackBatchAdd, 'numbers' | 'expiresAt'> & { text?: string; expiresAt?: Dayjs | null };

/** Counts what the pasted text holds, as the server will read it. */
const countOf = (text: string | undefined) => {
  const numbers = splitNumbers(text ?? '');
  const bad = numbers.filter((n) => !isBlackNumber(normaliseBlackNumber(n))).length;
  return { numbers, valid: numbers.length - bad, bad };
};

/** 批量添加: paste numbers; the answer lists the ones skipped (bad, repeated, already listed) and why. */
export const BatchAddModal = (props: { level: TBlackLevel; open: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<TValues>();
  const text = Form.useWatch('text', form);
  const add = useAddBatch(props.level);
  const { numbers, valid, bad } = countOf(text);

  return (
    <PastedBatchModal
      form={form}
      open={props.open}
      onClose={props.onClose}
      title={b.addBatch}
      okText={b.addBatch}
      isPending={add.isPending}
      formName="blackBatch"
      testIdPrefix="black-batch"
      itemColumn={{ key: 'number', title: b.number }}
      texts={b}
      send={(v: TValues) =>
        add.mutateAsync({
          numbers,
          reason: v.reason?.trim() ?? '',
          expiresAt: v.expiresAt ? beijingMomentOf(v.expiresAt) : null,
        })
      }
    >
      <PastedTextItem
        label={b.batchNumbers}
        count={numbers.length}
        max={blacklistLimits.maxBatch}
        counted={b.batchCount(valid, bad)}
        hint={b.batchNumbersHint}
        none={b.batchNone}
        testId="black-batch-text"
      />
      <ReasonField />
      <ExpiryField />
    </PastedBatchModal>
  );
};
