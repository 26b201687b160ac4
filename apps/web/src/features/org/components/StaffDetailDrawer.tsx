import { beijingTime, lineModeLabel, seatStateLabel, staffStatusLabel, type TStaffDetail } from '@yunhu/contract';
import { Descriptions, Drawer, Spin, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { useStaffDetail } from '../api';

const s = t.org;

const softphoneText = ({ softphone }: TStaffDetail) => {
  if (softphone.isOnline && softphone.onlineUntil) return s.softphoneOnline(beijingTime(softphone.onlineUntil));
  return softphone.hasSeat ? s.softphoneOffline : s.softphoneNoSeat;
};

/** 员工详情: what 员工管理's row holds plus his seats and lines, soft-phone state and times (userDetail). */
export const StaffDetailDrawer = ({ id, onClose }: { id: number | null; onClose: () => void }) => {
  const detail = useStaffDetail(id);
  const d = detail.data;
  return (
    <Drawer
      open={id !== null}
      size={560}
      title={d ? s.detailTitle(d.realName) : s.detail}
      onClose={onClose}
      destroyOnHidden
    >
      {detail.isLoading && <Spin />}
      {d && (
        <Descriptions column={1} bordered size="small" data-testid="staff-detail">
          <Descriptions.Item label={s.realName}>{d.realName}</Descriptions.Item>
          <Descriptions.Item label={s.username}>{d.username}</Descriptions.Item>
          <Descriptions.Item label={s.jobNumber}>{d.jobNumber}</Descriptions.Item>
          <Descriptions.Item label={s.mobile}>{d.mobile}</Descriptions.Item>
          <Descriptions.Item label={s.dept}>{d.deptName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={s.roles}>
            {d.roles.map((r) => (
              <Tag key={r.id}>{r.name}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={s.status}>
            {staffStatusLabel[d.status]}
            {d.mustChangePassword && `（${s.mustChangePassword}）`}
          </Descriptions.Item>
          <Descriptions.Item label={s.billing}>{d.billingEnabled ? s.billingOn : s.billingOff}</Descriptions.Item>
          <Descriptions.Item label={s.seats}>
            {d.seats.length === 0
              ? s.noSeat
              : d.seats.map((x) => (
                  <div key={x.id}>
                    {s.seatUntil(
                      x.lineName,
                      lineModeLabel(x.lineMode),
                      seatStateLabel[x.state],
                      beijingTime(x.expireAt).slice(0, 10),
                    )}
                  </div>
                ))}
          </Descriptions.Item>
          <Descriptions.Item label={s.softphone}>{softphoneText(d)}</Descriptions.Item>
          <Descriptions.Item label={s.createdAt}>{beijingTime(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={s.lastLogin}>{d.lastLoginAt ? beijingTime(d.lastLoginAt) : '-'}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
};
