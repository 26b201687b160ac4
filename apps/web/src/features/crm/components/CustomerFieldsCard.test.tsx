import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomerFieldsCard } from './CustomerFieldsCard';
import { customer, renderCrm } from './testUtils';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

describe('CustomerFieldsCard', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) =>
      Promise.resolve(
        route === routeTables.crm.customerUpdate || route === routeTables.crm.poolUpdate ? customer() : [],
      ),
    );
  });

  it('shows every field, and saves only the one edited in place, through the edit of its pool', async () => {
    renderCrm(<CustomerFieldsCard customer={customer({ ownerId: null })} isEditable />);
    expect(screen.getByText('云呼科技')).toBeTruthy();
    expect(screen.getByText('展会')).toBeTruthy();
    expect(screen.getByText('重点')).toBeTruthy();
    fireEvent.click(screen.getByTestId('crm-edit-company'));
    fireEvent.change(screen.getByDisplayValue('云呼科技'), { target: { value: '云呼网络' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(routeTables.crm.poolUpdate, { id: 1, company: '云呼网络' }),
    );
  });

  it('shows the fields without editors to a reader who may not edit', () => {
    renderCrm(<CustomerFieldsCard customer={customer()} isEditable={false} />);
    expect(screen.getByText('云呼科技')).toBeTruthy();
    expect(screen.queryByTestId('crm-edit-company')).toBeNull();
  });
});
