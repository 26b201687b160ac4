import { fenOf, type TAppProduct, type TAppProductSave, yuan } from '@yunhu/contract';
import { Card, Form, Input, InputNumber, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { RowAction } from '../../../shared/list/RowAction';
import { useCatalogue, useSaveCatalogue } from '../api';
import { AppStateTag } from '../components/AppStateTag';

type TValues = Omit<TAppProductSave, 'code' | 'priceFen'> & { priceYuan: number };

/** 应用目录: the platform operator edits each add-on's words and whether enterprises see it. */
export const AppCataloguePage = () => {
  const { data, isLoading } = useCatalogue();
  const save = useSaveCatalogue();
  const [editing, setEditing] = useState<TAppProduct | null>(null);
  return (
    <Card title={t.appCentre.catalogueTitle}>
      <Table<TAppProduct>
        rowKey="code"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { key: 'name', title: t.appCentre.name, dataIndex: 'name' },
          { key: 'description', title: t.appCentre.description, dataIndex: 'description', ellipsis: true },
          { key: 'priceText', title: t.appCentre.priceLabel, dataIndex: 'priceText' },
          { key: 'priceFen', title: t.appCentre.priceYuan, render: (_v, row) => yuan(row.priceFen) },
          { key: 'trialDays', title: t.appCentre.trialDaysLabel, dataIndex: 'trialDays' },
          {
            key: 'isBuilt',
            title: t.appCentre.built,
            render: (_v, row) => (row.isBuilt ? t.appCentre.builtYes : <AppStateTag app={{ ...row, state: 'off' }} />),
          },
          {
            key: 'isListed',
            title: t.appCentre.listed,
            render: (_v, row) =>
              row.isListed ? <Tag color="green">{t.appCentre.listedYes}</Tag> : <Tag>{t.appCentre.listedNo}</Tag>,
          },
          {
            key: 'action',
            title: t.appCentre.actions,
            render: (_v, row) => <RowAction onClick={() => setEditing(row)}>{t.appCentre.edit}</RowAction>,
          },
        ]}
      />
      <FormModal<TValues>
        open={!!editing}
        title={t.appCentre.editTitle}
        testId="app-catalogue-form"
        initialValues={editing ? { ...editing, priceYuan: editing.priceFen / 100 } : undefined}
        onCancel={() => setEditing(null)}
        onSubmit={async (v) => {
          const { priceYuan, ...rest } = v;
          await save.mutateAsync({ ...rest, priceFen: fenOf(priceYuan ?? 0), code: editing!.code });
          feedback.message.success(t.appCentre.saved);
        }}
        fields={
          <>
            <Form.Item name="name" label={t.appCentre.name} rules={[{ required: true, whitespace: true, max: 30 }]}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item
              name="description"
              label={t.appCentre.description}
              rules={[{ required: true, whitespace: true, max: 1000 }]}
            >
              <Input.TextArea rows={4} maxLength={1000} showCount />
            </Form.Item>
            <Form.Item name="priceText" label={t.appCentre.priceLabel} rules={[{ max: 60 }]}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item name="priceYuan" label={t.appCentre.priceYuan} extra={t.appCentre.priceHelp}>
              <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="trialDays" label={t.appCentre.trialDaysLabel} extra={t.appCentre.trialDaysHelp}>
              <InputNumber min={0} max={365} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="periodDays" label={t.appCentre.periodDaysLabel}>
              <InputNumber min={1} max={3650} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="isListed" label={t.appCentre.listed} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        }
      />
    </Card>
  );
};
