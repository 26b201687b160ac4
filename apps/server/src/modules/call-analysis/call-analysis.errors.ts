import { defineErrors } from '../../http/errors.js';

/** 通话分析: a call outside the reader's scope, one without a recording, one being analysed. */
export const callAnalysisErrors = defineErrors('callAnalysis', {
  recordMissing: ['notFound', '通话记录不存在或不在您的数据范围内'],
  noRecording: ['conflict', '该通话没有录音，无法分析'],
  running: ['conflict', '该通话正在分析中，请稍后再试'],
  ruleMissing: ['notFound', '质检规则不存在'],
  ruleNameTaken: ['conflict', '已有同名的质检规则'],
  ruleLimit: ['conflict', (max: number) => `最多只能添加${max}条质检规则`],
  fieldMissing: ['notFound', '提取字段不存在'],
  fieldNameTaken: ['conflict', '已有同名的提取字段'],
  fieldLimit: ['conflict', (max: number) => `最多只能添加${max}个提取字段`],
});

/** Why an analysis failed, as its 失败 reason says it (stored with the row). */
export const analysisFailure = {
  notWav: '录音不是 WAV 文件',
  encoding: (tag: number) => `不支持的录音编码（${tag}）`,
  format: '不支持的录音格式',
  truncated: '录音文件不完整',
  missing: '录音文件不存在',
  /** Anything else (the detail goes to the log). */
  internal: '分析出错，系统将自动重试',
  gaveUp: '多次分析失败，请稍后重新分析',
} as const;
