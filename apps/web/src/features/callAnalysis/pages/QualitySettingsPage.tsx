import { Card, Tabs, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { AnalysisScope } from '../components/AnalysisScope';
import { ExtractionFields } from '../components/ExtractionFields';
import { QualityRules } from '../components/QualityRules';

const c = t.callAnalysis.settings;

/** 质检设置 (account/qualityRules): the enterprise's quality rules, extraction fields and analysed lines. */
export const QualitySettingsPage = () => (
  <Card title={c.title}>
    <Tabs
      items={[
        {
          key: 'rules',
          label: c.rulesTab,
          children: (
            <>
              <Typography.Paragraph type="secondary">{c.rulesHint}</Typography.Paragraph>
              <QualityRules />
            </>
          ),
        },
        {
          key: 'fields',
          label: c.fieldsTab,
          children: (
            <>
              <Typography.Paragraph type="secondary">{c.fieldsHint}</Typography.Paragraph>
              <ExtractionFields />
            </>
          ),
        },
        { key: 'scope', label: c.scopeTab, children: <AnalysisScope /> },
      ]}
    />
  </Card>
);
