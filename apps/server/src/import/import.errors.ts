import { defineErrors } from '../http/errors.js';

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB`;

/** The errors of every import: reading the file, the preview, the confirm. */
export const importErrors = defineErrors('import', {
  fileMissing: ['invalid', '请选择要导入的文件（字段：file）'],
  wrongKind: ['invalid', '请上传 .xlsx 或 .csv 格式的文件（可先下载导入模板）'],
  /** A PNG renamed .xlsx, random bytes: said as such, not as a missing column. */
  notSpreadsheet: ['invalid', '文件不是有效的Excel或CSV表格，请上传 .xlsx 文件，或 UTF-8 / GBK 编码的 .csv 文件'],
  unreadable: ['invalid', '文件无法读取，请使用导入模板填写的 .xlsx 文件，或 UTF-8 / GBK 编码的 .csv 文件'],
  oldExcel: ['invalid', '不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx 后再导入'],
  empty: ['invalid', '文件是空的，请按模板填写后再导入'],
  tooLarge: ['invalid', (maxBytes: number) => `文件不能超过${mb(maxBytes)}，请分批导入`],
  inflatedTooLarge: [
    'invalid',
    '文件解压后的内容过大，不是正常的导入表格；请只保留数据另存为 .xlsx 后重新导入，或分批导入',
  ],
  cellTooLong: ['invalid', (max: number) => `文件中有超过${max}个字的单元格，请删减后再导入`],
  cellAtTooLong: [
    'invalid',
    (row: number, column: number, max: number) => `第${row}行第${column}列的内容超过${max}个字，请删减后再导入`,
  ],
  fileRowsOver: ['invalid', (max: number) => `文件超过${max}行，请删除多余的行或分批导入`],
  /** The data rows past the import's own limit ("行", "名员工"). */
  rowsOver: ['invalid', (max: number, unit: string) => `一次最多导入${max}${unit}，请分批导入`],
  /** The black-list names its whole header row (号码、原因、有效期至). */
  headerRowMissing: ['invalid', (headers: string) => `文件第一行须为表头（${headers}），请下载导入模板按格式填写`],
  columnMissing: ['invalid', (header: string) => `模板格式不正确：缺少「${header}」列，请下载最新模板`],
  /** "客户数据", "跟进记录", "员工数据", "号码". */
  noData: ['invalid', (what: string) => `文件中没有${what}，请按模板填写后再导入`],
  batchMissing: ['notFound', '导入批次不存在或已过期，请重新上传'],
  confirmedAlready: ['conflict', '该批次已确认过，请勿重复导入'],
  nothingToWrite: ['invalid', '该批次没有可导入的有效数据，请修改文件后重新上传'],
  reportExpired: ['notFound', (days: number) => `导入结果只保留${days}天，已过期`],
});
