import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toBatchInput, toSaveInput } from './callingForm';

const at = (hm: string) => dayjs(`2000-01-01 ${hm}`);

describe('calling settings form', () => {
  it('sends every field for one person, an empty line as the default with no number', () => {
    expect(
      toSaveInput(7, {
        lineId: 2,
        callerNumber: '02566661001',
        hours: [at('09:30'), at('18:00')],
        perNumberDailyLimit: 2,
        dailyLimit: 120,
        recording: false,
        analysis: true,
      }),
    ).toEqual({
      userId: 7,
      lineId: 2,
      callerNumber: '02566661001',
      allowedFrom: '09:30',
      allowedTo: '18:00',
      perNumberDailyLimit: 2,
      dailyLimit: 120,
      recording: false,
      analysis: true,
    });
    const cleared = toSaveInput(7, {
      lineId: undefined,
      callerNumber: '02566661001',
      hours: [at('08:00'), at('21:00')],
      perNumberDailyLimit: 3,
      dailyLimit: 300,
      recording: true,
    });
    expect(cleared).toMatchObject({ lineId: null, callerNumber: null, recording: true });
  });

  it('sends only the filled fields for many people', () => {
    expect(toBatchInput([1, 2], { recording: 'keep', analysis: 'keep' })).toEqual({ userIds: [1, 2] });
    expect(toBatchInput([1, 2], { recording: 'keep', analysis: false })).toEqual({ userIds: [1, 2], analysis: false });
    expect(toBatchInput([1], { hours: [at('10:00'), at('17:30')], recording: false })).toEqual({
      userIds: [1],
      allowedFrom: '10:00',
      allowedTo: '17:30',
      recording: false,
    });
    // A new line without a number clears each person's old number.
    expect(toBatchInput([1], { lineId: 3, dailyLimit: 50, recording: 'keep' })).toEqual({
      userIds: [1],
      lineId: 3,
      callerNumber: null,
      dailyLimit: 50,
    });
  });
});
