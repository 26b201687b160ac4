import { clueTargetLabel, clueTargets, type TClueTarget, type TConvertResult } from '@yunhu/contract';
import { Modal, Radio, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { useConvert } from '../api';

const c = t.clue;

const resultColumns = [
  { key: 'name', title: c.name, dataIndex: 'name' },
  {
    key: 'isOk',
    title: c.convertResult,
    render: (_: unknown, r: TConvertResult) =>
      r.isOk ? <Tag color="green">{c.convertOk}</Tag> : <Tag color="red">{r.reason}</Tag>,
  },
];

/** 转为客户: into my private pool or the public pool; then each company's answer, in the CRM's words. */
export const ConvertModal = ({ ids, onClose }: { ids: number[] | null; onClose: () => void }) => {
  const [target, setTarget] = useState<TClueTarget>('mine');
  const [results, setResults] = useState<TConvertResult[] | null>(null);
  const convert = useConvert();
  const close = () => {
    setResults(null);
    onClose();
  };
  const onOk = async () => {
    if (results) return close();
    const answer = await convert.mutateAsync({ ids: ids!, target });
    const ok = answer.filter((r) => r.isOk).length;
    feedback.message.info(c.convertDone(ok, answer.length - ok));
    setResults(answer);
  };
  return (
    <Modal
      open={ids !== null}
      title={c.convertTitle}
      onOk={onOk}
      onCancel={close}
      confirmLoading={convert.isPending}
      okText={results ? t.common.confirm : c.convert}
      destroyOnHidden
      data-testid="clue-convert-modal"
    >
      {results ? (
        <Table rowKey="companyId" size="small" pagination={false} columns={resultColumns} dataSource={results} />
      ) : (
        <Space>
          {c.convertTarget}
          <Radio.Group
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            options={clueTargets.map((v) => ({ value: v, label: clueTargetLabel[v] }))}
          />
        </Space>
      )}
    </Modal>
  );
};
