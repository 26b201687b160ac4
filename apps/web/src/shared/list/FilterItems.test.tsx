import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { EnterpriseFilter, KeywordFilter, SelectFilter, TextFilter } from './FilterItems';

const options = [{ value: 'a', label: '甲' }];

describe('filter items', () => {
  it('shows 全部 in an empty choice unless the screen says otherwise', () => {
    render(
      <Form>
        <SelectFilter name="state" label="状态" options={options} testId="state" />
        <SelectFilter name="kind" label="类型" placeholder="" options={options} />
        <SelectFilter name="level" label="等级" placeholder="请选择" options={options} />
      </Form>,
    );
    expect(screen.getAllByText('全部')).toHaveLength(1);
    expect(screen.getByText('请选择')).toBeTruthy();
  });

  it('takes a nested name, its label and test id', () => {
    render(
      <Form initialValues={{ custom: { 7: '北京' } }}>
        <TextFilter name={['custom', 7]} label="城市" testId="city" />
      </Form>,
    );
    expect(screen.getByText('城市')).toBeTruthy();
    expect((screen.getByTestId('city') as HTMLInputElement).value).toBe('北京');
  });

  it('sends the free-text search as keyword under the label 关键词, with the fields it searches as placeholder', () => {
    const onValuesChange = vi.fn();
    render(
      <Form onValuesChange={onValuesChange}>
        <KeywordFilter placeholder="名称或备注" testId="keyword" />
      </Form>,
    );
    expect(screen.getByText('关键词')).toBeTruthy();
    expect(screen.getByPlaceholderText('名称或备注')).toBe(screen.getByTestId('keyword'));
    fireEvent.change(screen.getByTestId('keyword'), { target: { value: '云呼' } });
    expect(onValuesChange).toHaveBeenLastCalledWith({ keyword: '云呼' }, { keyword: '云呼' });
  });

  it("conditions the platform's queues on the enterprise's name", () => {
    const onValuesChange = vi.fn();
    render(
      <Form onValuesChange={onValuesChange}>
        <EnterpriseFilter />
      </Form>,
    );
    fireEvent.change(screen.getByLabelText('企业名称'), { target: { value: '云呼' } });
    expect(onValuesChange).toHaveBeenLastCalledWith({ enterpriseName: '云呼' }, { enterpriseName: '云呼' });
  });
});
