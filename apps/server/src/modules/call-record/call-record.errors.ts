import { defineErrors } from '../../http/errors.js';

/** 通话记录 and its recordings: a record outside the reader's data scope, a call without a recording. */
export const callRecordErrors = defineErrors('callRecord', {
  recordMissing: ['notFound', '通话记录不存在或不在您的数据范围内'],
  noRecording: ['conflict', '该通话没有录音'],
});
