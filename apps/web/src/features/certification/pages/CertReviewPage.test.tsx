import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { TCertification } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CertReviewPage } from './CertReviewPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const cert = (id: number, status: TCertification['status'], companyName: string): TCertification => ({
  id,
  tenantId: 10 + id,
  enterpriseName: companyName,
  tenantCode: `e10000${id}`,
  type: 'enterprise',
  companyName,
  creditCode: '91330100MA2XXXXX0X',
  legalPerson: '王强',
  licenseUrl: '',
  personName: '',
  idCardNo: '',
  status,
  reason: status === 'rejected' ? '营业执照不清晰' : '',
  submitter: '李经理',
  examiner: '',
  createdAt: Date.UTC(2026, 11, 1, 2, 3, 4),
  examinedAt: null,
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <CertReviewPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('CertReviewPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    const records = [cert(1, 'pending', '甲一科技'), cert(2, 'rejected', '乙二贸易')];
    callMock.mockResolvedValue({ records, total: 2, size: 20, current: 1, pages: 1 });
  });

  it('shows each submission with its state as a tag and the reason of a refusal', async () => {
    renderPage();
    await screen.findAllByText('甲一科技');
    const tagOf = (word: string) => screen.getAllByText(word).find((el) => el.classList.contains('ant-tag'));
    expect(tagOf('待审核')?.className).toContain('processing');
    expect(tagOf('已驳回')?.className).toContain('error');
    expect(screen.getByText('营业执照不清晰')).toBeTruthy();
  });
});
