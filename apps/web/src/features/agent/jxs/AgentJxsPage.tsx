import { useQueryClient } from '@tanstack/react-query';
import { agentRoutes, JxsPerm, jxsStatuses, jxsStatusLabel, type TJxsUser } from '@yunhu/contract';
import { Button, Form, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { optionsOf } from '../../../shared/form/options';
import { requiredText } from '../../../shared/form/rules';
import { call } from '../../../shared/http/api';
import { SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { usePermission } from '../../../shared/permission/usePermission';
import { jxsPageKey } from './jxsApi';

const s = t.agentJxs;
type TJxsForm = { name: string; contactName: string; mobile: string; username: string; password?: string };

/** 经销商管理 (agent/jxs): the agent's distributors, each with a login and its own invitation code. */
export const AgentJxsPage = () => {
  const client = useQueryClient();
  const canManage = usePermission(JxsPerm.manage);
  const [isOpen, setOpen] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: [jxsPageKey] });
  const onSubmit = async (v: TJxsForm) => {
    const made = await call(agentRoutes.createJxsInfo, { ...v, password: v.password || undefined });
    feedback.message.success(s.created(v.name, made.inviteCode, made.initialPassword), 15);
    await refresh();
  };
  const setStatus = (row: TJxsUser, status: 'active' | 'disabled') =>
    call(agentRoutes.jxsUserStatus, { id: row.id, status })
      .then(() => {
        feedback.message.success(s.saved);
        return refresh();
      })
      .catch(() => undefined);
  const columns: TListColumn<TJxsUser>[] = [
    ...fieldColumns<TJxsUser>({ name: s.name, contactName: s.contactName, mobile: s.mobile, username: s.username }),
    {
      key: 'inviteCode',
      title: s.inviteCode,
      dataIndex: 'inviteCode',
      render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
    },
    { key: 'enterpriseCount', title: s.enterpriseCount, dataIndex: 'enterpriseCount' },
    tagColumn(s.status, 'status', { labels: jxsStatusLabel, colors: { active: 'green', disabled: 'default' } }),
    timeColumn(s.createdAt),
    ...actionsColumn<TJxsUser>(true, s.actions, (r) =>
      r.status === 'active' ? (
        <Popconfirm title={s.disableConfirm(r.name)} onConfirm={() => setStatus(r, 'disabled')}>
          <RowAction testId={`jxs-disable-${r.username}`}>{s.disable}</RowAction>
        </Popconfirm>
      ) : (
        <RowAction onClick={() => setStatus(r, 'active')}>{s.enable}</RowAction>
      ),
    ),
  ];
  return (
    <>
      <ListPage
        pageKey={jxsPageKey}
        title={s.distributors}
        hint={s.hint}
        route={agentRoutes.jxsUserPage}
        columns={columns}
        filters={
          <>
            <TextFilter name="name" label={s.name} placeholder={s.namePlaceholder} width={180} />
            <SelectFilter
              placeholder=""
              name="status"
              label={s.status}
              options={optionsOf(jxsStatuses, jxsStatusLabel)}
            />
          </>
        }
        toolbar={
          canManage && (
            <Button type="primary" onClick={() => setOpen(true)} data-testid="jxs-add">
              {s.create}
            </Button>
          )
        }
      />
      <FormModal<TJxsForm>
        open={isOpen}
        title={s.create}
        onSubmit={onSubmit}
        onCancel={() => setOpen(false)}
        testId="jxs-form"
        fields={
          <>
            <Form.Item name="name" label={s.name} rules={requiredText(s.name)}>
              <Input />
            </Form.Item>
            <Form.Item name="contactName" label={s.contactName} rules={requiredText(s.contactName)}>
              <Input />
            </Form.Item>
            <Form.Item name="mobile" label={s.mobile} rules={requiredText(s.mobile)}>
              <Input />
            </Form.Item>
            <Form.Item name="username" label={s.username} extra={s.usernameHint} rules={requiredText(s.username)}>
              <Input />
            </Form.Item>
            <Form.Item name="password" label={s.password} extra={s.passwordHint}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        }
      />
    </>
  );
};
