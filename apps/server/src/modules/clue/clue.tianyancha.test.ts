import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client.js';
import { openTestDatabase } from '../../test/database.js';
import { clueRepository } from './clue.repository.js';
import { capitalWanOf, tianyanchaSource } from './clue.tianyancha.js';

// Answers in the formats 天眼查开放平台 documents for 搜索 (search/2.0) and 企业基本信息（含联系方式）
// (ic/baseinfoV2/2.0): `{ error_code, reason, result }`, the search's items with <em> around the match.
const searchAnswer = {
  error_code: 0,
  reason: 'ok',
  result: {
    total: 2,
    items: [
      {
        id: 22822,
        name: '北京<em>百度</em>网讯科技有限公司',
        creditCode: '91110000802100433B',
        regStatus: '存续',
        estiblishTime: '2001-06-05 00:00:00.0',
        regCapital: '1342128万人民币',
        legalPersonName: '梁志祥',
        base: 'bj',
        type: 1,
        companyType: 1,
        regNumber: '110000450000280',
      },
      { id: 1, name: '无代码的分支机构', creditCode: null, base: 'bj' },
    ],
  },
};
const baseInfoAnswer = {
  error_code: 0,
  reason: 'ok',
  result: {
    name: '北京百度网讯科技有限公司',
    creditCode: '91110000802100433B',
    regStatus: '存续',
    estiblishTime: 991670400000,
    regCapital: '1342128万人民币',
    legalPersonName: '梁志祥',
    companyOrgType: '有限责任公司(自然人投资或控股)',
    businessScope: '技术转让、技术咨询、技术服务；互联网信息服务',
    industry: '科技推广和应用服务业',
    regLocation: '北京市海淀区上地十街10号百度大厦2层',
    base: 'bj',
    city: '北京市',
    district: '海淀区',
    staffNumRange: '1000人以上',
    phoneNumber: '010-59928888',
    email: 'ir@baidu.com',
  },
};

const fakeFetch =
  (answers: Record<string, unknown>, seen: string[]) =>
  async (url: string, init: { headers: Record<string, string> }) => {
    seen.push(`${init.headers.Authorization} ${url}`);
    const key = Object.keys(answers).find((k) => url.includes(k))!;
    return new Response(JSON.stringify(answers[key]), { headers: { 'content-type': 'application/json' } });
  };

describe('天眼查 source', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  const searchFor = (keyword: string) =>
    clueRepository.search(database.db, { keyword }, 'relevance', { page: 1, limit: 10 }, 100);

  it('reads registered capital in 万元', () => {
    expect(capitalWanOf('1342128万人民币')).toBe(1342128);
    expect(capitalWanOf('1.5亿人民币')).toBe(15000);
    expect(capitalWanOf('500000人民币')).toBe(50);
    expect(capitalWanOf('')).toBe(0);
  });

  it('caches a search, then fills scope, place and the phone from baseinfoV2 at unlock', async () => {
    const seen: string[] = [];
    const source = tianyanchaSource(
      { token: 'tyc-token', baseUrl: 'http://open.api.tianyancha.com' },
      database,
      fakeFetch({ 'search/2.0': searchAnswer, baseinfoV2: baseInfoAnswer }, seen),
    );
    await source.prepare('百度', 1);
    expect(seen[0]).toBe(
      'tyc-token http://open.api.tianyancha.com/services/open/search/2.0?word=%E7%99%BE%E5%BA%A6&pageSize=20&pageNum=1',
    );
    const found = await searchFor('百度网讯');
    expect(found.records).toHaveLength(1);
    const company = found.records[0]!;
    expect(company).toMatchObject({
      name: '北京百度网讯科技有限公司',
      capitalWan: 1342128,
      province: '北京市',
      foundedOn: '2001-06-05',
      status: '存续',
    });
    const contacts = await source.contacts(database.db, company);
    expect(contacts).toEqual([{ name: '梁志祥', role: '企业公示电话', mobile: '', phone: '010-59928888' }]);
    const after = await clueRepository.company(database.db, company.id);
    expect(after).toMatchObject({ district: '海淀区', staffBand: 5, industry: '科技推广和应用服务业' });
    // The scope is searchable once baseinfo told it.
    const byScope = await searchFor('互联网信息');
    expect(byScope.records.map((r) => r.id)).toContain(company.id);
  });

  it('answers a refusal of the API as a Chinese error', async () => {
    const source = tianyanchaSource(
      { token: 'bad', baseUrl: 'http://open.api.tianyancha.com' },
      database,
      fakeFetch({ 'search/2.0': { error_code: 300003, reason: '您的token不合法', result: null } }, []),
    );
    await expect(source.prepare('百度', 1)).rejects.toThrow('企业数据服务暂不可用：您的token不合法，请稍后重试');
    const none = tianyanchaSource(
      { token: 't', baseUrl: 'http://x' },
      database,
      fakeFetch({ 'search/2.0': { error_code: 300000, reason: '无数据' } }, []),
    );
    await expect(none.prepare('无此企业', 1)).resolves.toBeUndefined();
  });
});
