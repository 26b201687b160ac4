import type { TCustomField } from '@yunhu/contract';
import { ExcelJS } from '../../http/exceljs.js';
import { customerColumns, customFieldColumns, followColumns } from './crm-import.columns.js';

/**
 * The import template: the first sheet has the column headers (required ones marked *), the
 * second the rules of each column and, for customers, the tenant's tags.
 */
export const importTemplate = async (
  kind: 'customer' | 'follow',
  fields: TCustomField[],
  tagNames: string[],
): Promise<Buffer> => {
  const columns = kind === 'customer' ? [...customerColumns, ...customFieldColumns(fields)] : followColumns;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(kind === 'customer' ? '客户' : '跟进记录');
  sheet.columns = columns.map((c) => ({ header: c.isRequired ? `${c.header}*` : c.header, width: 18 }));
  sheet.getRow(1).font = { bold: true };
  // Mobiles as text, so Excel keeps them whole (no 1.39E+10).
  const mobileAt = columns.findIndex((c) => c.key === 'mobile');
  sheet.getColumn(mobileAt + 1).numFmt = '@';
  const help = book.addWorksheet('填写说明');
  help.columns = [
    { header: '列', width: 16 },
    { header: '说明', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of columns) help.addRow([c.header, `${c.isRequired ? '必填。' : '选填。'}${c.note}`]);
  help.addRow([]);
  help.addRow(['', '表头可调整顺序，带*的列必须保留；从第2行起每行一条，空行会被忽略。']);
  help.addRow(['', '支持 .xlsx，或 UTF-8 / GBK 编码的 .csv（Excel 另存为 CSV 即可）。']);
  if (kind === 'customer') {
    help.addRow(['', '手机号已是客户的行，可在导入时选择跳过或更新（只更新填写了的列，标签为追加）。']);
    help.addRow([]);
    help.addRow(['可用标签', tagNames.length ? tagNames.join('、') : '（暂无标签，可在标签管理中添加）']);
  } else {
    help.addRow(['', '只能给您有权限查看的已有客户导入跟进记录；跟进时间较新时会更新客户的最近跟进。']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
};
