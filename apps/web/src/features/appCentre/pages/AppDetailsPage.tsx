import { appCodes, type TAppCode } from '@yunhu/contract';
import { Button, Card, Descriptions, Result, Space } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { beijingFormat } from '../../../shared/time/beijing';
import { useApp } from '../api';
import { AppStateTag } from '../components/AppStateTag';
import { AppSwitchButton } from '../components/AppSwitchButton';

/** Where an add-on's own screens start, once it is on. */
const entryOf: Partial<Record<TAppCode, string>> = {
  call_analysis: '/menu/account/callRecord',
  clue: '/menu/Clue/looking',
  open_platform: '/menu/ThirdParty/webhooks',
};

/** 应用详情 (`views/Application/details?code=`): one add-on's description, price, state and switch. */
export const AppDetailsPage = () => {
  const [search] = useSearchParams();
  const raw = search.get('code');
  const code = (appCodes as readonly string[]).includes(raw ?? '') ? (raw as TAppCode) : null;
  const { data, isError } = useApp(code);
  if (!code || isError) {
    return (
      <Result status="404" title={t.appCentre.missing} extra={<Link to="/menu/app/index">{t.appCentre.back}</Link>} />
    );
  }
  const entry = entryOf[code];
  return (
    <Card
      title={data?.name ?? t.appCentre.details}
      loading={!data}
      extra={<Link to="/menu/app/index">{t.appCentre.back}</Link>}
    >
      {data && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t.appCentre.state}>
              <AppStateTag app={data} />
            </Descriptions.Item>
            <Descriptions.Item label={t.appCentre.description}>
              <div style={{ whiteSpace: 'pre-wrap' }}>{data.description}</div>
            </Descriptions.Item>
            <Descriptions.Item label={t.appCentre.priceLabel}>{data.priceText || '-'}</Descriptions.Item>
            {data.endsAt !== null && (
              <Descriptions.Item label={t.appCentre.endsAt}>{beijingFormat(data.endsAt)}</Descriptions.Item>
            )}
            {data.changedAt !== null && (
              <Descriptions.Item label={t.appCentre.changed}>
                {`${data.changedBy} ${beijingFormat(data.changedAt)}`}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Space>
            <AppSwitchButton app={data} />
            {entry && (data.state === 'on' || data.state === 'trial') && (
              <Link to={entry}>
                <Button>{t.appCentre.open}</Button>
              </Link>
            )}
          </Space>
        </Space>
      )}
    </Card>
  );
};
