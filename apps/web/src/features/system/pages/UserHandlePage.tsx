import { Anchor, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { useBrandStore } from '../../../shared/stores/brand';
import { useGuideMenu } from '../api';
import { guideOf, guideSectionsOf } from '../guide';

const personalCenter = 'personalCenter';

/**
 * 操作指南: a short section for every screen this person's menu opens (the same menu as
 * the side menu), grouped by its folder, with a table of contents; the personal centre last; the
 * brand's own guide linked above when it has one.
 */
export const UserHandlePage = () => {
  const brandGuide = useBrandStore((s) => s.brand.user_guide);
  const { data, isLoading } = useGuideMenu();
  const sections = [
    ...guideSectionsOf(data?.menuList ?? []),
    { url: personalCenter, name: t.guide.personalCenter, folder: '', paragraphs: guideOf(personalCenter) ?? [] },
  ];
  const anchorOf = (url: string) => `guide-${url.replace(/[^A-Za-z0-9]/g, '-')}`;
  return (
    <Card
      title={t.guide.title}
      extra={
        brandGuide && (
          <Typography.Link href={brandGuide} target="_blank" rel="noreferrer" data-testid="guide-link">
            {t.guide.open}
          </Typography.Link>
        )
      }
    >
      {isLoading ? (
        <Skeleton active />
      ) : sections.length === 0 ? (
        <Empty description={t.guide.empty} />
      ) : (
        <Row gutter={24} wrap={false}>
          <Col flex="auto" style={{ minWidth: 0 }}>
            <Typography.Paragraph type="secondary">{t.guide.intro}</Typography.Paragraph>
            {sections.map((s) => (
              <section key={s.url} id={anchorOf(s.url)} data-testid={`guide-section-${s.url}`}>
                <Typography.Title level={4}>{s.folder ? `${s.folder} / ${s.name}` : s.name}</Typography.Title>
                {s.paragraphs.map((p) => (
                  <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
                ))}
              </section>
            ))}
          </Col>
          <Col flex="200px">
            <Anchor
              affix={false}
              getContainer={() => document.querySelector<HTMLElement>('[data-testid="shell-content"]') ?? window}
              items={sections.map((s) => ({ key: s.url, href: `#${anchorOf(s.url)}`, title: s.name }))}
              onClick={(e, link) => {
                // Hash routes: jump within the page instead of changing the route.
                e.preventDefault();
                document.querySelector(link.href)?.scrollIntoView({ behavior: 'smooth' });
              }}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
};
