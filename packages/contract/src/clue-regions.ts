// The provinces, their main cities and districts the company search filters by (a cascader on the
// web) and the development data set is spread over. A leaf: no other contract file.

const r = (spec: string): Record<string, string[]> =>
  Object.fromEntries(
    spec.split(';').map((city) => {
      const [name, districts] = city.split(':');
      return [name!, districts!.split(',')];
    }),
  );

/** Province → city → districts. */
export const clueRegions: Record<string, Record<string, string[]>> = {
  北京市: r('北京市:朝阳区,海淀区,丰台区,东城区,西城区,通州区'),
  上海市: r('上海市:浦东新区,徐汇区,闵行区,静安区,杨浦区,嘉定区'),
  天津市: r('天津市:和平区,南开区,河西区,滨海新区'),
  重庆市: r('重庆市:渝中区,江北区,南岸区,渝北区,九龙坡区'),
  广东省: r(
    '广州市:天河区,越秀区,海珠区,白云区,番禺区;深圳市:南山区,福田区,宝安区,龙岗区,龙华区;东莞市:南城街道,东城街道,长安镇;佛山市:禅城区,南海区,顺德区',
  ),
  浙江省: r('杭州市:西湖区,滨江区,余杭区,拱墅区,萧山区;宁波市:鄞州区,海曙区,北仑区;温州市:鹿城区,瓯海区,龙湾区'),
  江苏省: r('南京市:玄武区,鼓楼区,江宁区,建邺区;苏州市:姑苏区,工业园区,吴中区,昆山市;无锡市:梁溪区,滨湖区,新吴区'),
  山东省: r('济南市:历下区,市中区,槐荫区;青岛市:市南区,崂山区,黄岛区,城阳区;烟台市:芝罘区,莱山区'),
  四川省: r('成都市:锦江区,武侯区,高新区,青羊区,成华区;绵阳市:涪城区,游仙区'),
  湖北省: r('武汉市:江汉区,洪山区,武昌区,东西湖区;宜昌市:西陵区,伍家岗区'),
  湖南省: r('长沙市:岳麓区,芙蓉区,天心区,雨花区;株洲市:天元区,芦淞区'),
  河南省: r('郑州市:金水区,中原区,二七区,郑东新区;洛阳市:西工区,洛龙区'),
  河北省: r('石家庄市:长安区,桥西区,裕华区;唐山市:路北区,路南区'),
  福建省: r('福州市:鼓楼区,台江区,仓山区;厦门市:思明区,湖里区,集美区;泉州市:丰泽区,鲤城区,晋江市'),
  安徽省: r('合肥市:蜀山区,包河区,庐阳区,瑶海区;芜湖市:镜湖区,鸠江区'),
  陕西省: r('西安市:雁塔区,碑林区,未央区,长安区;宝鸡市:渭滨区,金台区'),
  辽宁省: r('沈阳市:和平区,沈河区,浑南区;大连市:中山区,沙河口区,甘井子区'),
  江西省: r('南昌市:东湖区,西湖区,红谷滩区;赣州市:章贡区,南康区'),
  云南省: r('昆明市:五华区,盘龙区,官渡区,西山区'),
  广西壮族自治区: r('南宁市:青秀区,兴宁区,西乡塘区;柳州市:城中区,柳南区'),
  山西省: r('太原市:小店区,迎泽区,杏花岭区'),
  黑龙江省: r('哈尔滨市:南岗区,道里区,香坊区'),
  吉林省: r('长春市:朝阳区,南关区,绿园区'),
  贵州省: r('贵阳市:云岩区,南明区,观山湖区'),
  海南省: r('海口市:龙华区,美兰区;三亚市:吉阳区,天涯区'),
  甘肃省: r('兰州市:城关区,七里河区,安宁区'),
  内蒙古自治区: r('呼和浩特市:新城区,赛罕区,回民区'),
  新疆维吾尔自治区: r('乌鲁木齐市:天山区,沙依巴克区,水磨沟区'),
  宁夏回族自治区: r('银川市:兴庆区,金凤区'),
  青海省: r('西宁市:城东区,城西区'),
  西藏自治区: r('拉萨市:城关区,堆龙德庆区'),
};

/** Every [province, city, district] of the list, in order: the development data's places. */
export const clueRegionTriples = (): [string, string, string][] =>
  Object.entries(clueRegions).flatMap(([province, cities]) =>
    Object.entries(cities).flatMap(([city, districts]) =>
      districts.map((d): [string, string, string] => [province, city, d]),
    ),
  );
