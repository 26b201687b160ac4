import { ReportPerm } from '@yunhu/contract';
import { Alert, Card, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { Permission } from '../../../shared/permission/Permission';
import { beijingFormat } from '../../../shared/time/beijing';
import { useMaterials } from '../api';
import { MaterialsForm } from '../components/MaterialsForm';
import { OpenInfo } from '../components/OpenInfo';
import { MaterialsDetails } from '../components/ReportDetails';

const c = t.callerReport;

/** 资料提交 (userdata/submit): the materials by version, and a new version submitted from the latest. */
export const MaterialsPage = () => {
  const [version, setVersion] = useState<number | undefined>();
  const shown = useMaterials(version);
  const latest = useMaterials();
  const versions = latest.data?.versions ?? [];
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={c.materialsTitle} description={c.materialsHint} />
      <Card>
        <OpenInfo />
      </Card>
      <Card
        title={c.currentVersion}
        extra={
          versions.length > 0 && (
            <Select
              aria-label={c.version}
              style={{ width: 240 }}
              value={version ?? versions[0]?.version}
              onChange={setVersion}
              options={versions.map((v) => ({
                value: v.version,
                label: `${c.versionLabel(v.version)} · ${v.submitter} · ${beijingFormat(v.createdAt, 'YYYY-MM-DD HH:mm')}`,
              }))}
            />
          )
        }
      >
        {shown.isLoading ? (
          <Spin />
        ) : shown.data?.materials ? (
          <MaterialsDetails materials={shown.data.materials} />
        ) : (
          c.noMaterials
        )}
      </Card>
      <Permission value={ReportPerm.materialSubmit}>
        <Card title={c.submitMaterials}>
          {!latest.isLoading && (
            <MaterialsForm key={versions[0]?.version ?? 0} latest={latest.data?.materials ?? null} />
          )}
        </Card>
      </Permission>
    </Space>
  );
};
