import { Button, Card, Descriptions, Result, Skeleton, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { beijingFormat } from '../../../shared/time/beijing';
import { useLogInfo } from '../api';

const pretty = (detail: string): string => {
  try {
    return JSON.stringify(JSON.parse(detail), null, 2);
  } catch {
    return detail;
  }
};

/** 查看日志: one operation-log entry with its request content. */
export const LogDetailPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const { data, isLoading, isError } = useLogInfo(id);
  const back = <Button onClick={() => navigate('/menu/logcom')}>{t.common.back}</Button>;
  if (isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (isError || !data) return <Result status="404" title={t.app.notFound} extra={back} />;
  return (
    <Card title={t.log.detailTitle} extra={back} data-testid="log-detail">
      <Descriptions bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t.log.createdAt}>
          {beijingFormat(data.createdAt, 'YYYY-MM-DD HH:mm:ss')}
        </Descriptions.Item>
        <Descriptions.Item label={t.log.userName}>
          {data.userName}（{data.realName}）
        </Descriptions.Item>
        <Descriptions.Item label={t.log.module}>{data.module}</Descriptions.Item>
        <Descriptions.Item label={t.log.summary}>{data.summary}</Descriptions.Item>
        <Descriptions.Item label={t.log.route}>{data.route}</Descriptions.Item>
        <Descriptions.Item label={t.log.ip}>{data.ip}</Descriptions.Item>
        <Descriptions.Item label={t.log.result}>
          {data.result === 'success' ? (
            <Tag color="green">{t.log.success}</Tag>
          ) : (
            <Tag color="red">{t.log.failure}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t.log.message}>{data.message || '-'}</Descriptions.Item>
        <Descriptions.Item label={t.log.detail} span={2}>
          <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {pretty(data.detail)}
          </Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
};
