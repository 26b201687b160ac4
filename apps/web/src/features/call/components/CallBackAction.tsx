import { callRoutes, Perm } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { RowAction } from '../../../shared/list/RowAction';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';
import { useCallStore } from '../store';

/**
 * 回拨 on a call record: the carrier's call-back line rings the agent's phone, then the record's
 * number (POST /base/crm/callback); a refusal shows the server's message (the one error policy).
 */
export const CallBackAction = ({ callId }: { callId: number }) => {
  const { notification } = useApp();
  const isCalling = useCallStore((s) => s.isCalling);
  const onCallBack = () =>
    call(callRoutes.callBack, { callId })
      .then(() => notification.success({ title: t.call.dialOkTitle, description: t.call.waitAnswer }))
      .catch(() => undefined);
  return (
    <Permission value={Perm.callDial}>
      <RowAction onClick={onCallBack} disabled={isCalling} testId={`call-record-callback-${callId}`}>
        {t.callRecord.callBack}
      </RowAction>
    </Permission>
  );
};
