import { Col, Row } from 'antd';
import { ProfileCard } from '../components/ProfileCard';
import { SecurityCard } from '../components/SecurityCard';

export const PersonalCenterPage = () => (
  <Row gutter={[16, 16]} data-testid="personal-center">
    <Col span={24}>
      <ProfileCard />
    </Col>
    <Col span={24}>
      <SecurityCard />
    </Col>
  </Row>
);
