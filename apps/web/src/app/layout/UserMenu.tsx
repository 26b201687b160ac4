import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { authRoutes } from '@yunhu/contract';
import { Avatar, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import * as t from '../../locales/zh-CN';
import { feedback } from '../../shared/feedback';
import { call } from '../../shared/http/api';
import { clearSession, goLogin } from '../../shared/session';
import { useUserStore } from '../../shared/stores/user';
import { queryClient } from '../queryClient';

export const logout = async (): Promise<void> => {
  try {
    await call(authRoutes.ssoLogout);
  } finally {
    clearSession();
    queryClient.clear();
    feedback.message.success(t.layout.loggedOut);
    goLogin();
  }
};

export const UserMenu = () => {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const items = [
    {
      key: 'personal',
      icon: <UserOutlined />,
      label: <span data-testid="user-menu-personal">{t.layout.personalCenter}</span>,
    },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t.layout.logout}</span> },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key === 'personal') navigate('/menu/personalCenter');
    else void logout().catch(() => undefined);
  };
  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']}>
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
        <Avatar src={user?.headUrl || undefined} icon={<UserOutlined />} />
        <span>{user?.realName}</span>
      </Space>
    </Dropdown>
  );
};
