import { z } from 'zod';
import { zInt, zString } from './http.js';
import { dataScopes } from './org-common-labels.js';

export { dataScopeLabel, dataScopes } from './org-common-labels.js';

const idOf = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`);
// One schema per label: the contract asks for the same ids 175 times, and every schema built costs
// the server's start (~6,000 zod schemas, a sixth of a warm start). Schemas are immutable.
const idsByLabel = new Map<string, ReturnType<typeof idOf>>();

/** A positive integer id, from a JSON body or a query string alike. */
export const zId = (label: string) => {
  let id = idsByLabel.get(label);
  if (!id) {
    id = idOf(label);
    idsByLabel.set(label, id);
  }
  return id;
};

/** A list filter by any 4 to 11 digits of a mobile; an emptied field is no filter. */
export const zMobileFragment = () =>
  z
    .string()
    .trim()
    .regex(/^\d{4,11}$/, '手机号请输入4-11位数字')
    .optional()
    .or(z.literal('').transform(() => undefined));

/** A list of ids for batch operations (1 to `max`), duplicates removed. */
export const zIds = (label: string, max = 500) =>
  z
    .array(zId(label), { error: `请选择${label.replace(/编号$/, '')}` })
    .min(1, `请选择${label.replace(/编号$/, '')}`)
    .max(max, `一次最多${max}条`)
    .transform((ids) => [...new Set(ids)]);

/** A sign-in account (账号): staff, an enterprise's or an agent's administrator, a distributor. */
export const ZAccount = z
  .string({ error: '请输入账号' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, '账号为4-32位字母、数字或下划线，以字母开头');
/** A person's name (姓名) on his staff record. */
export const ZRealName = z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(32, '姓名最多32个字');
/** The contact person (联系人) of an enterprise, an agent or a distributor. */
export const ZContactName = z
  .string({ error: '请输入联系人姓名' })
  .trim()
  .min(1, '请输入联系人姓名')
  .max(32, '姓名最多32个字');

export const ZDataScope = z.enum(dataScopes, { error: '数据权限只能是全部、本部门及以下、本部门、仅本人或指定部门' });
export type TDataScopeKind = z.infer<typeof ZDataScope>;

/** A staff member as a list of people names him: his id, his name and his department (null: none). */
export const ZStaffRef = z.object({ userId: zInt, realName: zString, deptName: zString.nullable() });
