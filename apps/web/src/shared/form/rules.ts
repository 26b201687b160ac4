import type { Rule } from 'antd/es/form';
import * as t from '../../locales/zh-CN';

/** A text the form cannot go without: empty or only spaces is refused with 请输入<label>. */
export const requiredText = (label: string): Rule[] => [
  { required: true, whitespace: true, message: t.common.required(label) },
];
