import { brandKeyLabel, brandKeys, PlatformPerm, type TBrandKey, type TBrandValues } from '@yunhu/contract';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { useApp } from '../../../shared/modal/useApp';
import { usePermission } from '../../../shared/permission/usePermission';
import { useDeleteBrand, useSaveBrand } from '../contentApi';

const c = t.platformContent;
const urlKeys: readonly TBrandKey[] = ['home_logo', 'user_guide', 'qrcode'];

/** One host's brand options; a host's empty field shows the platform default it falls back to. */
export const BrandForm = (props: {
  host: string;
  values: TBrandValues;
  defaults: TBrandValues | null;
  isNew: boolean;
  onDeleted: () => void;
}) => {
  const [form] = Form.useForm<TBrandValues>();
  const { modal } = useApp();
  const save = useSaveBrand();
  const remove = useDeleteBrand();
  const canEdit = usePermission(PlatformPerm.brandEdit);
  useEffect(() => form.setFieldsValue(props.values), [form, props.values]);

  const inherited = (key: TBrandKey) => {
    if (!props.defaults) return undefined;
    const v = props.defaults[key];
    return c.inherited(Array.isArray(v) ? v.join('、') : v);
  };
  const onFinish = async (values: TBrandValues) => {
    try {
      await save.mutateAsync({ host: props.host, values });
      feedback.message.success(c.saved);
    } catch {
      // Shown by the HTTP client.
    }
  };
  const onDelete = () =>
    modal.confirm({
      title: c.deleteHostConfirm(props.host),
      okButtonProps: { danger: true },
      okText: c.delete,
      cancelText: t.common.cancel,
      onOk: closingEitherWay(async () => {
        if (!props.isNew) await remove.mutateAsync(props.host);
        props.onDeleted();
      }),
    });

  return (
    <Form<TBrandValues>
      form={form}
      name={`brand-${props.host || 'default'}`}
      layout="horizontal"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 15 }}
      disabled={!canEdit}
      onFinish={onFinish}
      data-testid="brand-form"
    >
      {brandKeys.map((key) =>
        key === 'app_product' ? (
          <Form.Item key={key} name={key} label={brandKeyLabel[key]} extra={inherited(key) ?? c.appProductHint}>
            <Select mode="tags" open={false} tokenSeparators={[',', '，']} placeholder={c.appProductHint} />
          </Form.Item>
        ) : (
          <Form.Item
            key={key}
            name={key}
            label={brandKeyLabel[key]}
            extra={inherited(key) ?? (urlKeys.includes(key) ? c.urlHint : undefined)}
          >
            <Input maxLength={key === 'platform_name' ? 40 : 500} allowClear />
          </Form.Item>
        ),
      )}
      <Form.Item wrapperCol={{ offset: 5 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {c.save}
          </Button>
          {props.host && (
            <Button danger onClick={onDelete}>
              {c.deleteHost}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
};
