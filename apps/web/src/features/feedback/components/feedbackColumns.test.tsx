import { render } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { feedbackFilters } from './feedbackColumns';

const labelsOf = (isPlatform: boolean) => {
  const { container, unmount } = render(<Form layout="inline">{feedbackFilters(isPlatform)}</Form>);
  const labels = [...container.querySelectorAll('label')].map((l) => l.textContent);
  unmount();
  return labels;
};

describe('feedback filters', () => {
  it('lets the user narrow his own feedback by its state only', () => {
    expect(labelsOf(false)).toEqual(['状态']);
  });

  it("adds the enterprise, the kind and the period to the platform's queue", () => {
    expect(labelsOf(true)).toEqual(['企业名称', '状态', '反馈类型', '时间']);
  });
});
