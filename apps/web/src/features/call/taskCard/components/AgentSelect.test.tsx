import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import * as t from '../../../../locales/zh-CN';
import { AssignFields } from './AgentSelect';

vi.mock('../../../../shared/http/api', () => ({ call: () => Promise.resolve([]) }));

const c = t.taskCard;

describe('AssignFields', () => {
  it('asks for agents when shared evenly, and not when each customer goes to its owner', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Form initialValues={{ assign: 'even', userIds: [] }}>
          <AssignFields />
        </Form>
      </QueryClientProvider>,
    );
    expect(screen.getByText(c.agents)).toBeTruthy();
    fireEvent.click(screen.getByText(c.assignOwner));
    await waitFor(() => expect(screen.queryByText(c.agents)).toBeNull());
  });
});
