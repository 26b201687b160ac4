import { Card, Col, Empty, Row, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MenuIcon } from '../../../app/layout/icons';
import * as t from '../../../locales/zh-CN';
import { flattenMenus, useMenuNav } from '../../org';

/** Entries of the menu the user's role may open, except the home page itself. */
export const Shortcuts = () => {
  const { data } = useMenuNav();
  const navigate = useNavigate();
  const entries = flattenMenus(data?.menuList ?? []).filter((m) => m.url !== 'home');
  return (
    <Card title={t.home.shortcuts} data-testid="home-shortcuts">
      {entries.length === 0 ? (
        <Empty description={t.home.noShortcut} />
      ) : (
        <Row gutter={[12, 12]}>
          {entries.map((m) => (
            <Col span={12} key={m.menuId}>
              <Card size="small" hoverable onClick={() => navigate(`/menu/${m.url}`)} data-testid={`shortcut-${m.url}`}>
                <Typography.Text>
                  <MenuIcon name={m.icon} /> {m.name}
                </Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
};
