import { useQuery, useQueryClient } from '@tanstack/react-query';
import { packetRoutes } from '@yunhu/contract';
import { Form, Select, Typography } from 'antd';
import { useMemo } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { call } from '../../../shared/http/api';
import { minePageKey, type TPacketRow } from '../api';

const s = t.trade;

/**
 * 共享给 (decision 0020 "Package sharing"): the enterprise's active people in a picker; the
 * chosen ones' calls draw on the package, nobody chosen: every user's.
 */
export const PacketShareModal = (props: { packet: TPacketRow | null; onClose: () => void }) => {
  const p = props.packet;
  // One object per package: FormModal resets its form when `initialValues` changes.
  const initialValues = useMemo(() => ({ userIds: p?.sharedWith.map((u) => u.userId) ?? [] }), [p]);
  const client = useQueryClient();
  const people = useQuery({
    queryKey: ['packet', 'shareCandidates'],
    queryFn: () => call(packetRoutes.shareCandidates, {}),
    enabled: p !== null,
  });
  return (
    <FormModal<{ userIds: number[] }>
      open={p !== null}
      title={p ? s.shareTitle(p.name) : ''}
      testId="packet-share-modal"
      initialValues={initialValues}
      onCancel={props.onClose}
      onSubmit={async (v) => {
        const users = await call(packetRoutes.shareAddUser, { packetId: p!.id, userIds: v.userIds ?? [] });
        await client.invalidateQueries({ queryKey: [minePageKey] });
        feedback.message.success(s.shared(users.length));
      }}
      fields={
        <>
          <Typography.Paragraph type="secondary">{s.shareRule}</Typography.Paragraph>
          <Form.Item name="userIds" label={s.shareUsers}>
            <Select
              mode="multiple"
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={s.sharePlaceholder}
              loading={people.isLoading}
              data-testid="packet-share-users"
              options={(people.data ?? []).map((u) => ({ value: u.userId, label: `${u.realName}（${u.username}）` }))}
            />
          </Form.Item>
        </>
      }
    />
  );
};
