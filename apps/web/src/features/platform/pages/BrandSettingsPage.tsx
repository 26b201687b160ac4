import { emptyBrandValues, PlatformPerm, type TBrandValues, ZBrandHost } from '@yunhu/contract';
import { Button, Card, Form, Input, Spin, Tabs } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';
import { Permission } from '../../../shared/permission/Permission';
import { BrandForm } from '../components/BrandForm';
import { useBrandList } from '../contentApi';

const c = t.platformContent;
const empty: TBrandValues = emptyBrandValues();

/** 品牌设置 (platform operator): the options of spec section 3 per host; '' is the platform default. */
export const BrandSettingsPage = () => {
  const list = useBrandList();
  const [active, setActive] = useState('');
  const [added, setAdded] = useState<string[]>([]);
  const [isAdding, setAdding] = useState(false);
  if (!list.data) return <Spin spinning={list.isLoading} />;
  const saved = list.data;
  const defaults = saved.find((s) => s.host === '')?.values ?? empty;
  const hosts = [...saved.map((s) => s.host), ...added.filter((h) => !saved.some((s) => s.host === h))];
  return (
    <Card
      title={c.brand}
      data-testid="brand-page"
      extra={
        <Permission value={PlatformPerm.brandEdit}>
          <Button onClick={() => setAdding(true)}>{c.addHost}</Button>
        </Permission>
      }
    >
      <Tabs
        activeKey={active}
        onChange={setActive}
        items={hosts.map((host) => {
          const own = saved.find((s) => s.host === host);
          return {
            key: host,
            label: host || c.hostDefault,
            children: (
              <BrandForm
                host={host}
                values={own?.values ?? empty}
                defaults={host ? defaults : null}
                isNew={!own}
                onDeleted={() => {
                  setAdded((a) => a.filter((h) => h !== host));
                  setActive('');
                }}
              />
            ),
          };
        })}
      />
      <FormModal<{ host: string }>
        open={isAdding}
        title={c.addHost}
        onCancel={() => setAdding(false)}
        onSubmit={async ({ host }) => {
          const name = ZBrandHost.parse(host);
          setAdded((a) => [...a, name]);
          setActive(name);
        }}
        fields={
          <Form.Item
            name="host"
            label={c.host}
            extra={c.hostHint}
            rules={[
              { required: true, whitespace: true, message: c.hostRequired },
              {
                validator: (_r, v?: string) => {
                  const parsed = ZBrandHost.safeParse(v ?? '');
                  return parsed.success
                    ? Promise.resolve()
                    : Promise.reject(new Error(parsed.error.issues[0]?.message));
                },
              },
            ]}
          >
            <Input placeholder="crm.example.com" />
          </Form.Item>
        }
      />
    </Card>
  );
};
