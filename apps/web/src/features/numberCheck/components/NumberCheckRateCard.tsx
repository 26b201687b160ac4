import { fenOf, yuan } from '@yunhu/contract';
import { Button, Card, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { beijingFormat } from '../../../shared/time/beijing';
import { useCheckRate, useCheckRateSave } from '../api';

const c = t.numberCheck;

/** 空号检测资费 for the platform: the price per number checked, from now on. */
export const NumberCheckRateCard = () => {
  const rate = useCheckRate();
  const save = useCheckRateSave();
  const [price, setPrice] = useState<number | null>(null);
  useEffect(() => {
    if (rate.data) setPrice(Number(yuan(rate.data.unitPrice)));
  }, [rate.data]);
  const onSave = async () => {
    await save.mutateAsync(fenOf(price ?? 0));
    feedback.message.success(c.rateSaved);
  };
  return (
    <Card title={c.rateTitle} data-testid="number-check-rate">
      <Space orientation="vertical">
        <Typography.Text type="secondary">{c.rateHint}</Typography.Text>
        <Space>
          <span>{c.ratePrice}</span>
          <InputNumber min={0} precision={2} step={0.01} value={price} onChange={setPrice} />
          <Button type="primary" onClick={onSave} loading={save.isPending}>
            {c.rateSave}
          </Button>
        </Space>
        {rate.data?.validFrom && (
          <Typography.Text type="secondary">
            {c.rateSince(rate.data.createdByName, beijingFormat(rate.data.validFrom))}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
};
