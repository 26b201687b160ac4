import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { describe, expect, it, vi } from 'vitest';
import { feedback, setFeedback } from './feedback';

describe('feedback', () => {
  it('shows a message raised before the app mounted once it mounts, and later ones at once', () => {
    feedback.message.warning('登录已过期，请重新登录');
    const warning = vi.fn();
    const error = vi.fn();
    setFeedback({
      message: { warning, error } as unknown as MessageInstance,
      notification: {} as NotificationInstance,
    });
    expect(warning).toHaveBeenCalledWith('登录已过期，请重新登录');
    feedback.message.error('账号或密码错误');
    expect(error).toHaveBeenCalledWith('账号或密码错误');
  });
});
