import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomerFormModal } from './CustomerFormModal';
import { customer, renderCrm } from './testUtils';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

describe('CustomerFormModal', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) =>
      Promise.resolve(
        route === routeTables.crm.customerUpdate || route === routeTables.crm.poolUpdate ? customer() : [],
      ),
    );
  });

  it('opens with the customer filled in and saves without the mobile the user may not see', async () => {
    renderCrm(
      <CustomerFormModal
        customer={customer({ isMobileMasked: true, mobile: '139****5678' })}
        onClose={() => undefined}
      />,
    );
    const name = (await screen.findByLabelText('客户名称')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('张三'));
    expect((screen.getByLabelText('公司') as HTMLInputElement).value).toBe('云呼科技');
    fireEvent.change(name, { target: { value: '张三丰' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(routeTables.crm.customerUpdate, expect.anything()));
    const [, body] = callMock.mock.calls.find(([r]) => r === routeTables.crm.customerUpdate) ?? [];
    expect(body).toMatchObject({ id: 1, name: '张三丰', company: '云呼科技', intentionLevel: 'B' });
    expect(body).not.toHaveProperty('mobile');
  });

  it("saves a customer of 客户公海 through the pool's own edit", async () => {
    renderCrm(<CustomerFormModal customer={customer({ ownerId: null })} onClose={() => undefined} />);
    const name = (await screen.findByLabelText('客户名称')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('张三'));
    fireEvent.change(name, { target: { value: '李四' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        routeTables.crm.poolUpdate,
        expect.objectContaining({ id: 1, name: '李四' }),
      ),
    );
    expect(callMock).not.toHaveBeenCalledWith(routeTables.crm.customerUpdate, expect.anything());
  });
});
