import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { NoticeFields } from './NoticeFields';

describe('NoticeFields', () => {
  it('words the audience as the screen says and offers the targets once chosen ones are picked', async () => {
    render(
      <Form initialValues={{ audience: 'all' }}>
        <NoticeFields
          text={{ audience: '发布范围', chooseTargets: '请选择接收通知的企业' }}
          chosenValue="tenants"
          targets={{ data: { records: [{ id: 1, name: '甲公司' }] }, isLoading: false }}
        />
      </Form>,
    );
    expect(screen.getByText('发布范围')).toBeTruthy();
    expect(screen.getByText('标题')).toBeTruthy();
    expect(screen.queryByText('接收企业')).toBeNull();
    fireEvent.click(screen.getByText('指定企业'));
    await waitFor(() => expect(screen.getByText('接收企业')).toBeTruthy());
  });
});
