import { render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import * as t from '../../../locales/zh-CN';
import { PasswordFields } from './PasswordFields';

describe('PasswordFields', () => {
  it('asks for the current password first when changing it', () => {
    render(
      <Form>
        <PasswordFields old={{ label: '原密码', placeholder: '请输入原密码' }} />
      </Form>,
    );
    const old = screen.getByPlaceholderText('请输入原密码');
    expect(old.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByText('原密码')).toBeTruthy();
    expect(screen.getByText(t.auth.newPassword)).toBeTruthy();
  });

  it('asks only for the new one and its confirmation on a reset', () => {
    render(
      <Form>
        <PasswordFields />
      </Form>,
    );
    expect(document.querySelector('input[autocomplete="current-password"]')).toBeNull();
    expect(document.querySelectorAll('input[autocomplete="new-password"]')).toHaveLength(2);
  });
});
