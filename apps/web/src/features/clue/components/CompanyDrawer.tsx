import { CluePerm, type TClueCompany } from '@yunhu/contract';
import { Alert, Button, Descriptions, Drawer, Space, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { usePermission } from '../../../shared/permission/usePermission';
import { beijingFormat } from '../../../shared/time/beijing';
import { useCompany, useUnlock } from '../api';
import { CompanyMarks, placeOf } from './CompanyMarks';

const c = t.clue;

const contactColumns = [
  { key: 'name', title: c.contactName, dataIndex: 'name' },
  { key: 'role', title: c.contactRole, dataIndex: 'role' },
  { key: 'mobile', title: c.mobile, dataIndex: 'mobile' },
  { key: 'phone', title: c.phone, dataIndex: 'phone' },
];

const Facts = ({ d }: { d: TClueCompany }) => (
  <Descriptions column={2} size="small" bordered>
    <Descriptions.Item label={c.creditCode}>{d.creditCode}</Descriptions.Item>
    <Descriptions.Item label={c.status}>{d.status}</Descriptions.Item>
    <Descriptions.Item label={c.legalPerson}>{d.legalPerson}</Descriptions.Item>
    <Descriptions.Item label={c.capitalWan}>{c.wan(d.capitalWan)}</Descriptions.Item>
    <Descriptions.Item label={c.kind}>{d.kind}</Descriptions.Item>
    <Descriptions.Item label={c.foundedOn}>{d.foundedOn}</Descriptions.Item>
    <Descriptions.Item label={c.industry}>{d.industry}</Descriptions.Item>
    <Descriptions.Item label={c.staff}>{d.staffBand}</Descriptions.Item>
    <Descriptions.Item label={c.place} span={2}>
      {placeOf(d)}
    </Descriptions.Item>
    <Descriptions.Item label={c.address} span={2}>
      {d.address}
    </Descriptions.Item>
    <Descriptions.Item label={c.scope} span={2}>
      {d.scope}
    </Descriptions.Item>
  </Descriptions>
);

/** A company whole: its registry facts and contacts, masked until unlocked; unlock and convert from here. */
export const CompanyDrawer = ({
  id,
  onClose,
  onConvert,
}: {
  id: number | null;
  onClose: () => void;
  onConvert: (ids: number[]) => void;
}) => {
  const { data: d } = useCompany(id);
  const unlock = useUnlock();
  const canUnlock = usePermission(CluePerm.unlock);
  const canConvert = usePermission(CluePerm.convert);
  const onUnlock = async () => {
    await unlock.mutateAsync(id!);
    feedback.message.success(c.unlockedOk);
  };
  return (
    <Drawer open={id !== null} size={760} title={d?.name ?? c.detail} onClose={onClose} destroyOnHidden>
      {d && (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Space wrap>
            <CompanyMarks row={d} />
            {d.customerId !== null && <Link to={`/menu/CRM/customerDetails?id=${d.customerId}`}>{c.customerLink}</Link>}
          </Space>
          {d.isBlacklisted && <Alert type="error" showIcon title={c.blacklistedNote} data-testid="clue-blacklisted" />}
          <Facts d={d} />
          <h4 style={{ margin: 0 }}>{c.contacts}</h4>
          {d.isUnlocked ? (
            d.unlockedAt !== null && (
              <Tag color="green">
                {c.unlockedBy(d.unlockedBy ?? '', beijingFormat(d.unlockedAt, 'YYYY-MM-DD HH:mm'))}
              </Tag>
            )
          ) : (
            <Alert type="info" showIcon title={c.maskedNote} />
          )}
          <Table
            rowKey={(x) => `${x.name}${x.role}${x.mobile}${x.phone}`}
            size="small"
            pagination={false}
            columns={contactColumns}
            dataSource={d.contacts}
            locale={{ emptyText: c.noContacts }}
            data-testid="clue-contacts"
          />
          <Space>
            {!d.isUnlocked && !d.isBlacklisted && canUnlock && (
              <ReclickButton type="primary" onClick={onUnlock} loading={unlock.isPending} data-testid="clue-unlock">
                {c.unlock}
              </ReclickButton>
            )}
            {d.isUnlocked && !d.isBlacklisted && d.customerId === null && canConvert && (
              <Button type="primary" onClick={() => onConvert([d.id])} data-testid="clue-convert-one">
                {c.convert}
              </Button>
            )}
          </Space>
        </Space>
      )}
    </Drawer>
  );
};
