-- The industry dictionary (行业, issue 18: the agent's get-industry, docs/decisions/0020-resellers.md).
-- A platform-wide dictionary in dict_data (no tenant), the national economy's sections as the
-- enterprises' customers name them; kept if an operator already added one of these values.
INSERT INTO "dict_data" ("dict_type", "label", "value", "sort") VALUES
	('industry', '教育培训', 'education', 0),
	('industry', '金融保险', 'finance', 1),
	('industry', '房产家居', 'real_estate', 2),
	('industry', '汽车', 'automobile', 3),
	('industry', '医疗健康', 'healthcare', 4),
	('industry', '电商零售', 'retail', 5),
	('industry', '企业服务', 'business_services', 6),
	('industry', '互联网科技', 'internet', 7),
	('industry', '制造业', 'manufacturing', 8),
	('industry', '物流运输', 'logistics', 9),
	('industry', '旅游酒店', 'travel', 10),
	('industry', '本地生活', 'local_services', 11),
	('industry', '政务与公共事业', 'public', 12),
	('industry', '其他', 'other', 13)
ON CONFLICT ("dict_type", "value") DO NOTHING;
