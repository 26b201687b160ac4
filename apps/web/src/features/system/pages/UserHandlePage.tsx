import { Card, Empty, Typography } from 'antd';
import { t } from '../../../locales/zh-CN';
import { useBrandStore } from '../../../shared/stores/brand';

/** 操作指南: the brand's user guide, linked and embedded. */
export const UserHandlePage = () => {
  const guide = useBrandStore((s) => s.brand.user_guide);
  return (
    <Card
      title={t.guide.title}
      extra={
        guide && (
          <Typography.Link href={guide} target="_blank" rel="noreferrer" data-testid="guide-link">
            {t.guide.open}
          </Typography.Link>
        )
      }
    >
      {guide ? (
        <iframe src={guide} title={t.guide.title} style={{ width: '100%', height: 'calc(100vh - 220px)', border: 0 }} />
      ) : (
        <Empty description={t.guide.missing} />
      )}
    </Card>
  );
};
