import { render, screen } from '@testing-library/react';
import { Card } from 'antd';
import { describe, expect, it } from 'vitest';
import { PlainCard } from './PlainCard';
import { PlainText } from './PlainText';

const classesOf = (el: Element | null) => [...(el?.classList ?? [])].filter((c) => !c.startsWith('css-')).sort();

describe('PlainCard', () => {
  it('draws the DOM and classes antd`s Card draws for a title, a small size and a body', () => {
    render(
      <>
        <Card title="客户" size="small" data-testid="antd">
          内容
        </Card>
        <PlainCard title="客户" size="small" data-testid="plain">
          内容
        </PlainCard>
      </>,
    );
    const antd = screen.getByTestId('antd');
    const plain = screen.getByTestId('plain');
    expect(classesOf(plain)).toEqual(classesOf(antd));
    expect(plain.innerHTML.replace(/ css-[\w-]+/g, '')).toEqual(antd.innerHTML.replace(/ css-[\w-]+/g, ''));
  });

  it('has no head without a title', () => {
    render(<PlainCard data-testid="plain">内容</PlainCard>);
    expect(screen.getByTestId('plain').querySelector('.ant-card-head')).toBeNull();
  });
});

describe('PlainText', () => {
  it('carries the type`s class of antd`s Typography', () => {
    render(
      <PlainText type="danger" data-testid="t">
        线路故障
      </PlainText>,
    );
    expect(screen.getByTestId('t').className).toContain('ant-typography-danger');
  });
});
