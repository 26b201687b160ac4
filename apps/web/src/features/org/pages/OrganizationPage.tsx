import type { TDeptNode } from '@yunhu/contract';
import { Col, Empty, Row } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { DeptTree } from '../components/DeptTree';
import { StaffList } from '../components/StaffList';

/** 组织架构 (company/organization): the department tree and the staff of the selected department. */
export const OrganizationPage = () => {
  const [selected, setSelected] = useState<TDeptNode | null>(null);
  return (
    <Row gutter={16}>
      <Col xs={24} lg={7}>
        <DeptTree selected={selected} onSelect={setSelected} />
      </Col>
      <Col xs={24} lg={17}>
        {selected ? (
          <StaffList
            key={selected.id}
            pageKey="organization"
            title={t.org.deptStaff(selected.name)}
            params={{ deptId: selected.id }}
            hasDeptFilter={false}
          />
        ) : (
          <Empty description={t.org.selectDept} style={{ marginTop: 80 }} />
        )}
      </Col>
    </Row>
  );
};
