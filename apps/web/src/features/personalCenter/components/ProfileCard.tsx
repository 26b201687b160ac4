import { EditOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ImageUploadButton } from '../../../shared/components/ImageUploadButton';
import { Phone } from '../../../shared/components/Phone';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { useUserStore } from '../../../shared/stores/user';
import { useBhInfo } from '../../org';
import { updateRealName, uploadAvatar } from '../api';

export const ProfileCard = () => {
  const user = useUserStore((s) => s.user);
  const bh = useBhInfo();
  const [isEditing, setEditing] = useState(false);
  if (!user) return null;
  const onUpload = async (file: File) => {
    await uploadAvatar(file);
    feedback.message.success(t.personal.avatarDone);
  };
  return (
    <Card title={t.personal.profile} data-testid="profile-card">
      <Space align="start" size="large" wrap>
        <Space orientation="vertical" align="center">
          <Avatar size={88} src={user.headUrl || undefined} icon={<UserOutlined />} data-testid="profile-avatar" />
          <ImageUploadButton onUpload={onUpload} size="small">
            {t.personal.uploadAvatar}
          </ImageUploadButton>
        </Space>
        <Descriptions column={{ xs: 1, md: 2 }} style={{ minWidth: 420 }}>
          <Descriptions.Item label={t.personal.realName}>
            <Space>
              <span data-testid="profile-realname">{user.realName}</span>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(true)}
                data-testid="edit-realname"
              >
                {t.common.edit}
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t.personal.username}>{user.username}</Descriptions.Item>
          <Descriptions.Item label={t.personal.mobile}>
            <Phone value={user.mobile} />
          </Descriptions.Item>
          <Descriptions.Item label={t.personal.jobNumber}>
            <span data-testid="profile-job-number">{bh.data?.jobNumber ?? '-'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t.personal.enterprise}>{user.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label={t.personal.authState}>
            <Tag color={user.authState === 2 ? 'green' : 'default'} data-testid="profile-auth-state">
              {user.authStateLabel}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t.personal.dept}>{user.deptName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t.personal.roles}>{user.roleNames.join('、') || '-'}</Descriptions.Item>
        </Descriptions>
      </Space>
      <FormModal<{ realName: string }>
        open={isEditing}
        title={t.personal.editRealName}
        initialValues={{ realName: user.realName }}
        fields={
          <Form.Item
            name="realName"
            label={t.personal.realName}
            rules={[{ required: true, whitespace: true, max: 32, message: t.personal.realNamePlaceholder }]}
          >
            <Input placeholder={t.personal.realNamePlaceholder} maxLength={32} />
          </Form.Item>
        }
        onSubmit={(v) => updateRealName(v.realName.trim())}
        onCancel={() => setEditing(false)}
        onDone={() => feedback.message.success(t.common.success)}
      />
    </Card>
  );
};
