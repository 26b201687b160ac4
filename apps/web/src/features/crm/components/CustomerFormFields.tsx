import { normaliseMobile, Perm, type TCustomField } from '@yunhu/contract';
import { Col, DatePicker, Divider, Form, type FormInstance, Input, Radio, Row, Select, Switch, Typography } from 'antd';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { namedOptions, optionsOf } from '../../../shared/form/options';
import { usePermission } from '../../../shared/permission/usePermission';
import { beijingPickerNow } from '../../../shared/time/beijing';
import { useAssignees, useTags } from '../api';
import { ownerModes, type TCustomerFormValues } from '../customerForm';
import { dealOptions, levelOptions, phoneLabelOptions } from '../format';
import { CustomFieldItem } from './CustomFieldInput';
import { detailPath } from './customerColumns';
import { useMobileCheck } from './useMobileCheck';

const c = t.crm;
const MOBILE = /^1[3-9]\d{9}$/;

/** Under the mobile: 「该手机号已是张三的客户」 and a link when the customer is the user's own. */
const MobileHint = ({ mobile, excludeId }: { mobile?: string; excludeId?: number }) => {
  const check = useMobileCheck(mobile, excludeId);
  const found = check.data;
  if (!found?.isExist) return null;
  return (
    <Typography.Text type="warning" data-testid="crm-mobile-duplicate">
      {found.message}
      {found.where === 'mine' && found.customerId !== null && (
        <>
          {' '}
          <Link to={detailPath(found.customerId, 'private')}>{c.viewExisting}</Link>
        </>
      )}
    </Typography.Text>
  );
};

type TCustomerFormFieldsProps = {
  form: FormInstance<TCustomerFormValues>;
  fields: TCustomField[];
  /** Editing: the customer's own id is not a duplicate of itself. */
  excludeId?: number;
  isNew: boolean;
  /** The user may not see this customer's full mobile: it is shown, not edited. */
  maskedMobile?: string;
};

/** Built-in fields, then the tenant's custom fields; the owner choice for people who may allocate. */
export const CustomerFormFields = ({ form, fields, excludeId, isNew, maskedMobile }: TCustomerFormFieldsProps) => {
  const canAllocate = usePermission(Perm.customerAllocate);
  const tags = useTags();
  const mobile = Form.useWatch('mobile', form);
  const ownerMode = Form.useWatch('ownerMode', form);
  const assignees = useAssignees(isNew && canAllocate);
  const half = { xs: 24, md: 12 };
  return (
    <>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="name" label={c.name} rules={[{ required: true, whitespace: true, message: c.nameRequired }]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col {...half}>
          {maskedMobile !== undefined ? (
            <Form.Item label={c.mobile}>
              <Input value={maskedMobile} disabled />
            </Form.Item>
          ) : (
            <Form.Item
              name="mobile"
              label={c.mobile}
              extra={<MobileHint mobile={mobile} excludeId={excludeId} />}
              rules={[
                { required: true, message: c.mobileRequired },
                {
                  validator: (_r, v?: string) =>
                    !v || MOBILE.test(normaliseMobile(v))
                      ? Promise.resolve()
                      : Promise.reject(new Error(c.mobileInvalid)),
                },
              ]}
            >
              <Input maxLength={20} data-testid="crm-form-mobile" />
            </Form.Item>
          )}
        </Col>
        <Col {...half}>
          <Form.Item name="company" label={c.company}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="source" label={c.source}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="intentionLevel" label={c.level}>
            <Select options={levelOptions} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="tagIds" label={c.tags}>
            <Select mode="multiple" allowClear options={namedOptions(tags.data ?? [])} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="phoneLabel" label={c.phoneLabel}>
            <Select allowClear options={phoneLabelOptions} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="isDeal" label={c.deal}>
            <Radio.Group options={dealOptions} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="nextFollowAt" label={c.nextFollowAt}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              disabledDate={(d) => d.isBefore(beijingPickerNow(), 'day')}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="isProtected" label={c.protected} valuePropName="checked" extra={c.protectTip}>
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={c.address}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={c.remark}>
            <Input.TextArea rows={2} maxLength={500} showCount />
          </Form.Item>
        </Col>
      </Row>
      {fields.length > 0 && (
        <>
          <Divider titlePlacement="start">{c.customInfo}</Divider>
          <Row gutter={16}>
            {fields.map((f) => (
              <Col key={f.id} {...(f.type === 'textarea' ? { span: 24 } : half)}>
                <CustomFieldItem field={f} />
              </Col>
            ))}
          </Row>
        </>
      )}
      {isNew && canAllocate && (
        <>
          <Divider titlePlacement="start">{c.ownerChoice}</Divider>
          <Form.Item name="ownerMode">
            <Radio.Group options={optionsOf(ownerModes, c.ownerModes)} />
          </Form.Item>
          {ownerMode === 'person' && (
            <Form.Item name="ownerId" label={c.owner} rules={[{ required: true, message: c.choosePerson }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={(assignees.data ?? []).map((a) => ({
                  value: a.userId,
                  label: `${a.realName} ${c.assigneeLoad(a.owned, a.maxOwned)}`,
                }))}
              />
            </Form.Item>
          )}
        </>
      )}
    </>
  );
};
