import { CalendarOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { TRangePickerProps } from './RangePickerLoaded';

const RangePickerLoaded = lazy(async () => ({ default: (await import('./RangePickerLoaded')).RangePickerLoaded }));

const day = 'YYYY-MM-DD';

/**
 * A date range field whose calendar (antd's picker, ~30 KB) comes with its first use: until then a
 * read-only box shows the range, and clicking or tabbing into it opens the real picker in its place.
 * For a filter bar whose range has a default that most people never change.
 */
export const RangePickerOnFocus = (props: TRangePickerProps) => {
  const [isWanted, setWanted] = useState(false);
  const [from, to] = props.value ?? [];
  const standIn = (
    <Input
      // A form item names its field with one id; the picker may take one per end.
      id={typeof props.id === 'string' ? props.id : props.id?.start}
      readOnly
      value={from && to ? `${from.format(day)} ~ ${to.format(day)}` : ''}
      placeholder={Array.isArray(props.placeholder) ? props.placeholder.join(' ~ ') : undefined}
      suffix={<CalendarOutlined />}
      style={{ width: 240 }}
      onFocus={() => setWanted(true)}
      onMouseDown={() => setWanted(true)}
      data-testid={props['data-testid' as keyof TRangePickerProps] as string | undefined}
    />
  );
  if (!isWanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RangePickerLoaded {...props} />
    </Suspense>
  );
};
