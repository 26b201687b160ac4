import {
  blacklistLimits,
  isBlackNumber,
  normaliseBlackNumber,
  splitNumbers,
  type TBlackBatchAdd,
  type TBlackLevel,
} from '@yunhu/contract';
import { Alert, Form, Input, Modal, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { beijingMomentOf } from '../../../shared/time/beijing';
import { useAddBatch } from '../api';
import { ExpiryField, ReasonField } from './BlackEntryModal';

const b = t.blacklist;
/** The contract's batch, the numbers as typed (one text) and the expiry as the date picker holds it. */
type TValues = Omit<TBlackBatchAdd, 'numbers' | 'expiresAt'> & { text?: string; expiresAt?: Dayjs | null };
type TSkipped = { number: string; reason: string }[];

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
  const [skipped, setSkipped] = useState<TSkipped | null>(null);
  const { numbers, valid, bad } = countOf(text);

  const close = () => {
    setSkipped(null);
    form.resetFields();
    props.onClose();
  };
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const res = await add.mutateAsync({
        numbers,
        reason: v.reason?.trim() ?? '',
        expiresAt: v.expiresAt ? beijingMomentOf(v.expiresAt) : null,
      });
      feedback.message.success(b.batchDone(res.added, res.skipped.length));
      if (res.skipped.length) setSkipped(res.skipped);
      else close();
    } catch {
      // The HTTP client showed the server's message; the pasted text stays for a fix.
    }
  };

  return (
    <Modal
      open={props.open}
      title={b.addBatch}
      onCancel={close}
      onOk={skipped ? close : submit}
      okText={skipped ? t.common.confirm : b.addBatch}
      cancelText={t.common.cancel}
      confirmLoading={add.isPending}
      destroyOnHidden
      data-testid="black-batch-modal"
    >
      {skipped ? (
        <>
          <Alert type="warning" showIcon title={b.skippedTitle} style={{ marginBottom: 12 }} />
          <Table
            size="small"
            rowKey={(r) => `${r.number}-${r.reason}`}
            dataSource={skipped}
            pagination={{ pageSize: 8, showSizeChanger: false }}
            columns={[
              { key: 'number', title: b.number, dataIndex: 'number' },
              { key: 'reason', title: b.problem, dataIndex: 'reason' },
            ]}
            data-testid="black-batch-skipped"
          />
        </>
      ) : (
        <Form form={form} layout="vertical" name="blackBatch">
          <Form.Item
            name="text"
            label={b.batchNumbers}
            extra={numbers.length ? b.batchCount(valid, bad) : b.batchNumbersHint}
            rules={[
              {
                validator: async () => {
                  if (numbers.length === 0) throw new Error(b.batchNone);
                  if (numbers.length > blacklistLimits.maxBatch) throw new Error(b.batchNumbersHint);
                },
              },
            ]}
          >
            <Input.TextArea rows={8} placeholder={b.batchNumbersHint} data-testid="black-batch-text" />
          </Form.Item>
          <ReasonField />
          <ExpiryField />
        </Form>
      )}
    </Modal>
  );
};
