import { clueIndustries, clueRegionTriples } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { rowsOf } from '../db/client.js';

/**
 * 模拟企业库 (开发用): the development source's companies, generated in the database by one INSERT over
 * generate_series (a million rows in about a minute on a PostgreSQL server), deterministic from the
 * row number `n` so the same number is always the same company. Every credit code carries 'MA' and
 * the number, and the source column says 'dev'; the screens name the source 模拟企业库（开发用）.
 */

const brands =
  '华信 宏达 鑫源 瑞丰 嘉禾 恒通 远航 新锐 博创 金石 天工 东方 中科 联创 汇智 盛世 卓越 昊天 永泰 佳美 正邦 明德 安达 万和 长城 海纳 九州 世纪 领航 通达 启明 锦程 合力 众诚 立信 天成 广源 鼎盛 润泽 凯旋 华美 德润 腾飞 星辰 蓝海 云帆 锐思 智联 睿达 益丰 泰和 同舟 信达 优品 百川 千禾 丰泽 晨光 翔宇 红星 绿洲 银河 金鹰 鸿运 富康 君和 致远 弘毅 乐途 优创'.split(
    ' ',
  );

/**
 * Per industry (clueIndustries' order), a line: its name endings, then after ' | ' its business-scope
 * phrases, space-separated as the pools above.
 */
const byIndustry = `
网络科技 信息技术 软件开发 数据科技 智能科技 | 软件开发 信息系统集成服务 数据处理和存储支持服务 互联网信息服务 人工智能应用软件开发 网络技术服务
机械制造 电子科技 新材料 精密工业 塑胶制品 | 通用设备制造 电子元器件制造 塑料制品制造 金属制品加工 模具制造 工业自动控制系统装置制造
商贸 贸易 电子商务 食品销售 供应链管理 | 日用百货销售 食品销售 五金产品批发 电子产品销售 服装服饰零售 货物进出口
建设工程 建筑工程 装饰工程 市政工程 建材 | 建设工程施工 住宅室内装饰装修 市政设施管理 建筑材料销售 园林绿化工程施工 土石方工程施工
企业管理咨询 商务服务 广告传媒 人力资源 会展服务 | 企业管理咨询 广告设计、代理 人力资源服务 会议及展览服务 市场营销策划 商务信息咨询
生物科技 检测技术 环保科技 新能源科技 工程技术 | 技术服务、技术开发、技术咨询 检验检测服务 环保咨询服务 新材料技术研发 生物技术推广 工程和技术研究
餐饮管理 酒店管理 餐饮服务 食品 茶饮 | 餐饮服务 酒店管理 食品经营 外卖递送服务 餐饮管理 会议服务
物流 供应链 运输 仓储服务 国际货运代理 | 道路货物运输 国内货物运输代理 普通货物仓储服务 国际货物运输代理 装卸搬运 供应链管理服务
房地产开发 物业管理 置业 房产经纪 地产 | 房地产开发经营 物业管理 房地产经纪 住房租赁 停车场服务 房地产咨询
投资管理 融资租赁 资产管理 金融信息服务 保险代理 | 以自有资金从事投资活动 融资租赁业务 资产管理服务 金融信息服务 保险代理业务 财务咨询
教育科技 培训学校 文化传播 职业技能培训 教育咨询 | 教育咨询服务 职业技能培训 文化艺术交流活动 体育培训 教育软件开发 留学咨询
医疗科技 健康管理 医药 康复中心 养老服务 | 健康咨询服务 医疗器械销售 养老服务 康复辅具适配服务 药品零售 护理机构服务
文化传媒 影视制作 体育发展 数字娱乐 演艺 | 组织文化艺术交流活动 影视节目制作 体育赛事策划 数字内容制作服务 演出经纪 图文设计制作
家政服务 汽车维修 美容美发 洗涤服务 保洁服务 | 家政服务 机动车修理和维护 美容服务 洗染服务 专业保洁、清洗、消毒服务 家用电器修理
农业科技 生态农业 农产品 种植专业合作社 养殖 | 谷物种植 蔬菜种植 农产品的生产、销售、加工 牲畜饲养 农业技术推广服务 林木育苗
能源 电力工程 燃气 水务 光伏科技 | 发电业务、输电业务 燃气经营 自来水生产与供应 太阳能发电技术服务 合同能源管理 电力设施安装
`
  .trim()
  .split('\n')
  .map((line) => line.split(' | ').map((part) => part.split(' ')) as [string[], string[]]);

const surnames =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈'.split('');
const givens =
  '伟 芳 娜 秀英 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀兰 霞 平 刚 桂英 建华 志强 海燕 晓东 文博 子涵 浩然 雨欣 思远 嘉怡 俊杰 欣怡 宇航 梓萱 天佑 诗琪 振宇'.split(
    ' ',
  );
const kinds = [
  '有限责任公司（自然人投资或控股）',
  '有限责任公司（自然人独资）',
  '股份有限公司',
  '有限责任公司（法人独资）',
  '个人独资企业',
];

/** The pools the SQL picks from, as one JSON parameter. */
const pools = () =>
  JSON.stringify({
    places: clueRegionTriples().map((t) => t.join('|')),
    industries: clueIndustries,
    endings: byIndustry.map((x) => x[0]),
    scopes: byIndustry.map((x) => x[1]),
    brands,
    surnames,
    givens,
    kinds,
  });

/** A row number's pseudo-random pick (deterministic, independent per salt): 0 ≤ h(salt) < 2^31. */
const h = (salt: number) => sql.raw(`(hashint8(n * 16 + ${salt})::bigint & 2147483647)`);
/** The same for a contact: its company's id and place. */
const hc = (salt: number) => sql.raw(`(hashint8(c.id * 64 + k * 8 + ${salt})::bigint & 2147483647)`);

/**
 * Generates companies numbered `from` .. `from + count - 1` (a number already there is skipped) and
 * their contacts. Answers the companies inserted.
 */
export const generateClueCompanies = async (db: TDb, from: number, count: number): Promise<number> => {
  const pick = (key: string, salt: number) =>
    sql`(p.j->${key}->>((${h(salt)} % jsonb_array_length(p.j->${key})))::int)`;
  const [done] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with p as (select ${pools()}::jsonb as j),
      base as (
        select n, ${pick('places', 1)} as place,
          (${h(2)} % 16)::int as ind,
          ${pick('brands', 3)} as brand, ${h(4)} as r4, ${h(5)} as r5, ${h(6)} as r6, ${h(7)} as r7, ${h(8)} as r8
        from generate_series(${from}::bigint, ${from + count - 1}::bigint) as n, p
      ),
      named as (
        select b.*, split_part(b.place, '|', 1) as province, split_part(b.place, '|', 2) as city,
          split_part(b.place, '|', 3) as district,
          p.j->'industries'->>b.ind as industry,
          regexp_replace(split_part(b.place, '|', 2), '(市|地区|自治州)$', '') || b.brand
            || (p.j->'endings'->b.ind->>(b.r4 % 5)::int)
            || case when b.r5 % 20 = 0 then '股份有限公司' else '有限公司' end as name,
          (p.j->'scopes'->b.ind->>(b.r6 % 6)::int) || '；'
            || (p.j->'scopes'->b.ind->>((b.r6 % 6 + 1 + b.r7 % 5) % 6)::int) as scope
        from base b, p
      ),
      ins as (
        insert into clue_companies (credit_code, name, kind, legal_person, capital_wan, province, city, district,
          address, industry, scope, status, founded_on, staff_band, has_mobile, source, grams)
        select '91' || lpad((r8 % 1000000)::text, 6, '0') || 'MA' || lpad(n::text, 8, '0'),
          name,
          p.j->'kinds'->>(r5 % 5)::int,
          (p.j->'surnames'->>(r6 % 48)::int) || (p.j->'givens'->>(r7 % 40)::int),
          (array[3, 10, 50, 100, 100, 200, 300, 500, 500, 1000, 1000, 2000, 5000, 10000, 50000])[1 + r4 % 15]
            * (1 + r8 % 3),
          province, city, district,
          province || city || district || (p.j->'brands'->>(r7 % 70)::int) || '路' || (1 + r8 % 300) || '号',
          industry, scope || '。（依法须经批准的项目，经相关部门批准后方可开展经营活动）',
          case when r5 % 100 < 76 then '存续' when r5 % 100 < 86 then '注销' when r5 % 100 < 91 then '吊销'
            when r5 % 100 < 93 then '迁出' when r5 % 100 < 95 then '撤销' when r5 % 100 < 97 then '停业'
            when r5 % 100 < 99 then '清算中' else '设立中' end,
          date '2025-10-31' - (r7 % 11000)::int,
          (array[0, 1, 1, 1, 2, 2, 3, 3, 4, 5])[1 + r6 % 10],
          r8 % 10 < 7,
          'dev',
          clue_grams(name || scope)
        from named, p
        on conflict (credit_code) do nothing
        returning id, legal_person, has_mobile
      ),
      contacts as (
        insert into clue_contacts (company_id, name, role, mobile, phone, sort)
        select c.id,
          case when k = 1 then c.legal_person
            else (p.j->'surnames'->>(${hc(1)} % 48)::int) || (p.j->'givens'->>(${hc(2)} % 40)::int) end,
          (array['法定代表人', '总经理', '销售经理', '采购负责人'])[k],
          case when c.has_mobile and (k = 1 or ${hc(3)} % 3 <> 0)
            then '1' || (array['38', '39', '58', '77', '86', '35', '50', '88'])[1 + ${hc(4)} % 8]
              || lpad((${hc(5)} % 100000000)::text, 8, '0')
            else '' end,
          '0' || (array['10', '21', '20', '755', '571', '25', '28', '27'])[1 + ${hc(6)} % 8] || '-'
            || (20000000 + ${hc(7)} % 70000000)::text,
          k
        from ins c, p, generate_series(1, 1 + (c.id % 3)::int) as k
      )
      select count(*)::int as n from ins`),
  );
  return done?.n ?? 0;
};
