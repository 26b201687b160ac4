import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { ExcelJS } from '../../http/exceljs.js';
import type { TTestApp } from '../../test/harness.js';
import { departments, roles, tenants, users } from './org.schema.js';

/** Ids of the demo enterprise's rows by name, read straight from the database (tests only). */
export const demoIds = async (t: TTestApp) => {
  const { db } = t.database;
  const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'E100001'));
  const tenantId = demo!.id;
  const dept = async (name: string) =>
    (
      await db
        .select()
        .from(departments)
        .where(and(eq(departments.tenantId, tenantId), eq(departments.name, name)))
    )[0]!.id;
  const role = async (name: string) =>
    (
      await db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), eq(roles.name, name)))
    )[0]!.id;
  const user = async (username: string) => (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
  return { tenantId, dept, role, user };
};

export const countUsers = async (t: TTestApp, tenantId: number) =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from users where tenant_id = ${tenantId}`),
  )[0]!.n;

/** An xlsx file of the given rows (first row = headers). */
export const xlsxOf = async (rows: (string | number | null)[][]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('员工');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
};

/** Reads an xlsx answer's first sheet as rows of cell texts. */
export const readXlsx = async (body: Buffer): Promise<string[][]> => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
};

/** Uploads one file as multipart/form-data, the way the browser's upload does. */
export const uploadFile = async (t: TTestApp, url: string, token: string, name: string, content: Buffer) => {
  const boundary = `----yunhu${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, content, tail]),
  });
  return res.json() as { code: number; msg: string; data: unknown };
};

/** Polls until a condition holds (background jobs). */
export const eventually = async <T>(fn: () => Promise<T>, isDone: (v: T) => boolean, ms = 60_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (isDone(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
};

/**
 * Signs in a person an administrator added with a chosen password, as if he had already changed it
 * at his first sign-in: for tests about something else than that change.
 */
export const loginSettled = async (t: TTestApp, username: string, password: string) => {
  await t.database.db.execute(
    sql`update users set must_change_password = false where lower(username) = lower(${username})`,
  );
  return t.login(username, password);
};
