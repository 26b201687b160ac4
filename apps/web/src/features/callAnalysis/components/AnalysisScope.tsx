import { Button, Form, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { useApp } from '../../../shared/modal/useApp';
import { useLineOptions } from '../../seat';
import { useAnalysisScope, useQualityActions } from '../api';

const c = t.callAnalysis.settings;

/** 分析范围: every line's calls, or those of the lines chosen. */
export const AnalysisScope = () => {
  const { message } = useApp();
  const { data } = useAnalysisScope();
  const lines = useLineOptions();
  const { saveScope } = useQualityActions();
  const [isAll, setAll] = useState(true);
  const [lineIds, setLineIds] = useState<number[]>([]);
  useEffect(() => {
    if (!data) return;
    setAll(data.lineIds === null);
    setLineIds(data.lineIds ?? []);
  }, [data]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="analysis-scope">
      <Typography.Paragraph type="secondary">{c.scopeHint}</Typography.Paragraph>
      <Form layout="vertical" style={{ maxWidth: 520 }}>
        <Form.Item label={c.lines}>
          <Radio.Group value={isAll} onChange={(e) => setAll(e.target.value)}>
            <Radio value={true}>{c.allLines}</Radio>
            <Radio value={false}>{c.lines}</Radio>
          </Radio.Group>
        </Form.Item>
        {!isAll && (
          <Form.Item>
            <Select
              mode="multiple"
              aria-label={c.lines}
              value={lineIds}
              onChange={setLineIds}
              options={lines.data ?? []}
              loading={lines.isLoading}
            />
          </Form.Item>
        )}
        <Button
          type="primary"
          loading={saveScope.isPending}
          onClick={() => saveScope.mutateAsync(isAll ? null : lineIds).then(() => message.success(c.saved))}
        >
          {c.save}
        </Button>
      </Form>
    </Space>
  );
};
